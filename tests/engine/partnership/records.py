"""Partnership game records for the replay tests, written by the engine from played deals."""

import copy

from games.engine.partnership import (
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    VARIANT_PARLEE,
    Action,
    apply,
    deal_start,
    forfeit,
    new_match,
    record_from_state,
)

from .decks import FLEMISH_DEALERS_CAPOT, FLEMISH_TIE, FRENCH_OPPONENTS_CAPOT, FRENCH_TIE
from .positions import act, deck_for, play_deal, play_first_legal

PLAYERS = ["anna", "bert", "chloé", "dirk"]

# Dealer 0; seat 1 leads the 9♥. Seat 2 holds the T♥ and the 8♥; seat 3 has no heart and four
# trumps (spades).
FOLLOWER_DECK = deck_for(
    hands={
        1: ["9H", "AS", "KD", "QD", "JD", "9D", "8D", "7D"],
        2: ["TH", "8H", "KS", "7C", "TD", "AD", "TC", "AC"],
        3: ["7S", "8S", "9S", "JS", "KC", "QC", "JC", "9C"],
        0: ["AH", "KH", "QH", "JH", "7H", "TS", "QS", "8C"],
    }
)

FLEMISH_OUTPUT = {
    "ok": True,
    "deals": [
        {
            "dealer": 0,
            "trump": "S",
            "blind": False,
            "mee": False,
            "tegen": False,
            "turned_up": None,
            "tricks": [3, 5],
            "card_points": [30, 30],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": [0, 0],
            "complete": True,
        },
        {
            "dealer": 1,
            "trump": "S",
            "blind": False,
            "mee": True,
            "tegen": True,
            "turned_up": None,
            "tricks": [0, 8],
            "card_points": [0, 60],
            "capot": True,
            "doubled_by_tie": True,
            "multiplier": 8,
            "score": [0, 480],
            "complete": True,
        },
    ],
    "totals": [0, 480],
    "finished": True,
    "winner": 1,
    "end": None,
}

FRENCH_OUTPUT = {
    "ok": True,
    "deals": [
        {
            "dealer": 0,
            "trump": "S",
            "blind": False,
            "mee": False,
            "tegen": False,
            "turned_up": "7S",
            "tricks": [4, 4],
            "card_points": [34, 34],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": [0, 0],
            "complete": True,
        },
        {
            "dealer": 1,
            "trump": "S",
            "blind": False,
            "mee": False,
            "tegen": False,
            "turned_up": "KS",
            "tricks": [8, 0],
            "card_points": [68, 0],
            "capot": True,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": [34, 0],
            "complete": True,
        },
    ],
    "totals": [34, 0],
    "finished": True,
    "winner": 0,
    "end": None,
}


def flemish_record() -> dict:
    """A 30-30, then dealer 1's team takes a capot with mee and tegen after it: 480, won."""
    state = new_match(
        variant=VARIANT_FLEMISH, format="boom-61", first_dealer=0, options={"blind": True}
    )
    state = play_deal(state, FLEMISH_TIE, ["look", "trump:S", "pass", "pass"])
    state = play_deal(state, FLEMISH_DEALERS_CAPOT, ["look", "trump:S", "mee", "tegen"])
    return record_from_state(state, players=PLAYERS)


def french_record() -> dict:
    """A 34-34, then dealer 1's opponents (team 0) take all eight tricks: 34, won."""
    state = new_match(variant=VARIANT_FRENCH, format="first-to-34", first_dealer=0)
    state = play_deal(state, FRENCH_TIE)
    state = play_deal(state, FRENCH_OPPONENTS_CAPOT)
    return record_from_state(state, players=PLAYERS)


def one_deal_record(deck, actions: list[dict], *, variant: str = VARIANT_FLEMISH) -> dict:
    return {
        "variant": variant,
        "format": "boom-101" if variant == VARIANT_FLEMISH else "first-to-34",
        "players": PLAYERS,
        "first_dealer": 0,
        "deals": [{"dealer": 0, "deck": list(deck), "actions": actions}],
    }


