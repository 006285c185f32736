"""The engine's replay against a second replayer written from the spec alone
(`tests/engine/reference/`): legal, illegal and malformed records of every variant, compared on
every field of the output document; and the reference itself on the spec's worked examples."""

import random

import pytest

from games.engine.variants import VARIANTS

from .reference import replay_record
from .reference.common import FRENCH_CARDS, follower_refusal
from .reference.crosscheck import crosscheck, engine_replay
from .reference.generate import CASES, CASES_BY_NAME, KINDS, record_of
from .reference.manni import deal_points

SEED = 20240611
RECORDS = 100
# The disagreements known and accepted, by variant (none: the engine agrees everywhere).
REPORTED: dict[str, set[str]] = {}


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_engine_replays_records_as_the_reference_does(case, kind):
    if case.variant not in VARIANTS:
        pytest.skip(f"the engine has no {case.variant} yet")

    tally = crosscheck(case, kind, count=RECORDS, seed=SEED, kept=RECORDS)

    unreported = [
        disagreement.describe()
        for disagreement in tally.disagreements
        if disagreement.how not in REPORTED.get(case.variant, set())
    ]
    assert unreported == []
    assert tally.compared == RECORDS
    assert tally.agreed == RECORDS - len(tally.disagreements)


def partnership_record(variant: str, action: dict) -> dict:
    """Give a record of one deal (dealer 0, the deck in canonical order) and one action."""
    record = {
        "variant": variant,
        "format": "first-to-34",
        "players": ["anna", "bert", "chloé", "dirk"],
        "first_dealer": 0,
        "deals": [{"dealer": 0, "deck": list(FRENCH_CARDS), "actions": [action]}],
    }
    if variant == "manille-mort":
        record["dummy"] = 3
        record["players"][3] = None
    return record


@pytest.mark.parametrize(
    ("variant", "kind"),
    [
        ("manille-parlee", "mee"),
        ("manille-parlee", "pass"),
        ("manille-parlee", "look"),
        ("manille-parlee", "blind"),
        ("manille-mort", "show"),
        ("manille-mort", "mee"),
    ],
)
def test_an_action_type_of_another_partnership_game_is_malformed(variant, kind):
    # manille-variants.md, *Records of all these variants*: parlée's types are ask_card,
    # ask_count, show and play, mort's play only; manille-4p.md, *Records*: an unknown type is
    # malformed.
    if variant not in VARIANTS:
        pytest.skip(f"the engine has no {variant} yet")
    record = partnership_record(variant, {"seat": 1, "type": kind})

    status, document = engine_replay(record)

    assert (status, document["error"]["deal"], document["error"]["code"]) == (2, None, "malformed")
    assert replay_record(record)[0] == 2


@pytest.mark.parametrize(("kind", "status"), [("legal", 0), ("illegal", 1), ("malformed", 2)])
def test_the_reference_replays_its_own_manille_mort_records(kind, status):
    # The generator checks each change against the reference's own replay: the reference plays
    # manille-mort whether or not the engine has it to compare with.
    rng = random.Random(f"{SEED}:manille-mort:{kind}")

    records = [record_of(CASES_BY_NAME["manille-mort"], kind, rng)[0] for _ in range(RECORDS)]

    assert {replay_record(record)[0] for record in records} == {status}


# manille-variants.md, *Trump and play*: bidder seat 2, trump ♥; the follower's hand, the cards
# allowed.
ENCHERES_FOLLOWER_EXAMPLES = [
    ([(0, "9S")], 1, ["KS", "7S", "8D"], ["KS", "7S"]),
    ([(2, "9S")], 3, ["KS", "7S", "8D"], ["KS"]),
    ([(1, "9S")], 2, ["KS", "7S", "8D"], ["KS"]),
    ([(0, "AS")], 1, ["7H", "8D"], ["7H", "8D"]),
    ([(2, "AS")], 3, ["7H", "8D"], ["7H"]),
    ([(0, "AS"), (1, "9H"), (2, "QH")], 3, ["KH", "7H", "8D"], ["KH"]),
    ([(2, "AS"), (3, "9H")], 0, ["KH", "7H", "8D"], ["KH", "7H", "8D"]),
]


@pytest.mark.parametrize(("trick", "follower", "hand", "allowed"), ENCHERES_FOLLOWER_EXAMPLES)
def test_the_reference_follower_rule_gives_the_encheres_examples(trick, follower, hand, allowed):
    def is_partner(seat):
        return follower != 2 and seat != 2

    playable = [
        card for card in hand if follower_refusal(hand, trick, "H", is_partner, card) is None
    ]

    assert playable == allowed


@pytest.mark.parametrize(
    ("hand", "card", "code"),
    [
        (["TH", "8H", "KS", "7D"], "KS", "must_follow_suit"),
        (["TH", "8H", "KS", "7D"], "8H", "must_beat"),
        (["9S", "7S", "TD"], "TD", "must_trump"),
        (["8D", "TD"], "TD", None),
    ],
)
def test_the_reference_refuses_with_the_spec_codes(hand, card, code):
    # An opponent's 9♥ led, spades trump; the follower alone (manille-4p.md, *Error codes*).
    refusal = follower_refusal(hand, [(1, "9H")], "S", lambda seat: False, card)

    assert (refusal or (None,))[0] == code


@pytest.mark.parametrize(
    ("contract", "tricks", "plus", "minus"),
    [
        ("trump", [3, 4, 5], [0, 0, 1], [1, 0, 0]),
        ("no-trump", [12, 0, 0], [8, 0, 0], [0, 4, 4]),
        ("nullo", [0, 4, 8], [4, 0, 0], [0, 0, 4]),
        ("nullo", [2, 3, 7], [2, 1, 0], [0, 0, 3]),
    ],
)
def test_the_reference_scores_the_manni_table(contract, tricks, plus, minus):
    assert deal_points(contract, tricks) == (plus, minus)
