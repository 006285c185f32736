import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import CARDS, POINTS, STRENGTH, replay_record, shuffled_deck
from games.engine.partnership import (
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    Phase,
    apply,
    deal_start,
    draw_first_dealer,
    forfeit,
    hidden_hand_seats,
    legal_actions,
    new_match,
    player_view,
    public_view,
    record_from_state,
    seat_to_act,
    state_from_json,
    state_to_json,
)

# Every format, and the Flemish options on and off.
CONFIGURATIONS = [
    (VARIANT_FLEMISH, "boom-101", {}),
    (VARIANT_FLEMISH, "boom-101", {"blind": True, "mee_tegen": False}),
    (VARIANT_FLEMISH, "boom-61", {"blind": True}),
    (VARIANT_FLEMISH, "boompje-12", {"mee_tegen": False}),
    (VARIANT_FRENCH, "first-to-34", None),
    (VARIANT_FRENCH, "first-to-44", None),
]


def _expected_legal_cards(view: dict) -> set[str]:
    """Derive the playable cards from the player's own view, by the spec's words (rule 3 by
    "would this trump win the trick"), independently of the engine's follower rule."""
    hand = set(view["hand"])
    trick = view["trick"]
    if not trick:
        return hand
    led = trick[0]["card"][1]
    trump = view["trump"]

    def strength(card: str) -> tuple[bool, bool, int]:
        return (card[1] == trump, card[1] == led, STRENGTH[card])

    winning = max(trick, key=lambda entry: strength(entry["card"]))
    is_partner_winning = (winning["seat"] - view["seat"]) % 2 == 0
    following = {card for card in hand if card[1] == led}
    if following:
        higher = {card for card in following if STRENGTH[card] > STRENGTH[winning["card"]]}
        if not is_partner_winning and winning["card"][1] == led and higher:
            return higher
        return following
    if is_partner_winning or trump is None:
        return hand
    winning_trumps = {
        card for card in hand if card[1] == trump and strength(card) > strength(winning["card"])
    }
    return winning_trumps or hand


def _cards_in(view: dict) -> set[str]:
    # The summaries of past deals name their turned-up cards: public, and dealt again since.
    text = json.dumps({key: value for key, value in view.items() if key != "deals"})
    return {card for card in CARDS if f'"{card}"' in text}


def _check_views(state) -> None:
    deal = state.deal
    hidden = hidden_hand_seats(state)
    # The French turned-up card is public while the dealer holds it.
    public_cards = {deal.turned_up} if deal.turned_up else set()
    for seat in range(4):
        view = player_view(state, seat)
        secret = {card for other in range(4) if other != seat for card in deal.hands[other]}
        if seat in hidden:
            secret |= set(deal.hands[seat])
        assert _cards_in(view) & (secret - public_cards) == set()
        assert view["hand_counts"] == [len(hand) for hand in deal.hands]
        assert "deck" not in view
    everything = {card for hand in deal.hands for card in hand}
    assert _cards_in(public_view(state)) & (everything - public_cards) == set()


def _check_round_trip(state) -> None:
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


def _play_match(seed: int, variant: str, format: str, options, forfeit_chance: float):
    rng = random.Random(seed)
    _draws, first_dealer = draw_first_dealer(rng)
    state = new_match(variant=variant, format=format, first_dealer=first_dealer, options=options)
    total = 68 if variant == VARIANT_FRENCH else 60
    while not state.is_finished:
        state = deal_start(state, shuffled_deck(rng))
        played: list[str] = []
        while state.phase not in (Phase.DEALING, Phase.MATCH_OVER):
            _check_views(state)
            if len(state.deal.actions) % 3 == 0:
                # Every third state (the round trip is the costly check, its form is the same).
                _check_round_trip(state)
            seat = seat_to_act(state)
            assert [legal_actions(state, other) for other in range(4) if other != seat] == [[]] * 3
            if rng.random() < forfeit_chance:
                return forfeit(state, seat=rng.randrange(4), reason="left")
            actions = legal_actions(state, seat)
            if state.phase is Phase.PLAY:
                view = player_view(state, seat)
                assert {action.card for action in actions} == _expected_legal_cards(view)
            action = rng.choice(actions)
            if action.type == "play":
                played.append(action.card)
            state = apply(state, action)
        _check_round_trip(state)
        summary = state.progress.summaries[-1]
        assert sum(summary.tricks) == 8
        assert sum(summary.card_points) == total
        assert sum(POINTS[card] for card in played) == 60
        assert len(played) == len(set(played)) == 32
        assert state.deal.hands == ((), (), (), ())
        assert min(summary.score) == 0
    return state


def _check_replay(state) -> None:
    record = record_from_state(state, players=["a", "b", "c", "d"])

    status, output = replay_record(json.dumps(record))

    assert status == 0
    assert output["deals"] == [summary.to_json() for summary in state.progress.summaries]
    assert (output["totals"], output["winner"], output["end"], output["finished"]) == (
        list(state.totals),
        state.winner,
        state.end,
        True,
    )


@settings(max_examples=18, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    configuration=st.sampled_from(CONFIGURATIONS),
)
def test_random_legal_matches_keep_every_invariant(seed: int, configuration) -> None:
    variant, format, options = configuration

    state = _play_match(seed, variant, format, options, forfeit_chance=0.0)

    assert state.winner in (0, 1)
    assert state.totals[state.winner] > state.totals[1 - state.winner]
    assert [
        sum(summary.score[team] for summary in state.progress.summaries) for team in (0, 1)
    ] == (list(state.totals))
    target = state.match_format.target
    if target is not None:
        assert state.totals[state.winner] >= target
    if format == "boompje-12":
        assert state.completed_deal_count >= 12
    _check_replay(state)


@settings(max_examples=10, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    configuration=st.sampled_from(CONFIGURATIONS),
)
def test_random_matches_cut_by_a_forfeit_replay_to_the_same_result(seed: int, configuration):
    variant, format, options = configuration

    state = _play_match(seed, variant, format, options, forfeit_chance=0.02)

    _check_replay(state)
