"""*Manille parlée*: *muette* plus the partners' questions (manille-variants.md, *French Manille
parlée*, Decisions 19-22)."""

import json
import random

import pytest

from games.engine import CARDS, POINTS, RuleError, replay_record, shuffled_deck
from games.engine.partnership import (
    QUESTION_TYPES,
    VARIANT_PARLEE,
    Action,
    Phase,
    Question,
    apply,
    deal_start,
    draw_first_dealer,
    forfeit,
    hidden_hand_seats,
    legal_actions,
    legal_cards,
    legal_plays,
    legal_questions,
    new_match,
    player_view,
    public_view,
    record_from_state,
    seat_to_act,
    state_from_json,
    state_to_json,
)

from .positions import act, french, play_first_legal
from .records import PARLEE_DECK, PARLEE_QUESTIONS, parlee_record

# Dealer 0, clubs trump; seat 3, seat 1's partner, holds the diamonds and the four best clubs.
DECK = PARLEE_DECK
# Trick 1: seat 1 leads the T♠, seat 2 follows, seat 3 (no spade) must trump to win and takes
# it with the Q♣, seat 0 discards. Seat 3 leads trick 2.
FIRST_TRICK = ("TS", "7S", "QC", "JD")


def _parlee(deck=DECK, *, dealer: int = 0, format: str | None = None):
    state = new_match(variant=VARIANT_PARLEE, format=format, first_dealer=dealer)
    return deal_start(state, deck)


def _ask(state, seat: int, kind: str, subject: str | None = None):
    if kind == "ask_card":
        return apply(state, Action(seat=seat, type=kind, card=subject))
    if kind == "ask_count":
        return apply(state, Action(seat=seat, type=kind, suit=subject))
    return apply(state, Action(seat=seat, type=kind))


def _refusal(state, seat: int, kind: str, subject: str | None = None) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        _ask(state, seat, kind, subject)
    return caught.value.code, caught.value.message


# --- the game --------------------------------------------------------------------------------


def test_parlee_is_muette_in_its_formats_its_deal_and_its_trump() -> None:
    muette = french(DECK)

    state = _parlee()

    assert (state.format, state.options_json) == ("first-to-34", {})
    assert state.ruleset.scoring == muette.ruleset.scoring
    assert dict(state.ruleset.formats) == dict(muette.ruleset.formats)
    assert (state.deal.hands, state.deal.trump, state.deal.turned_up) == (
        muette.deal.hands,
        muette.deal.trump,
        muette.deal.turned_up,
    )
    assert (state.phase, seat_to_act(state)) == (Phase.PLAY, 1)
    assert _parlee(format="first-to-44").match_format.target == 44


# --- asking ----------------------------------------------------------------------------------


def test_a_question_is_not_a_move_the_same_seat_still_plays() -> None:
    state = _parlee()

    asked = _ask(state, 1, "ask_card", "TD")

    assert (asked.phase, seat_to_act(asked)) == (Phase.PLAY, 1)
    assert asked.deal.hands == state.deal.hands
    assert (asked.deal.trick, asked.deal.plays) == ((), ())
    assert asked.deal.actions == (Action(seat=1, type="ask_card", card="TD"),)
    assert asked.deal.questions == (Question(1, "ask_card", "TD", None, True),)
    assert asked.deal.conductors == (None, 1)


@pytest.mark.parametrize(
    ("kind", "subject", "answer"),
    [
        ("ask_card", "TD", True),
        ("ask_card", "QC", True),
        ("ask_card", "TS", False),
        ("ask_card", "7C", False),
        ("ask_count", "D", 4),
        ("ask_count", "C", 4),
        ("ask_count", "S", 0),
        ("show", None, ("TD", "AD", "KD", "QD", "TC", "AC", "KC", "QC")),
    ],
)
def test_each_question_is_answered_from_the_partners_true_hand(kind, subject, answer) -> None:
    state = _ask(_parlee(), 1, kind, subject)

    (question,) = state.deal.questions

    assert (question.seat, question.type, question.answer) == (1, kind, answer)


def test_an_answer_is_the_hand_at_the_moment_of_the_question() -> None:
    state = _ask(_parlee(), 1, "ask_card", "QC")
    state = act(state, *FIRST_TRICK, "TD", "7D")
    state = _ask(state, 1, "ask_card", "QC")
    state = _ask(act(state, "QS", "JH", "AD", "9D"), 1, "ask_count", "D")

    assert [question.answer for question in state.deal.questions] == [True, False, 2]
    assert [question.to_json() for question in state.deal.questions] == [
        {"seat": 1, "type": "ask_card", "card": "QC", "answer": True},
        {"seat": 1, "type": "ask_card", "card": "QC", "answer": False},
        {"seat": 1, "type": "ask_count", "suit": "D", "answer": 2},
    ]


