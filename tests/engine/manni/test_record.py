"""Records of Manni: written from a match, replayed, verified; illegal and malformed records."""

import copy
import io
import json
import random
from pathlib import Path

import pytest
from django.core.management import call_command

from games.engine import replay_record, verify_record
from games.engine.manni import CARDS
from games.engine.variants import variant_get

from .test_properties import random_exchange

MANNI = variant_get("manni")
PLAYERS = ["ann", "bob", "cat"]


def _match(seed: int, *, deals: int | None = None):
    rng = random.Random(seed)
    state = MANNI.advance(MANNI.new_match(first_dealer=seed % 3), rng)
    while not state.is_finished and (deals is None or len(state.progress.summaries) < deals):
        seat = MANNI.seat_to_act(state)
        if state.phase == "exchange":
            action = random_exchange(state, seat, rng)
        else:
            action = rng.choice(MANNI.legal_actions(state, seat))
        state = MANNI.advance(MANNI.apply(state, action), rng)
    return state


def _record(seed: int = 1, **arguments) -> dict:
    return MANNI.record_from_state(_match(seed, **arguments), players=PLAYERS)


def test_a_record_replays_to_the_match_it_was_written_from():
    state = _match(2)
    record = MANNI.record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert set(record) == {"variant", "format", "players", "first_dealer", "deals"}
    assert (record["variant"], record["format"]) == ("manni", "manni-10")
    deal = record["deals"][0]
    assert sorted(deal["deck"]) == sorted(CARDS)
    assert [action["type"] for action in deal["actions"][:4]] == ["exchange"] * 3 + ["play"]
    assert status == 0
    assert output == {
        "ok": True,
        "deals": [summary.to_json() for summary in state.progress.summaries],
        "totals": list(state.totals),
        "finished": True,
        "winner": state.winner,
        "plus": list(state.plus),
        "minus": list(state.minus),
        "loser": None,
        "end": None,
    }
    assert set(output["deals"][0]) == {
        "dealer", "cut", "contract", "trump", "exchanged", "tricks", "plus", "minus", "score",
        "complete",
    }  # fmt: skip
    assert verify_record(record)[0] == 0


def test_a_forfeit_names_the_loser_and_keeps_the_deal_cut_short():
    state = MANNI.state_from_json(
        MANNI.state_to_json(MANNI.forfeit(_match(3, deals=1), seat=1, reason="timeout"))
    )
    record = MANNI.record_from_state(state, players=PLAYERS)

    status, output = replay_record(record)

    assert status == 0
    assert (output["loser"], output["end"]) == (
        1,
        {"type": "forfeit", "seat": 1, "reason": "timeout"},
    )
    assert output["winner"] == state.winner
    assert output["deals"][-1]["complete"] is False


def _illegal(record, deal, action, replacement):
    broken = copy.deepcopy(record)
    broken["deals"][deal]["actions"][action] = replacement
    return replay_record(broken)


def test_illegal_actions_are_reported_at_their_deal_and_action_with_their_code():
    record = _record(1)
    deal = record["deals"][1]
    dealer = deal["dealer"]
    first, second = (dealer + 1) % 3, (dealer + 2) % 3
    hand_cards = [deal["deck"][index] for index in (4, 5, 6, 17, 18, 19, 30, 31)]
    not_held = deal["deck"][7]

    cases = [
        (0, {"seat": second, "type": "exchange", "cards": []}, "not_your_turn"),
        (0, {"seat": first, "type": "play", "card": hand_cards[0]}, "wrong_phase"),
        (0, {"seat": first, "type": "exchange", "cards": hand_cards}, "exchange_limit"),
        (0, {"seat": first, "type": "exchange", "cards": [not_held]}, "card_not_available"),
        (
            0,
            {"seat": first, "type": "exchange", "cards": [*hand_cards, not_held]},
            "card_not_available",
        ),
    ]
    for action, replacement, code in cases:
        status, output = _illegal(record, 1, action, replacement)
        assert (status, output["error"]["deal"], output["error"]["action"]) == (1, 1, action)
        assert output["error"]["code"] == code


