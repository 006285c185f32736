"""*Manille à trois avec un mort*: *muette* with three people, one playing an exposed dummy too
(manille-variants.md, *French Manille à trois avec un mort*, Decisions 17-18)."""

import json
import random

import pytest

from games.engine import RuleError, replay_record, shuffled_deck
from games.engine.partnership import (
    VARIANT_FRENCH,
    VARIANT_MORT,
    acting_seat,
    apply,
    deal_start,
    dummy_seat,
    forfeit,
    holder_of,
    legal_actions,
    new_match,
    player_view,
    public_view,
    record_from_state,
    seat_to_act,
    state_from_json,
    state_to_json,
)
from games.engine.variants import variant_get

from .decks import FRENCH_OPPONENTS_CAPOT


def _mort(deck=FRENCH_OPPONENTS_CAPOT, *, dealer: int = 0, dummy: int = 3):
    state = new_match(variant=VARIANT_MORT, first_dealer=dealer, dummy=dummy)
    return deal_start(state, deck)


def _play_first_legal(state, count: int):
    for _ in range(count):
        seat = seat_to_act(state)
        state = apply(state, legal_actions(state, seat)[0])
    return state


def _whole_match(seed: int, *, dummy: int):
    rng = random.Random(seed)
    state = new_match(variant=VARIANT_MORT, first_dealer=rng.randrange(4), dummy=dummy)
    while not state.is_finished:
        if state.is_waiting_for_deal:
            state = deal_start(state, shuffled_deck(rng))
            continue
        seat = seat_to_act(state)
        state = apply(state, rng.choice(legal_actions(state, seat)))
    return state


# --- the match and its dummy -------------------------------------------------------------------


def test_a_match_with_a_dummy_needs_its_seat_and_another_game_has_none() -> None:
    with pytest.raises(RuleError) as missing:
        new_match(variant=VARIANT_MORT, first_dealer=0)
    with pytest.raises(RuleError) as bad:
        new_match(variant=VARIANT_MORT, first_dealer=0, dummy=4)
    with pytest.raises(RuleError) as extra:
        new_match(variant=VARIANT_FRENCH, first_dealer=0, dummy=1)

    assert (missing.value.code, bad.value.code, extra.value.code) == ("malformed",) * 3


@pytest.mark.parametrize("dummy", [0, 1, 2, 3])
def test_the_holder_is_the_seat_opposite_the_dummy(dummy: int) -> None:
    state = new_match(variant=VARIANT_MORT, first_dealer=0, dummy=dummy)

    assert (dummy_seat(state), holder_of(state)) == (dummy, (dummy + 2) % 4)


def test_the_deal_is_muette_s_the_dummy_dealing_in_its_turn() -> None:
    french = deal_start(new_match(variant=VARIANT_FRENCH, first_dealer=3), FRENCH_OPPONENTS_CAPOT)
    mort = _mort(dealer=3, dummy=3)

    # The turned-up card is then in the dummy's hand; d+1 leads.
    assert mort.deal.hands == french.deal.hands
    assert mort.deal.turned_up in mort.deal.hands[3]
    assert seat_to_act(mort) == 0


# --- who acts for the dummy --------------------------------------------------------------------


def test_the_holder_acts_for_the_dummy_at_its_turn_and_only_then() -> None:
    state = _play_first_legal(_mort(dealer=1, dummy=3), 1)  # seat 2 led, the dummy (3) plays

    assert seat_to_act(state) == 3
    assert acting_seat(state, 1) == 3
    assert acting_seat(state, 0) == 0
    holder = player_view(state, 1)
    assert [action["seat"] for action in holder["legal_actions"]] == [3] * len(
        holder["legal_actions"]
    )
    assert {action["card"] for action in holder["legal_actions"]} <= set(state.deal.hands[3])
    assert player_view(state, 0)["legal_actions"] == []
    assert player_view(state, 2)["legal_actions"] == []


def test_the_holder_plays_his_own_hand_at_his_own_turn() -> None:
    state = _play_first_legal(_mort(dealer=0, dummy=3), 0)  # seat 1, the holder, leads

    assert acting_seat(state, 1) == 1
    assert {action["card"] for action in player_view(state, 1)["legal_actions"]} <= set(
        state.deal.hands[1]
    )


@pytest.mark.parametrize("seed", range(10))
def test_the_play_is_muette_s_the_dummy_its_holder_s_partner(seed: int) -> None:
    # The same decks and the same cards in a muette match: the same legal cards at every turn
    # (the follower rule sees the dummy and its holder as partners) and the same summaries.
    rng = random.Random(seed)
    first_dealer = rng.randrange(4)
    mort = new_match(variant=VARIANT_MORT, first_dealer=first_dealer, dummy=seed % 4)
    french = new_match(variant=VARIANT_FRENCH, first_dealer=first_dealer)
    while not mort.is_finished:
        if mort.is_waiting_for_deal:
            deck = shuffled_deck(rng)
            mort, french = deal_start(mort, deck), deal_start(french, deck)
            continue
        seat = seat_to_act(mort)
        legal = legal_actions(mort, seat)
        assert seat_to_act(french) == seat
        assert legal == legal_actions(french, seat)
        action = rng.choice(legal)
        mort, french = apply(mort, action), apply(french, action)

    assert mort.progress.summaries == french.progress.summaries
    assert (mort.totals, mort.winner) == (french.totals, french.winner)


# --- what each seat sees -----------------------------------------------------------------------