def _follower(*cards_by_seat: tuple[int, str]) -> dict:
    actions = [
        {"seat": 0, "type": "trump", "suit": "S"},
        {"seat": 1, "type": "pass"},
        {"seat": 3, "type": "pass"},
        *({"seat": seat, "type": "play", "card": card} for seat, card in cards_by_seat),
    ]
    return one_deal_record(FOLLOWER_DECK, actions)


def _changed(record: dict, change) -> dict:
    record = copy.deepcopy(record)
    change(record)
    return record


def illegal_records() -> dict[str, tuple[dict, int, int, str, str]]:
    """Return {case: (record, deal index, action index, code, message)}."""
    flemish = flemish_record()
    french = french_record()
    return {
        "flemish_not_your_turn": (
            _changed(flemish, lambda record: record["deals"][1]["actions"][0].update(seat=2)),
            1,
            0,
            "not_your_turn",
            "it is seat 1's turn, not seat 2's: "
            "the dealer (seat 1) must look at his cards or declare no trump blind",
        ),
        "flemish_wrong_phase": (
            _changed(
                flemish,
                lambda record: record["deals"][0]["actions"].insert(0, {"seat": 0, "type": "mee"}),
            ),
            0,
            0,
            "wrong_phase",
            "saying mee is not possible now: "
            "the dealer (seat 0) must look at his cards or declare no trump blind",
        ),
        "flemish_blind_after_looking": (
            _changed(
                flemish,
                lambda record: record["deals"][0]["actions"].insert(
                    1, {"seat": 0, "type": "blind"}
                ),
            ),
            0,
            1,
            "blind_not_allowed",
            "blind no trump is declared before looking: the dealer (seat 0) has looked",
        ),
        "flemish_card_not_available": (
            _follower((1, "9H"), (2, "AH")),
            0,
            4,
            "card_not_available",
            "the A♥ is not in seat 2's hand; playable: T♥",
        ),
        "flemish_must_follow_suit": (
            _follower((1, "9H"), (2, "KS")),
            0,
            4,
            "must_follow_suit",
            "must follow suit with a heart higher than the 9♥: T♥",
        ),
        "flemish_must_beat": (
            _follower((1, "9H"), (2, "8H")),
            0,
            4,
            "must_beat",
            "must beat the 9♥ with a higher heart: T♥",
        ),
        "flemish_must_trump": (
            _follower((1, "9H"), (2, "TH"), (3, "KC")),
            0,
            5,
            "must_trump",
            "must trump with a spade, having no heart: J♠, 9♠, 8♠ or 7♠",
        ),
        "flemish_action_after_the_match": (
            _changed(
                flemish,
                lambda record: record["deals"][1]["actions"].append(
                    {"seat": 0, "type": "play", "card": "TS"}
                ),
            ),
            1,
            36,
            "wrong_phase",
            "playing a card is not possible now: the match is over",
        ),
        "french_not_your_turn": (
            _changed(french, lambda record: record["deals"][0]["actions"][0].update(seat=0)),
            0,
            0,
            "not_your_turn",
            "it is seat 1's turn, not seat 0's: the cards are being played, seat 1 to play",
        ),
        "french_wrong_phase": (
            _changed(
                french,
                lambda record: record["deals"][1]["actions"].insert(
                    0, {"seat": 2, "type": "trump", "suit": "H"}
                ),
            ),
            1,
            0,
            "wrong_phase",
            "naming trump is not possible now: the cards are being played, seat 2 to play",
        ),
        "french_blind": (
            _changed(
                french,
                lambda record: record["deals"][0]["actions"].insert(
                    3, {"seat": 3, "type": "blind"}
                ),
            ),
            0,
            3,
            "blind_not_allowed",
            "manille-french has no blind no trump",
        ),
        "french_must_follow_suit": (
            one_deal_record(
                deck_for(
                    VARIANT_FRENCH,
                    hands={1: ["TS"], 2: ["9S", "AH", "KH", "QH", "TD", "AD", "KD", "QD"]},
                ),
                [
                    {"seat": 1, "type": "play", "card": "TS"},
                    {"seat": 2, "type": "play", "card": "AH"},
                ],
                variant=VARIANT_FRENCH,
            ),
            0,
            1,
            "must_follow_suit",
            "must follow suit with a spade: 9♠",
        ),
    }