def test_a_card_that_does_not_follow_suit_is_illegal_at_its_index():
    state = _match(5, deals=0)
    actions = []
    while state.phase == "exchange" or not state.deal.trick:
        seat = MANNI.seat_to_act(state)
        action = MANNI.legal_actions(state, seat)[0]
        actions.append(action.to_json())
        state = MANNI.apply(state, action)
    seat = state.deal.to_act
    led = state.deal.trick[0][1][1]
    hand = state.deal.hands[seat]
    off_suit = [card for card in hand if card[1] != led]
    # Seed 5 deals him both the led suit and another.
    assert off_suit and len(off_suit) < len(hand)
    record = MANNI.record_from_state(state, players=PLAYERS)
    record["deals"][0]["actions"].append({"seat": seat, "type": "play", "card": off_suit[0]})

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (1, 0, len(actions))
    assert output["error"]["code"] == "must_follow_suit"


@pytest.mark.parametrize(
    ("change", "code", "words"),
    [
        (lambda r: r.update(format="first-to-34"), "malformed", "is not a manni format"),
        (lambda r: r.update(options={"sevens_removed": True}), "options_not_allowed", "no option"),
        (lambda r: r.update(players=["a", "b"]), "malformed", "three names"),
        (lambda r: r["deals"][0].update(deck=list(CARDS[:32])), "malformed", "52 cards"),
        (lambda r: r["deals"][0]["deck"].__setitem__(0, r["deals"][0]["deck"][1]), "malformed",
         "duplicate"),
        (lambda r: r["deals"][0]["actions"][0].update(cards="AS"), "malformed", "list of cards"),
        (lambda r: r["deals"][0]["actions"][0].update(cards=["AS", "AS"]), "malformed", "once"),
        (lambda r: r["deals"][0]["actions"][0].pop("cards"), "malformed", "needs its cards"),
        (lambda r: r["deals"][0]["actions"][3].update(cards=[]), "malformed", "has no cards"),
        (lambda r: r["deals"][0].update(dealer=(r["first_dealer"] + 1) % 3), "malformed",
         "out of turn"),
        (lambda r: r.update(end={"type": "forfeit", "seat": 0, "reason": "left"}), "malformed",
         "already won"),
    ],
)  # fmt: skip
def test_a_malformed_record_has_no_indices_and_exit_status_2(change, code, words):
    record = _record(1)
    change(record)

    status, output = replay_record(record)

    assert (status, output["error"]["deal"], output["error"]["action"]) == (2, None, None)
    assert output["error"]["code"] == code
    assert words in output["error"]["message"]


def _command(name: str, path: str, *arguments: str) -> tuple[int, dict]:
    out = io.StringIO()
    status = 0
    try:
        call_command(name, path, *arguments, stdout=out)
    except SystemExit as exit_:
        status = exit_.code
    return status, json.loads(out.getvalue())


def test_the_replay_command_replays_and_verifies_a_match(tmp_path: Path):
    state = _match(6)
    path = tmp_path / "manni.json"
    path.write_text(json.dumps(MANNI.record_from_state(state, players=PLAYERS)), encoding="utf-8")

    replayed = _command("replay", str(path))
    verified = _command("replay", str(path), "--verify")

    assert replayed[0] == 0
    assert (replayed[1]["totals"], replayed[1]["winner"]) == (list(state.totals), state.winner)
    assert verified[0] == 0
    assert verified[1]["verified"] is True
    assert len(verified[1]["commitments"]) == len(state.progress.records)
    # The two cards at the bottom of the first deal's Manni, never drawn in it, swapped: the
    # deal replays the same, but it is not the deck committed to.
    record = json.loads(path.read_text(encoding="utf-8"))
    deck = record["deals"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    path.write_text(json.dumps(record), encoding="utf-8")
    status, output = _command("replay", str(path), "--verify")
    assert (status, output["error"]["deal"], output["error"]["code"]) == (
        3,
        0,
        "commitment_mismatch",
    )
