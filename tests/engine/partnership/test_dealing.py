import pytest

from games.engine import CARDS, RuleError
from games.engine.partnership import (
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    Phase,
    deal_start,
    new_match,
    seat_to_act,
)

from .decks import FLEMISH_TIE
from .positions import FLEMISH_INDICES, FRENCH_INDICES, act, flemish, french, play_deal


def _dealt(deck: list[str], indices: list[int]) -> list[str]:
    return sorted(deck[index] for index in indices)


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_flemish_deals_3_2_3_starting_with_the_next_seat(dealer: int) -> None:
    deck = list(CARDS)

    state = flemish(deck, dealer=dealer)

    for seat in range(4):
        place = (seat - dealer) % 4
        assert sorted(state.deal.hands[seat]) == _dealt(deck, FLEMISH_INDICES[place])
    assert state.deal.hands[(dealer + 1) % 4][:3] == ("TS", "AS", "KS")
    assert (state.phase, seat_to_act(state), state.deal.trump, state.deal.turned_up) == (
        Phase.TRUMP,
        dealer,
        None,
        None,
    )


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_french_deals_4_by_4_and_turns_up_the_last_card_as_trump(dealer: int) -> None:
    deck = list(CARDS)

    state = french(deck, dealer=dealer)

    for seat in range(4):
        place = (seat - dealer) % 4
        assert sorted(state.deal.hands[seat]) == _dealt(deck, FRENCH_INDICES[place])
    # Index 31 is the 7♣: turned up, trump clubs, in the dealer's hand.
    assert (state.deal.turned_up, state.deal.trump) == ("7C", "C")
    assert "7C" in state.deal.hands[dealer]
    # No announcement: d+1 leads at once.
    assert (state.phase, seat_to_act(state)) == (Phase.PLAY, (dealer + 1) % 4)


def test_the_blind_option_makes_the_dealers_first_decision_look_or_blind() -> None:
    state = flemish(list(CARDS), dealer=2, options={"blind": True})

    assert (state.phase, seat_to_act(state)) == (Phase.LOOK, 2)


def test_the_deal_passes_to_the_next_seat_at_every_deal() -> None:
    state = new_match(variant=VARIANT_FLEMISH, format="boompje-12", first_dealer=3)
    dealers = []
    for _ in range(5):
        dealers.append(state.dealer)
        state = play_deal(state, FLEMISH_TIE, ["trump:S", "pass", "pass"])

    assert dealers == [3, 0, 1, 2, 3]
    assert [record.dealer for record in state.progress.records] == [3, 0, 1, 2, 3]


def test_a_deck_that_is_not_32_distinct_cards_is_malformed() -> None:
    state = new_match(variant=VARIANT_FRENCH, first_dealer=0)

    with pytest.raises(RuleError) as caught:
        deal_start(state, list(CARDS)[:31] + ["TS"])

    assert (caught.value.code, caught.value.message) == (
        "malformed",
        "duplicate cards in the deck: TS",
    )


def test_a_deal_cannot_start_while_one_is_in_play() -> None:
    state = act(flemish(list(CARDS)), "trump:H")

    with pytest.raises(RuleError) as caught:
        deal_start(state, list(CARDS))

    assert caught.value.code == "wrong_phase"
