"""Game records for the replay tests, written by the engine from played positions."""

import copy

from games.engine import (
    FORMAT_FIRST_TO_71,
    FORMAT_SIX_DEALS,
    Action,
    apply,
    deal_start,
    new_match,
    record_from_state,
)

from .positions import TIE_DECK, play_deal
from .test_play import BEAT_IN_HAND, FOLLOW_IN_HAND, TRUMP_IN_HAND
from .test_scoring import CAPOT_FOR_SEAT_0

PLAYERS = ["alice", "bob"]

# A 30-30 rolled deal, then seat 0's capot, rolled and buqued after the tie: 480, match won.
LEGAL_OUTPUT = {
    "ok": True,
    "deals": [
        {
            "dealer": 0,
            "trump": None,
            "rolled": True,
            "buque": "none",
            "tricks": [8, 8],
            "card_points": [30, 30],
            "capot": False,
            "doubled_by_tie": False,
            "multiplier": 2,
            "score": [0, 0],
            "complete": True,
        },
        {
            "dealer": 1,
            "trump": None,
            "rolled": True,
            "buque": "buque",
            "tricks": [16, 0],
            "card_points": [60, 0],
            "capot": True,
            "doubled_by_tie": True,
            "multiplier": 8,
            "score": [480, 0],
            "complete": True,
        },
    ],
    "totals": [480, 0],
    "finished": True,
    "winner": 0,
    "end": None,
}


def legal_record() -> dict:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    state = play_deal(state, CAPOT_FOR_SEAT_0, ["roll", "buque"])
    return record_from_state(state, players=PLAYERS)


def one_deal_record(deck, actions: list[dict], *, format: str = FORMAT_FIRST_TO_71) -> dict:
    return {
        "variant": "manille-2p",
        "format": format,
        "players": PLAYERS,
        "first_dealer": 0,
        "deals": [{"dealer": 0, "deck": list(deck), "actions": actions}],
    }


def _trump_pass_then(*cards_by_seat: tuple[int, str]) -> list[dict]:
    return [
        {"seat": 0, "type": "trump", "suit": "S"},
        {"seat": 1, "type": "pass"},
        *({"seat": seat, "type": "play", "card": card} for seat, card in cards_by_seat),
    ]


def illegal_records() -> dict[str, tuple[dict, int, int, str]]:
    """Return {code: (record, deal index, action index, message)} for each illegal action."""
    not_your_turn = legal_record()
    not_your_turn["deals"][1]["actions"][2]["seat"] = 1
    wrong_phase = legal_record()
    wrong_phase["deals"][0]["actions"].insert(0, {"seat": 0, "type": "buque"})
    surbuque = legal_record()
    surbuque["deals"][1]["actions"].insert(2, {"seat": 1, "type": "surbuque"})
    after_the_match = legal_record()
    after_the_match["deals"][1]["actions"].append({"seat": 0, "type": "play", "card": "TS"})
    roll_required = _forced_roll_record()
    return {
        "not_your_turn": (
            not_your_turn,
            1,
            2,
            "it is seat 0's turn, not seat 1's: the cards are being played, seat 0 to play",
        ),
        "wrong_phase": (
            wrong_phase,
            0,
            0,
            "buquing is not possible now: the dealer (seat 0) must name trump or roll",
        ),
        "card_not_available": (
            one_deal_record(BEAT_IN_HAND, _trump_pass_then((1, "9H"), (0, "KH"))),
            0,
            3,
            "the K♥ is not in seat 0's hand or face-up table cards; playable: T♥ or A♥",
        ),
        "must_beat": (
            one_deal_record(BEAT_IN_HAND, _trump_pass_then((1, "9H"), (0, "8H"))),
            0,
            3,
            "must beat the 9♥ with a higher heart: T♥ or A♥",
        ),
        "must_follow_suit": (
            one_deal_record(FOLLOW_IN_HAND, _trump_pass_then((1, "TH"), (0, "KS"))),
            0,
            3,
            "must follow suit with a heart: 8♥ or 7♥",
        ),
        "must_trump": (
            one_deal_record(TRUMP_IN_HAND, _trump_pass_then((1, "9H"), (0, "8D"))),
            0,
            3,
            "must trump with a spade, having no heart: K♠ or 7♠",
        ),
        "surbuque_not_allowed": (
            surbuque,
            1,
            2,
            "sur-buque is impossible in a rolled deal carrying a 30-30 doubling",
        ),
        "roll_required": (
            roll_required,
            4,
            0,
            "seat 0 has not rolled in his first two deals: his third deal must be rolled (roll)",
        ),
        "wrong_phase_after_the_match": (
            after_the_match,
            1,
            34,
            "playing a card is not possible now: the match is over",
        ),
    }


