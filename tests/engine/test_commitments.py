import hashlib
import json
import random
from pathlib import Path

import pytest

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    RuleError,
    commitment_is_valid,
    deal_start,
    deck_commitment,
    new_match,
    record_from_state,
    replay_record,
    salt_from,
    state_from_json,
    state_to_json,
    variant_get,
    verify_record,
)
from games.engine.partnership import VARIANT_FLEMISH
from games.engine.partnership import deal_start as partnership_deal_start
from games.engine.partnership import new_match as partnership_new_match

from .records import legal_record

SALT = "0123456789abcdef" * 4
# docs/engine.md, *Verifiable deals*: the worked example (the 32 cards in canonical order).
CANONICAL_COMMITMENT = "74bd095eb3838f01d9db31f2c35308a26b27539521e05181eb19d54dd873f4c7"
STORED_STATES = Path(__file__).with_name("states_before_commitments.json")


def _played(name: str, seed: int):
    """Return a match of `name` played at random to its end, every deal dealt by `advance`."""
    variant = variant_get(name)
    rng = random.Random(seed)
    state = variant.advance(variant.new_match(first_dealer=seed % variant.seat_count), rng)
    while not state.is_finished:
        action = rng.choice(variant.legal_actions(state, variant.seat_to_act(state)))
        state = variant.advance(variant.apply(state, action), rng)
    return variant, state


def _record(name: str, seed: int) -> dict:
    variant, state = _played(name, seed)
    return variant.record_from_state(state, players=[f"p{seat}" for seat in variant.seats])


def test_the_commitment_is_the_sha256_of_the_prefixed_salt_and_deck() -> None:
    text = "cartomaniak-deck-v1|" + SALT + "|" + ",".join(CARDS)

    assert deck_commitment(list(CARDS), SALT) == hashlib.sha256(text.encode()).hexdigest()
    assert deck_commitment(list(CARDS), SALT) == CANONICAL_COMMITMENT


def test_a_salt_is_256_bits_of_the_random_source_in_lowercase_hex() -> None:
    salt = salt_from(random.Random(1))

    assert salt == format(random.Random(1).getrandbits(256), "064x")
    assert salt == "1e2feb89414c343c1027c4d1c386bbc4cd613e30d8f16adf91b7584a2265b1f5"


@pytest.mark.parametrize("salt", [SALT.upper(), SALT[:-1], SALT + "0", 12, None])
def test_a_salt_of_another_shape_gives_no_commitment(salt) -> None:
    with pytest.raises(RuleError) as caught:
        deck_commitment(list(CARDS), salt)

    assert caught.value.code == "malformed"
    assert caught.value.message == (
        f"a salt is 64 lowercase hexadecimal digits (256 bits), not {salt!r}"
    )


def test_a_commitment_is_valid_only_for_its_deck_and_salt() -> None:
    swapped = list(CARDS)
    swapped[0], swapped[1] = swapped[1], swapped[0]

    assert commitment_is_valid(list(CARDS), SALT, CANONICAL_COMMITMENT) is True
    assert commitment_is_valid(swapped, SALT, CANONICAL_COMMITMENT) is False
    assert commitment_is_valid(list(CARDS), "f" + SALT[1:], CANONICAL_COMMITMENT) is False
    assert commitment_is_valid(list(CARDS), None, CANONICAL_COMMITMENT) is False
    assert commitment_is_valid(list(CARDS), SALT, CANONICAL_COMMITMENT.upper()) is False


def test_a_deal_started_with_a_salt_keeps_it_and_its_commitment() -> None:
    two_player = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), list(CARDS), salt=SALT
    )
    flemish = partnership_deal_start(
        partnership_new_match(variant=VARIANT_FLEMISH, first_dealer=0), list(CARDS), salt=SALT
    )

    assert (two_player.deal.salt, two_player.deal.commitment) == (SALT, CANONICAL_COMMITMENT)
    assert (flemish.deal.salt, flemish.deal.commitment) == (SALT, CANONICAL_COMMITMENT)


def test_a_deal_started_without_a_salt_has_no_commitment() -> None:
    state = deal_start(new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), list(CARDS))

    assert (state.deal.salt, state.deal.commitment) == (None, None)
    assert "salt" not in state_to_json(state)["deal"]
    assert "commitment" not in state_to_json(state)["deal"]


