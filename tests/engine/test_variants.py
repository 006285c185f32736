import random

import pytest

from games.engine import (
    FORMAT_SIX_DEALS,
    Action,
    deck_commitment,
    new_match,
    salt_from,
    shuffled_deck,
    variant_get,
)

from .positions import TIE_DECK, play_deal


def _six_deals_before_a_forced_roll():
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)
    for _ in range(4):
        state = play_deal(state, TIE_DECK, ["trump:S", "pass"])
    return state


def test_advance_deals_the_first_deal_with_the_rngs_deck_then_salt() -> None:
    variant = variant_get("manille-2p")
    expected_rng = random.Random(7)
    deck = shuffled_deck(expected_rng)
    salt = salt_from(expected_rng)

    state = variant.advance(variant.new_match(first_dealer=1), random.Random(7))

    assert (state.phase, state.deal.dealer, state.deal.deck) == ("trump", 1, tuple(deck))
    assert (state.deal.salt, state.deal.commitment) == (salt, deck_commitment(deck, salt))


@pytest.mark.parametrize("name", ["manille-flemish", "manille-french"])
def test_advance_deals_a_partnership_deal_and_waits_for_its_first_decision(name: str) -> None:
    variant = variant_get(name)

    state = variant.advance(variant.new_match(first_dealer=2), random.Random(3))

    assert state.phase == ("trump" if name == "manille-flemish" else "play")
    assert state.deal.dealer == 2
    assert state.deal.commitment == deck_commitment(state.deal.deck, state.deal.salt)
    assert state.deal.actions == ()


def test_advance_rolls_a_forced_deal_for_its_dealer() -> None:
    variant = variant_get("manille-2p")
    before = _six_deals_before_a_forced_roll()

    state = variant.advance(before, random.Random(5))

    assert (state.phase, state.deal_number, state.deal.dealer) == ("buque", 5, 0)
    assert state.deal.actions == (Action(seat=0, type="roll"),)
    assert (state.deal.rolled, state.deal.roll_forced) == (True, True)
    assert state.deal.salt is not None


def test_advance_leaves_a_state_waiting_for_a_seat_as_it_is() -> None:
    variant = variant_get("manille-flemish")
    state = variant.advance(variant.new_match(first_dealer=0), random.Random(1))

    assert variant.advance(state, random.Random(2)) is state


def test_advance_leaves_a_finished_match_as_it_is() -> None:
    variant = variant_get("manille-french")
    state = variant.advance(variant.new_match(first_dealer=0), random.Random(1))
    state = variant.forfeit(state, seat=0, reason="timeout")

    assert variant.advance(state, random.Random(2)) is state