def test_the_first_leader_may_ask_before_the_first_card_and_then_plays() -> None:
    state = _ask(_parlee(), 1, "ask_count", "S")

    state = act(state, "TS")

    assert state.deal.trick == ((1, "TS"),)
    assert seat_to_act(state) == 2


def test_each_team_has_its_own_conductor() -> None:
    state = _ask(_parlee(), 1, "ask_count", "D")
    state = act(state, "TS")

    state = _ask(state, 2, "ask_card", "JD")

    assert state.deal.conductors == (2, 1)
    assert state.deal.questions[-1] == Question(2, "ask_card", "JD", None, True)


def test_the_conductor_asks_again_at_his_next_turn() -> None:
    state = _ask(_parlee(), 1, "ask_card", "QC")
    state = act(state, *FIRST_TRICK, "TD", "7D")

    state = _ask(state, 1, "show")

    assert [question.type for question in state.deal.questions] == ["ask_card", "show"]


def test_a_new_deal_has_no_conductor_and_no_question() -> None:
    state = play_first_legal(_ask(_parlee(), 1, "show"))

    state = deal_start(state, DECK)

    assert state.phase is Phase.PLAY
    assert (state.deal.questions, state.deal.conductors) == ((), (None, None))
    assert [question.type for question in state.progress.summaries[0].questions] == ["show"]
    assert state.progress.summaries[0].conductors == (None, 1)


# --- refusals, in their order ---------------------------------------------------------------


def test_a_question_when_the_deal_is_over_is_wrong_phase() -> None:
    over = play_first_legal(_parlee())
    finished = forfeit(_parlee(), seat=0, reason="left")

    assert over.phase is Phase.DEALING
    assert _refusal(over, 1, "ask_card", "TD") == (
        "wrong_phase",
        "asking the partner whether he holds a card is not possible now: "
        "the deal is over and the next one is not dealt yet",
    )
    # Before whose turn it is: no seat acts between deals.
    assert _refusal(over, 2, "show")[0] == "wrong_phase"
    assert _refusal(finished, 1, "ask_count", "H") == (
        "wrong_phase",
        "asking the partner how many cards of a suit he holds is not possible now: "
        "the match is over",
    )


def test_a_question_out_of_turn_is_not_your_turn() -> None:
    state = _parlee()

    assert _refusal(state, 2, "ask_card", "TD") == (
        "not_your_turn",
        "it is seat 1's turn, not seat 2's: the cards are being played, seat 1 to play",
    )
    # Seat 3 is not the conductor either: his turn is checked first.
    conducted = _ask(state, 1, "ask_count", "H")
    assert _refusal(conducted, 3, "show")[0] == "not_your_turn"


def test_the_partner_of_the_conductor_may_not_ask() -> None:
    state = _ask(_parlee(), 1, "ask_card", "QC")
    state = act(state, *FIRST_TRICK)

    assert seat_to_act(state) == 3
    assert _refusal(state, 3, "ask_count", "S") == (
        "not_conductor",
        "seat 1 conducts his team in this deal: only he asks, seat 3 only answers",
    )


def test_a_second_question_in_one_turn_is_question_limit() -> None:
    state = _ask(_parlee(), 1, "ask_card", "QC")

    assert _refusal(state, 1, "ask_count", "D") == (
        "question_limit",
        "seat 1 has asked his question this turn: he must play a card",
    )
    assert _refusal(state, 1, "show")[0] == "question_limit"


def test_after_a_show_the_team_asks_nothing_more() -> None:
    state = _ask(_parlee(), 1, "show")
    state = act(state, *FIRST_TRICK, "TD", "7D")

    assert seat_to_act(state) == 1
    assert _refusal(state, 1, "ask_card", "AD") == (
        "question_limit",
        "seat 3's hand is on the table: his team asks nothing more in this deal",
    )


def test_not_conductor_comes_before_question_limit() -> None:
    state = _ask(_parlee(), 1, "show")
    state = act(state, *FIRST_TRICK)

    assert _refusal(state, 3, "ask_card", "AS")[0] == "not_conductor"


def test_a_refused_question_changes_nothing() -> None:
    state = _ask(_parlee(), 1, "ask_card", "QC")
    before = state_to_json(state)

    _refusal(state, 1, "show")

    assert state_to_json(state) == before
    assert legal_actions(state, 1) == legal_plays(state, 1)