def test_a_deal_started_with_a_badly_shaped_salt_is_malformed() -> None:
    before = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)

    with pytest.raises(RuleError) as caught:
        deal_start(before, list(CARDS), salt="not a salt")

    assert caught.value.code == "malformed"
    assert before.phase == "dealing"


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_salts_and_commitments_round_trip_through_the_state_json(name: str) -> None:
    variant, state = _played(name, 3)
    text = json.dumps(variant.state_to_json(state), sort_keys=True)

    restored = variant.state_from_json(json.loads(text))

    assert restored == state
    assert [record.salt is not None for record in restored.progress.records] == [
        True for _record in state.progress.records
    ]


@pytest.mark.parametrize("name", ["manille-2p", "manille-flemish"])
def test_a_state_stored_before_commitments_loads_and_plays_on(name: str) -> None:
    stored = json.loads(STORED_STATES.read_text(encoding="utf-8"))[name]
    variant = variant_get(name)

    state = variant.state_from_json(stored)

    assert variant.state_to_json(state) == stored
    assert (state.deal.salt, state.deal.commitment) == (None, None)
    assert [record.commitment for record in state.progress.records] == [
        None for _record in stored["records"]
    ]
    assert variant.public_view(state)["commitments"] == [
        None for _deal in range(len(stored["records"]) + 1)
    ]
    seat = variant.seat_to_act(state)
    assert variant.apply(state, variant.legal_actions(state, seat)[0]).deal.commitment is None


def test_a_two_player_state_stored_before_commitments_loads_through_the_package_entry() -> None:
    stored = json.loads(STORED_STATES.read_text(encoding="utf-8"))["manille-2p"]

    assert state_to_json(state_from_json(stored)) == stored


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_the_record_carries_each_deals_salt_and_commitment(name: str) -> None:
    variant, state = _played(name, 5)

    record = variant.record_from_state(state, players=[f"p{seat}" for seat in variant.seats])

    assert [deal["commitment"] for deal in record["deals"]] == [
        deck_commitment(deal["deck"], deal["salt"]) for deal in record["deals"]
    ]
    assert [deal["salt"] for deal in record["deals"]] == [
        deal.salt for deal in state.progress.records
    ]
    assert {key for deal in record["deals"] for key in deal} == {
        "dealer",
        "commitment",
        "salt",
        "deck",
        "actions",
    }


def test_a_record_without_salts_is_written_as_before() -> None:
    record = legal_record()

    assert [sorted(deal) for deal in record["deals"]] == [["actions", "dealer", "deck"]] * 2


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_a_record_the_engine_wrote_verifies(name: str) -> None:
    record = _record(name, 11)
    replayed = replay_record(record)

    status, output = verify_record(json.dumps(record))

    assert status == 0
    assert output == {
        **replayed[1],
        "verified": True,
        "commitments": [deal["commitment"] for deal in record["deals"]],
    }
    assert replayed[0] == 0
    assert "verified" not in replayed[1]


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_two_cards_swapped_in_a_deck_fail_with_the_deals_index(name: str) -> None:
    record = _record(name, 11)
    deck = record["deals"][1]["deck"]
    # Indices 0 and 1 go to the same hand in every game: the replay stays legal.
    deck[0], deck[1] = deck[1], deck[0]
    computed = deck_commitment(deck, record["deals"][1]["salt"])

    assert replay_record(record)[0] == 0
    assert verify_record(record) == (
        3,
        {
            "ok": False,
            "error": {
                "deal": 1,
                "action": None,
                "code": "commitment_mismatch",
                "message": f"deal 1: the deck and the salt give the commitment {computed}, "
                f"not {record['deals'][1]['commitment']}: this is not the deck committed to",
            },
        },
    )


def test_a_changed_salt_fails_as_a_mismatch() -> None:
    record = _record("manille-french", 12)
    record["deals"][0]["salt"] = "0" * 64

    status, output = verify_record(record)

    assert (status, output["error"]["deal"], output["error"]["code"]) == (
        3,
        0,
        "commitment_mismatch",
    )


def test_a_record_without_salts_fails_as_missing() -> None:
    assert verify_record(legal_record()) == (
        3,
        {
            "ok": False,
            "error": {
                "deal": 0,
                "action": None,
                "code": "commitment_missing",
                "message": "deal 0 has no salt and no commitment: "
                "its deck cannot be checked against a commitment",
            },
        },
    )