def _forced_roll_record() -> dict:
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)
    for _ in range(4):
        state = play_deal(state, TIE_DECK, ["trump:S", "pass"])
    state = deal_start(state, TIE_DECK)
    state = apply(state, Action(seat=0, type="roll"))
    record = record_from_state(state, players=PLAYERS)
    record["deals"][4]["actions"][0] = {"seat": 0, "type": "trump", "suit": "S"}
    return record


def malformed_records() -> dict[str, tuple[object, str]]:
    """Return {case: (record text or object, message)} for records that are not well-formed."""
    base = legal_record()

    def changed(change) -> dict:
        record = copy.deepcopy(base)
        change(record)
        return record

    unfinished_then_more = changed(lambda record: record["deals"][0]["actions"].pop())
    return {
        "bad_json": ('{"variant": "manille-2p",', None),
        "short_deck": (
            changed(lambda record: record["deals"][0]["deck"].pop()),
            "deal 0: a deck holds 32 cards, not 31",
        ),
        "duplicate_card": (
            changed(
                lambda record: record["deals"][1]["deck"].__setitem__(
                    0, record["deals"][1]["deck"][1]
                )
            ),
            "deal 1: duplicate cards in the deck: " + base["deals"][1]["deck"][1],
        ),
        "unknown_card_in_deck": (
            changed(lambda record: record["deals"][0]["deck"].__setitem__(5, "1S")),
            "deal 0: unknown card '1S' in the deck",
        ),
        "unknown_card_in_action": (
            changed(lambda record: record["deals"][0]["actions"][2].__setitem__("card", "ZZ")),
            "deal 0, action 2: unknown card 'ZZ': rank 7 8 9 T J Q K A, suit S H D C",
        ),
        "dealer_out_of_turn": (
            changed(lambda record: record["deals"][1].__setitem__("dealer", 0)),
            "deal 1: dealer out of turn, seat 1 deals it, not 0",
        ),
        "missing_field": (
            changed(lambda record: record.pop("first_dealer")),
            "the record has no 'first_dealer'",
        ),
        "unknown_variant": (
            changed(lambda record: record.__setitem__("variant", "manille-4p")),
            "unknown variant 'manille-4p': one of manille-2p, manille-flemish, "
            "manille-french, manille-parlee, manille-mort, manille-a-trois, manille-encheres, "
            "manille-encheres-3, manni",
        ),
        "unknown_format": (
            changed(lambda record: record.__setitem__("format", "first-to-101")),
            "unknown format 'first-to-101': one of first-to-71, six-deals",
        ),
        "forfeit_after_a_won_match": (
            changed(
                lambda record: record.__setitem__(
                    "end", {"type": "forfeit", "seat": 0, "reason": "left"}
                )
            ),
            "the match was already won by points: it cannot end by forfeit",
        ),
        "deal_after_a_won_match": (
            changed(
                lambda record: record["deals"].append(
                    {"dealer": 0, "deck": list(TIE_DECK), "actions": []}
                )
            ),
            "deal 2: the match was already won after deal 1",
        ),
        "unfinished_deal_followed_by_another": (
            unfinished_then_more,
            "deal 1: deal 0 is unfinished but another deal follows",
        ),
    }