@pytest.mark.parametrize(
    "shape",
    [
        {"seat": 1, "type": "ask_card", "card": "XX"},
        {"seat": 1, "type": "ask_card", "card": None},
        {"seat": 1, "type": "ask_card"},
        {"seat": 1, "type": "ask_card", "card": "TD", "suit": "D"},
        {"seat": 1, "type": "ask_count", "suit": "X"},
        {"seat": 1, "type": "ask_count", "suit": None},
        {"seat": 1, "type": "ask_count", "card": "TD", "suit": "D"},
        {"seat": 1, "type": "show", "card": "TD"},
        {"seat": 4, "type": "show"},
    ],
)
def test_a_badly_shaped_question_is_malformed(shape: dict) -> None:
    with pytest.raises(RuleError) as caught:
        Action.from_json(shape)

    assert caught.value.code == "malformed"


@pytest.mark.parametrize(
    ("seat", "code"), [(1, "wrong_phase"), (2, "not_your_turn")], ids=["to-play", "other"]
)
def test_muette_takes_no_question(seat: int, code: str) -> None:
    state = french(DECK)

    for kind, subject in (("ask_card", "TD"), ("ask_count", "D"), ("show", None)):
        assert _refusal(state, seat, kind, subject)[0] == code
    assert legal_actions(state, 1) == legal_plays(state, 1)
    assert legal_questions(state, 1) == []


# --- legal actions ---------------------------------------------------------------------------


def test_the_seat_to_play_has_his_cards_then_the_37_questions() -> None:
    state = _parlee()

    actions = legal_actions(state, 1)

    cards = [Action(seat=1, type="play", card=card) for card in legal_cards(state.deal, 1)]
    questions = [
        *(Action(seat=1, type="ask_card", card=card) for card in CARDS),
        *(Action(seat=1, type="ask_count", suit=suit) for suit in "SHDC"),
        Action(seat=1, type="show"),
    ]
    assert actions == cards + questions
    assert legal_plays(state, 1) == cards
    assert legal_questions(state, 1) == questions
    assert [legal_actions(state, seat) for seat in (0, 2, 3)] == [[], [], []]


def test_the_questions_leave_the_legal_actions_when_they_would_be_refused() -> None:
    asked = _ask(_parlee(), 1, "ask_count", "H")
    partner_turn = act(asked, *FIRST_TRICK)
    shown = act(_ask(_parlee(), 1, "show"), *FIRST_TRICK, "TD", "7D")
    next_turn = act(asked, *FIRST_TRICK, "TD", "7D")

    assert legal_actions(asked, 1) == legal_plays(asked, 1)
    assert legal_actions(partner_turn, 3) == legal_plays(partner_turn, 3)
    assert legal_actions(shown, 1) == legal_plays(shown, 1)
    assert len(legal_questions(next_turn, 1)) == 37


# --- views -----------------------------------------------------------------------------------


def test_every_seat_and_spectator_sees_the_questions_the_shown_hand_and_the_conductors() -> None:
    state = _ask(_parlee(), 1, "show")
    state = act(state, *FIRST_TRICK)

    views = [player_view(state, seat) for seat in range(4)] + [public_view(state)]

    expected = {
        "questions": [
            {
                "seat": 1,
                "type": "show",
                "answer": ["TD", "AD", "KD", "QD", "TC", "AC", "KC", "QC"],
            }
        ],
        "shown_hands": [None, None, None, ["TD", "AD", "KD", "QD", "TC", "AC", "KC"]],
        "conductors": [None, 1],
    }
    for view in views:
        assert {key: view[key] for key in expected} == expected
    assert [view["hand"] for view in views] == [
        list(state.deal.hands[seat]) for seat in range(4)
    ] + [[]]
    assert hidden_hand_seats(state) == frozenset()


def test_the_views_before_any_question_and_between_deals() -> None:
    blank = {"questions": [], "shown_hands": [None] * 4, "conductors": [None, None]}
    over = play_first_legal(_ask(_parlee(), 1, "show"))

    for state in (_parlee(), over):
        view = public_view(state)
        assert {key: view[key] for key in blank} == blank
    assert [question["type"] for question in public_view(over)["deals"][0]["questions"]] == ["show"]


def test_muette_views_keep_their_shape() -> None:
    view = player_view(french(DECK), 1)

    assert {"questions", "shown_hands", "conductors"} & set(view) == set()


# --- whole random matches --------------------------------------------------------------------