def malformed_records() -> dict[str, tuple[object, str, str]]:
    """Return {case: (record text or object, code, message)}."""
    flemish = flemish_record()
    french = french_record()

    def flemish_with(change) -> dict:
        return _changed(flemish, change)

    def action(deal: int, index: int, value) -> dict:
        return flemish_with(
            lambda record: record["deals"][deal]["actions"].__setitem__(index, value)
        )

    unfinished = flemish_with(lambda record: record["deals"][0]["actions"].pop())
    return {
        "bad_json": (
            '{"variant": "manille-flemish",',
            "malformed",
            "not valid JSON: Expecting property name enclosed in double quotes: "
            "line 1 column 31 (char 30)",
        ),
        "not_an_object": ("[]", "malformed", "a record is a JSON object"),
        "no_variant": (
            flemish_with(lambda record: record.pop("variant")),
            "malformed",
            "the record has no 'variant'",
        ),
        "unknown_variant": (
            flemish_with(lambda record: record.update(variant="manille-4p")),
            "malformed",
            "unknown variant 'manille-4p': one of manille-2p, manille-flemish, "
            "manille-french, manille-parlee, manille-mort, manille-a-trois, manille-encheres, "
            "manille-encheres-3, manni",
        ),
        "no_format": (
            flemish_with(lambda record: record.pop("format")),
            "malformed",
            "the record has no 'format'",
        ),
        "format_of_another_variant": (
            flemish_with(lambda record: record.update(format="first-to-34")),
            "malformed",
            "format 'first-to-34' is not a manille-flemish format: "
            "one of boom-101, boom-61, boompje-12",
        ),
        "two_player_format": (
            _changed(french, lambda record: record.update(format="first-to-71")),
            "malformed",
            "format 'first-to-71' is not a manille-french format: one of first-to-34, first-to-44",
        ),
        "two_players": (
            flemish_with(lambda record: record.update(players=["anna", "bert"])),
            "malformed",
            "players must be a list of four names",
        ),
        "first_dealer_4": (
            flemish_with(lambda record: record.update(first_dealer=4)),
            "malformed",
            "first_dealer must be 0 to 3, not 4",
        ),
        "flemish_unknown_option": (
            flemish_with(lambda record: record["options"].update(roll=True)),
            "options_not_allowed",
            "manille-flemish has no option 'roll' (its options: blind, mee_tegen)",
        ),
        "french_any_option": (
            _changed(french, lambda record: record.update(options={"blind": False})),
            "options_not_allowed",
            "manille-french has no option 'blind' (its options: none)",
        ),
        "options_not_an_object": (
            flemish_with(lambda record: record.update(options="blind")),
            "malformed",
            "options must be a JSON object, not 'blind'",
        ),
        "option_not_a_boolean": (
            flemish_with(lambda record: record["options"].update(blind="yes")),
            "malformed",
            "option 'blind' must be true or false, not 'yes'",
        ),
        "action_not_an_object": (
            action(0, 2, "pass"),
            "malformed",
            "deal 0, action 2: an action must be a JSON object, not 'pass'",
        ),
        "action_unknown_type": (
            action(0, 2, {"seat": 1, "type": "double"}),
            "malformed",
            "deal 0, action 2: unknown action type 'double': "
            "one of look, blind, trump, mee, tegen, pass, play, ask_card, ask_count, show",
        ),
        "action_seat_4": (
            action(0, 2, {"seat": 4, "type": "pass"}),
            "malformed",
            "deal 0, action 2: an action's seat must be 0 to 3, not 4",
        ),
        "action_card_missing": (
            action(1, 5, {"seat": 2, "type": "play"}),
            "malformed",
            "deal 1, action 5: a play action needs a card",
        ),
        "action_card_unknown": (
            action(1, 5, {"seat": 2, "type": "play", "card": "ZZ"}),
            "malformed",
            "deal 1, action 5: unknown card 'ZZ': rank 7 8 9 T J Q K A, suit S H D C",
        ),
        "action_suit_missing": (
            action(0, 1, {"seat": 0, "type": "trump"}),
            "malformed",
            "deal 0, action 1: a trump action needs a suit: S H D C, or null for no trump",
        ),
        "action_suit_unknown": (
            action(0, 1, {"seat": 0, "type": "trump", "suit": "X"}),
            "malformed",
            "deal 0, action 1: a trump action's suit is one of S H D C or null, not 'X'",
        ),
        "short_deck": (
            flemish_with(lambda record: record["deals"][1]["deck"].pop()),
            "malformed",
            "deal 1: a deck holds 32 cards, not 31",
        ),
        "dealer_out_of_turn": (
            flemish_with(lambda record: record["deals"][1].update(dealer=3)),
            "malformed",
            "deal 1: dealer out of turn, seat 1 deals it, not 3",
        ),
        "deal_after_an_unfinished_deal": (
            unfinished,
            "malformed",
            "deal 1: deal 0 is unfinished but another deal follows",
        ),
        "deal_after_a_won_match": (
            flemish_with(
                lambda record: record["deals"].append(
                    {"dealer": 2, "deck": list(FLEMISH_TIE), "actions": []}
                )
            ),
            "malformed",
            "deal 2: the match was already won after deal 1",
        ),
        "forfeit_after_a_won_match": (
            flemish_with(
                lambda record: record.update(end={"type": "forfeit", "seat": 3, "reason": "left"})
            ),
            "malformed",
            "the match was already won by points: it cannot end by forfeit",
        ),
        "forfeit_by_seat_4": (
            _changed(
                french,
                lambda record: record.update(end={"type": "forfeit", "seat": 4, "reason": "left"}),
            ),
            "malformed",
            'end must be {"type": "forfeit", "seat": 0 to 3, "reason": "timeout" or "left"}',
        ),
    }