def test_a_deal_with_a_null_salt_is_missing_its_salt() -> None:
    record = _record("manille-flemish", 13)
    record["deals"][-1]["salt"] = None

    status, output = verify_record(record)

    assert (status, output["error"]["deal"], output["error"]["code"]) == (
        3,
        len(record["deals"]) - 1,
        "commitment_missing",
    )
    assert output["error"]["message"].startswith(f"deal {len(record['deals']) - 1} has no salt:")
    assert replay_record(record)[0] == 0


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("salt", "ABC", "a salt is 64 lowercase hexadecimal digits, not 'ABC'"),
        ("salt", 42, "a salt is 64 lowercase hexadecimal digits, not 42"),
        (
            "commitment",
            "z" * 64,
            "a commitment is a SHA-256 digest in 64 hexadecimal digits, not '" + "z" * 64 + "'",
        ),
    ],
)
def test_a_salt_or_commitment_of_the_wrong_shape_is_malformed(key: str, value, words: str) -> None:
    record = _record("manille-2p", 14)
    record["deals"][0][key] = value
    expected = (
        2,
        {
            "ok": False,
            "error": {
                "deal": None,
                "action": None,
                "code": "malformed",
                "message": f"deal 0: {words}",
            },
        },
    )

    assert replay_record(record) == expected
    assert verify_record(record) == expected


def test_verification_reports_an_illegal_record_as_replay_does() -> None:
    record = _record("manille-2p", 15)
    record["deals"][0]["actions"][0]["seat"] = 1 - record["deals"][0]["actions"][0]["seat"]

    assert verify_record(record) == replay_record(record)
    assert verify_record(record)[0] == 1
    assert verify_record("{") == replay_record("{")


def _leaks(variant, state) -> list[str]:
    """Return what the views of `state` show and must not: a salt, a deck, wrong commitments."""
    salts = [record.salt for record in state.deal_records]
    commitments = [record.commitment for record in state.deal_records]
    leaks = []
    for view in [variant.public_view(state)] + [
        variant.player_view(state, seat) for seat in variant.seats
    ]:
        text = json.dumps(view)
        leaks.extend(f"salt in {view['phase']}" for salt in salts if salt in text)
        if '"deck"' in text:
            leaks.append(f"deck in {view['phase']}")
        if view["commitments"] != commitments:
            leaks.append(f"commitments in {view['phase']}")
    return leaks


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
@pytest.mark.parametrize("seed", [21, 22, 23])
def test_no_view_ever_holds_a_salt_or_a_deck(name: str, seed: int) -> None:
    variant = variant_get(name)
    rng = random.Random(seed)
    state = variant.new_match(first_dealer=seed % variant.seat_count)
    leaks = []
    phases = set()
    while True:
        leaks.extend(_leaks(variant, state))
        phases.add(str(state.phase))
        if state.is_finished:
            break
        if state.is_waiting_for_deal:
            state = variant.advance(state, rng)
            continue
        action = rng.choice(variant.legal_actions(state, variant.seat_to_act(state)))
        state = variant.apply(state, action)

    assert leaks == []
    assert {"dealing", "play", "match_over"} <= phases
    assert None not in variant.public_view(state)["commitments"]


@pytest.mark.parametrize(
    "name", ["manille-2p", "manille-flemish", "manille-french", "manille-parlee"]
)
def test_no_view_after_a_forfeit_holds_the_cut_deals_salt(name: str) -> None:
    variant = variant_get(name)
    rng = random.Random(31)
    state = variant.advance(variant.new_match(first_dealer=0), rng)
    for _ in range(5):
        state = variant.apply(state, variant.legal_actions(state, variant.seat_to_act(state))[0])

    state = variant.forfeit(state, seat=1, reason="left")

    assert _leaks(variant, state) == []
    assert variant.public_view(state)["commitments"] == [state.progress.records[0].commitment]


def test_the_commitment_of_the_deal_in_play_is_public_from_its_first_decision() -> None:
    variant = variant_get("manille-2p")
    state = variant.advance(variant.new_match(first_dealer=1), random.Random(4))

    assert state.phase == "trump"
    assert variant.public_view(state)["commitments"] == [state.deal.commitment]
    assert variant.player_view(state, 0)["commitments"] == [state.deal.commitment]
    assert record_from_state(state, players=["a", "b"])["deals"][0]["salt"] == state.deal.salt


def test_the_documented_worked_example_is_the_engines() -> None:
    documentation = (Path(__file__).resolve().parents[2] / "docs" / "engine.md").read_text(
        encoding="utf-8"
    )

    assert "cartomaniak-deck-v1|" + SALT + "|" + ",".join(CARDS) in documentation
    assert f"to the commitment `{deck_commitment(list(CARDS), SALT)}`" in documentation