def _without_questions_subjects(view: dict) -> dict:
    """The view less what names a card without telling where it is: the past deals' summaries,
    the cards a question asks about, and the legal questions (every card, whatever the hands)."""
    result = {key: value for key, value in view.items() if key != "deals"}
    result["questions"] = [
        {key: value for key, value in question.items() if key != "card"}
        for question in view["questions"]
    ]
    result["legal_actions"] = [
        action for action in view["legal_actions"] if action["type"] not in QUESTION_TYPES
    ]
    return result


def _cards_in(view: dict) -> set[str]:
    text = json.dumps(_without_questions_subjects(view))
    return {card for card in CARDS if f'"{card}"' in text}


def _check_views(state, shown_seats: set[int], questions: list[dict], conductors) -> None:
    deal = state.deal
    public_cards = {deal.turned_up} if deal.is_turned_up_held else set()
    shown = {card for seat in shown_seats for card in deal.hands[seat]}
    shown_hands = [
        sorted(deal.hands[seat], key=CARDS.index) if seat in shown_seats else None
        for seat in range(4)
    ]
    views = [player_view(state, seat) for seat in range(4)] + [public_view(state)]
    for seat, view in enumerate(views):
        own = set(deal.hands[seat]) if seat < 4 else set()
        secret = {card for hand in deal.hands for card in hand} - own - shown - public_cards
        assert _cards_in(view) & secret == set()
        assert (view["questions"], view["shown_hands"], view["conductors"]) == (
            questions,
            shown_hands,
            list(conductors),
        )
        assert view["hand_counts"] == [len(hand) for hand in deal.hands]
    assert hidden_hand_seats(state) == frozenset()


def _expected_answer(state, action: Action):
    hand = state.deal.hands[(action.seat + 2) % 4]
    if action.type == "ask_card":
        return action.card in hand
    if action.type == "ask_count":
        return len([card for card in hand if card[1] == action.suit])
    return sorted(hand, key=CARDS.index)


def _question_json(action: Action, answer) -> dict:
    result = {"seat": action.seat, "type": action.type}
    if action.type == "ask_card":
        result["card"] = action.card
    if action.type == "ask_count":
        result["suit"] = action.suit
    result["answer"] = answer
    return result


def _play_match(seed: int, format: str, forfeit_chance: float):
    """Play a random parlée match, a question asked whenever one may be half of the time;
    follow independently who conducts, what is shown and what each answer must be."""
    rng = random.Random(seed)
    _draws, first_dealer = draw_first_dealer(rng)
    state = new_match(variant=VARIANT_PARLEE, format=format, first_dealer=first_dealer)
    while not state.is_finished:
        state = deal_start(state, shuffled_deck(rng))
        played: list[str] = []
        questions: list[dict] = []
        conductors: list[int | None] = [None, None]
        has_shown = [False, False]
        shown_seats: set[int] = set()
        asked_in_turn = False
        while state.phase is Phase.PLAY:
            _check_views(state, shown_seats, questions, conductors)
            if rng.random() < 0.2:
                assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
            seat = seat_to_act(state)
            team = seat % 2
            may_ask = conductors[team] in (None, seat) and not has_shown[team] and not asked_in_turn
            assert bool(legal_questions(state, seat)) is may_ask
            assert legal_actions(state, seat) == legal_plays(state, seat) + legal_questions(
                state, seat
            )
            if rng.random() < forfeit_chance:
                return forfeit(state, seat=rng.randrange(4), reason="timeout")
            if may_ask and rng.random() < 0.5:
                action = rng.choice(legal_questions(state, seat))
                questions.append(_question_json(action, _expected_answer(state, action)))
                conductors[team] = seat
                asked_in_turn = True
                if action.type == "show":
                    has_shown[team] = True
                    shown_seats.add((seat + 2) % 4)
            else:
                action = rng.choice(legal_plays(state, seat))
                played.append(action.card)
                asked_in_turn = False
            state = apply(state, action)
        summary = state.progress.summaries[-1]
        assert sum(summary.tricks) == 8
        assert sum(summary.card_points) == 68
        assert sum(POINTS[card] for card in played) == 60
        assert len(played) == len(set(played)) == 32
        assert state.deal.hands == ((), (), (), ())
        assert min(summary.score) == 0
        assert [question.to_json() for question in summary.questions] == questions
        assert summary.conductors == tuple(conductors)
    return state


def _check_record(state) -> None:
    record = record_from_state(state, players=["a", "b", "c", "d"])
    question_actions = [
        action
        for deal in record["deals"]
        for action in deal["actions"]
        if action["type"] in QUESTION_TYPES
    ]
    assert all("answer" not in action for action in question_actions)

    status, output = replay_record(json.dumps(record))

    assert status == 0
    assert output["deals"] == [summary.to_json() for summary in state.progress.summaries]
    assert (output["totals"], output["winner"], output["end"], output["finished"]) == (
        list(state.totals),
        state.winner,
        state.end,
        True,
    )
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