# Dealer 0, clubs trump (the turned-up 7♣); seat 1 leads. Seat 3, seat 1's partner, holds the
# diamonds and the clubs' four best; seat 2 the low spades and hearts.
PARLEE_HANDS = {
    1: ["TS", "AS", "KS", "QS", "TH", "AH", "KH", "QH"],
    2: ["JS", "9S", "8S", "7S", "JH", "9H", "8H", "7H"],
    3: ["TD", "AD", "KD", "QD", "TC", "AC", "KC", "QC"],
    0: ["JD", "9D", "8D", "7D", "JC", "9C", "8C"],
}
PARLEE_DECK = deck_for(VARIANT_FRENCH, hands=PARLEE_HANDS, turned_up="7C")


def parlee_record() -> dict:
    """A parlée match cut short in its second deal: three questions in the first (seat 1
    conducts team 1, seat 2 team 0), one `show` in the second, then seat 0 leaves."""
    state = new_match(variant=VARIANT_PARLEE, first_dealer=0)
    state = deal_start(state, PARLEE_DECK)
    state = apply(state, Action(seat=1, type="ask_card", card="QC"))
    state = act(state, "TS")
    state = apply(state, Action(seat=2, type="ask_count", suit="D"))
    state = act(state, "7S", "QC", "JD", "TD", "7D")
    state = apply(state, Action(seat=1, type="ask_card", card="QC"))
    state = play_first_legal(state)
    state = deal_start(state, PARLEE_DECK)
    state = apply(state, Action(seat=2, type="show"))
    state = forfeit(act(state, "TS"), seat=0, reason="left")
    return record_from_state(state, players=PLAYERS)


PARLEE_QUESTIONS = [
    [
        {"seat": 1, "type": "ask_card", "card": "QC", "answer": True},
        {"seat": 2, "type": "ask_count", "suit": "D", "answer": 4},
        {"seat": 1, "type": "ask_card", "card": "QC", "answer": False},
    ],
    # Dealt by seat 1, the same deck gives seat 0 what seat 3 held in the first deal.
    [{"seat": 2, "type": "show", "answer": ["TD", "AD", "KD", "QD", "TC", "AC", "KC", "QC"]}],
]