@pytest.mark.parametrize("viewer", [0, 1, 2, None])
def test_everyone_sees_the_dummy_face_up_from_the_deal_and_no_other_hand(viewer) -> None:
    state = _mort(dealer=2, dummy=3)

    view = public_view(state) if viewer is None else player_view(state, viewer)

    assert (view["dummy"], view["holder"]) == (3, 1)
    assert sorted(view["shown_hands"][3]) == sorted(state.deal.hands[3])
    assert view["shown_hands"][:3] == [None, None, None]
    own = [] if viewer is None else sorted(state.deal.hands[viewer])
    assert sorted(view["hand"]) == own
    # Nothing is played yet: a card of another person's hand appears nowhere (but the
    # turned-up card, which everyone sees).
    text = json.dumps(view)
    for seat in range(3):
        if seat != viewer:
            for card in state.deal.hands[seat]:
                assert card == state.deal.turned_up or f'"{card}"' not in text


def test_the_dummy_stays_face_up_as_it_plays_and_shows_nothing_before_the_deal() -> None:
    waiting = new_match(variant=VARIANT_MORT, first_dealer=0, dummy=3)
    state = _play_first_legal(_mort(dealer=0, dummy=3), 7)

    assert player_view(waiting, 0)["shown_hands"] == [None, None, None, None]
    assert sorted(player_view(state, 0)["shown_hands"][3]) == sorted(state.deal.hands[3])
    assert len(state.deal.hands[3]) < 8


# --- forfeits and the match ----------------------------------------------------------------------


def test_only_a_person_forfeits() -> None:
    state = _mort(dealer=0, dummy=3)

    with pytest.raises(RuleError) as dummy:
        forfeit(state, seat=3, reason="timeout")
    holder = forfeit(state, seat=1, reason="timeout")
    defender = forfeit(state, seat=2, reason="left")

    assert dummy.value.code == "malformed"
    assert (holder.winner, defender.winner) == (0, 1)


@pytest.mark.parametrize("seed", range(10))
def test_whole_random_matches_end_at_34_and_keep_their_dummy(seed: int) -> None:
    state = _whole_match(seed, dummy=seed % 4)

    assert max(state.totals) >= 34
    assert state.winner == state.totals.index(max(state.totals))
    assert state.options.dummy == seed % 4
    assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state


# --- the record ------------------------------------------------------------------------------


def _record(seed: int = 5, *, dummy: int = 3) -> dict:
    state = _whole_match(seed, dummy=dummy)
    players = ["ana" if seat != dummy else None for seat in range(4)]
    players = [None if name is None else f"{name}{seat}" for seat, name in enumerate(players)]
    return record_from_state(state, players=players)


@pytest.mark.parametrize("dummy", [0, 3])
def test_a_record_carries_the_dummy_and_the_replay_repeats_it(dummy: int) -> None:
    record = _record(dummy=dummy)

    status, output = replay_record(record)

    assert record["dummy"] == dummy
    assert record["players"][dummy] is None
    assert "options" not in record
    assert status == 0
    assert output["dummy"] == dummy
    assert all(action["seat"] in range(4) for deal in record["deals"] for action in deal["actions"])
    assert any(action["seat"] == dummy for action in record["deals"][0]["actions"])


@pytest.mark.parametrize(
    "change",
    [
        {"dummy": None},
        {"dummy": 4},
        {"dummy": True},
        {"dummy": "3"},
        {"players": ["a", "b", "c", "d"]},
        {"players": ["a", "b", None, None]},
        {"players": [None, "b", "c", "d"]},
        {"players": ["a", "b", "c"]},
        {"end": {"type": "forfeit", "seat": 3, "reason": "left"}},
    ],
)
def test_a_record_whose_dummy_is_wrong_is_malformed(change: dict) -> None:
    record = _record(dummy=3)
    record["deals"] = record["deals"][:1]
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:5]
    record.update(change)
    if change.get("dummy", 0) is None:
        del record["dummy"]

    status, output = replay_record(record)

    assert status == 2
    assert (output["error"]["deal"], output["error"]["action"]) == (None, None)
    assert output["error"]["code"] == "malformed"


def test_a_dummy_s_card_played_out_of_turn_is_illegal_with_its_own_seat() -> None:
    record = _record(dummy=3)
    deal = record["deals"][0]
    index = next(i for i, action in enumerate(deal["actions"]) if action["seat"] == 3)
    deal["actions"][index] = {**deal["actions"][index], "seat": 1}

    status, output = replay_record(record)

    assert status == 1
    assert (output["error"]["deal"], output["error"]["action"]) == (0, index)
    assert output["error"]["code"] == "not_your_turn"


def test_a_forfeit_by_a_person_ends_the_record() -> None:
    record = _record(dummy=3)
    record["deals"] = record["deals"][:1]
    record["deals"][0]["actions"] = record["deals"][0]["actions"][:6]
    record["end"] = {"type": "forfeit", "seat": 1, "reason": "timeout"}

    status, output = replay_record(record)

    assert status == 0
    assert (output["finished"], output["winner"], output["dummy"]) == (True, 0, 3)


def test_the_site_seats_the_dummy_at_seat_3_and_its_holder_at_seat_1() -> None:
    variant = variant_get(VARIANT_MORT)
    state = variant.advance(variant.new_match(first_dealer=2), random.Random(4))

    assert variant.dummy_seat == 3
    assert variant.person_seats == (0, 1, 2)
    assert [variant.decider_of(seat) for seat in range(4)] == [0, 1, 2, 1]
    assert state.options.dummy == 3
    assert variant_get(VARIANT_FRENCH).person_seats == (0, 1, 2, 3)