@pytest.mark.parametrize("seed", range(6))
def test_random_matches_with_random_questions_keep_every_invariant(seed: int) -> None:
    state = _play_match(seed, "first-to-34" if seed % 2 else "first-to-44", 0.0)

    assert state.winner in (0, 1)
    assert state.totals[state.winner] >= state.match_format.target
    assert any(summary.questions for summary in state.progress.summaries)
    _check_record(state)


@pytest.mark.parametrize("seed", range(4))
def test_random_matches_cut_by_a_forfeit_replay_to_the_same_result(seed: int) -> None:
    state = _play_match(100 + seed, "first-to-34", 0.01)

    _check_record(state)


# --- the record --------------------------------------------------------------------------------


def test_a_record_writes_the_questions_in_their_place_without_answers() -> None:
    record = parlee_record()

    assert (record["variant"], record["format"], "options" in record) == (
        "manille-parlee",
        "first-to-34",
        False,
    )
    assert record["deals"][0]["actions"][:3] == [
        {"seat": 1, "type": "ask_card", "card": "QC"},
        {"seat": 1, "type": "play", "card": "TS"},
        {"seat": 2, "type": "ask_count", "suit": "D"},
    ]
    assert record["deals"][1]["actions"] == [
        {"seat": 2, "type": "show"},
        {"seat": 2, "type": "play", "card": "TS"},
    ]
    assert record["end"] == {"type": "forfeit", "seat": 0, "reason": "left"}


def test_the_replay_summaries_add_the_questions_and_the_conductors() -> None:
    status, output = replay_record(parlee_record())

    assert status == 0
    assert [deal["questions"] for deal in output["deals"]] == PARLEE_QUESTIONS
    assert [deal["conductors"] for deal in output["deals"]] == [[2, 1], [2, None]]
    assert [deal["complete"] for deal in output["deals"]] == [True, False]
    assert sum(output["deals"][0]["card_points"]) == 68
    assert set(output["deals"][0]) == {
        "dealer",
        "trump",
        "blind",
        "mee",
        "tegen",
        "turned_up",
        "tricks",
        "card_points",
        "capot",
        "doubled_by_tie",
        "multiplier",
        "score",
        "complete",
        "questions",
        "conductors",
    }
    assert (output["winner"], output["end"]) == (
        1,
        {"type": "forfeit", "seat": 0, "reason": "left"},
    )


def test_the_replay_ignores_the_answers_a_record_carries() -> None:
    record = parlee_record()
    expected = replay_record(record)
    for deal in record["deals"]:
        for action in deal["actions"]:
            if action["type"] in QUESTION_TYPES:
                # Every answer wrong, or of the wrong kind.
                action["answer"] = "peut-être"

    assert replay_record(record) == expected


def test_a_question_refused_in_a_record_is_reported_at_its_place() -> None:
    record = parlee_record()
    record["deals"][0]["actions"].insert(1, {"seat": 1, "type": "show"})

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (1, 0, 1)
    assert output["error"]["code"] == "question_limit"


def test_a_question_without_its_subject_makes_the_record_malformed() -> None:
    record = parlee_record()
    record["deals"][0]["actions"][0] = {"seat": 1, "type": "ask_card"}

    status, output = replay_record(record)

    assert (status, output["error"]["code"]) == (2, "malformed")
    assert output["error"]["message"] == "deal 0, action 0: a ask_card action needs a card"


def test_muette_summaries_have_no_questions() -> None:
    record = parlee_record()
    record["variant"] = "manille-french"
    del record["deals"][1]
    del record["end"]
    record["deals"][0]["actions"] = [
        action for action in record["deals"][0]["actions"] if action["type"] == "play"
    ]

    status, output = replay_record(record)

    assert status == 0
    assert {"questions", "conductors"} & set(output["deals"][0]) == set()


def test_a_state_with_questions_round_trips_and_its_summaries_keep_their_class() -> None:
    state = deal_start(play_first_legal(_ask(_parlee(), 1, "show")), DECK)
    state = _ask(state, 2, "ask_count", "D")

    loaded = state_from_json(json.loads(json.dumps(state_to_json(state))))

    assert loaded == state
    assert type(loaded.progress.summaries[0]) is type(state.progress.summaries[0])
    assert loaded.deal.questions == (Question(2, "ask_count", None, "D", 4),)
