"""Play: d+1 leads, follow suit only, the trick to the highest trump else the highest card of
the led suit in the contract's order (the ace low in nullo); the order of the errors."""

from types import SimpleNamespace

import pytest

from games.engine import RuleError
from games.engine.manni import Action, apply, legal_actions, trick_winner
from games.engine.variants import variant_get

from .positions import dealt, deck_with_cut, position, without_exchanges


def _play(state, seat, card):
    return apply(state, Action(seat=seat, type="play", card=card))


def _code(state, seat, card) -> str:
    with pytest.raises(RuleError) as error:
        _play(state, seat, card)
    return error.value.code


def test_d1_leads_the_first_trick_any_card():
    state = without_exchanges(dealt(deck_with_cut("KC"), dealer=1))

    assert (state.phase, state.deal.to_act) == ("play", 2)
    assert [action.card for action in legal_actions(state, 2)] == list(state.deal.hands[2])


def test_a_follower_holding_the_led_suit_must_follow_any_card_of_it():
    state = position([(1, "9H")], [(), (), ("2H", "AH", "KS", "3C")], cut="7S", seat=2)

    # Neither to beat the nine nor to keep the ace: any heart.
    assert [action.card for action in legal_actions(state, 2)] == ["2H", "AH"]
    assert _code(state, 2, "KS") == "must_follow_suit"
    assert _play(state, 2, "2H").deal.trick == ((1, "9H"), (2, "2H"))


def test_a_void_follower_plays_any_card_no_obligation_to_trump():
    state = position([(1, "9H")], [(), (), ("2D", "KS", "3C")], cut="7S", seat=2)

    assert [action.card for action in legal_actions(state, 2)] == ["2D", "KS", "3C"]
    assert _play(state, 2, "2D").deal.to_act == 0


def test_the_highest_trump_wins_else_the_highest_of_the_led_suit():
    assert trick_winner(((0, "AH"), (1, "2S"), (2, "KH")), "trump", "S") == 1
    assert trick_winner(((0, "AH"), (1, "2S"), (2, "3S")), "trump", "S") == 2
    assert trick_winner(((0, "TH"), (1, "AD"), (2, "KH")), "trump", "S") == 2
    assert trick_winner(((0, "TH"), (1, "AS"), (2, "KH")), "no-trump", None) == 2


def test_the_ace_is_high_in_trump_and_no_trump_and_low_in_nullo():
    trick = ((0, "AH"), (1, "2H"), (2, "KH"))

    assert trick_winner(trick, "no-trump", None) == 0
    assert trick_winner(trick, "trump", "H") == 0
    assert trick_winner(trick, "nullo", None) == 2
    assert trick_winner(((0, "AH"), (1, "2H")), "nullo", None) == 1


def test_the_winner_of_a_nullo_trick_leads_the_next():
    state = position([(1, "AH"), (2, "2H")], [("KD", "3C"), ("5D",), ("9S",)], cut="3D", seat=0)

    state = _play(state, 0, "3C")

    assert (state.deal.last_winner, state.deal.to_act, state.deal.tricks_won) == (2, 2, (0, 0, 1))
    assert state.deal.last_trick == ((1, "AH"), (2, "2H"), (0, "3C"))


def test_the_errors_come_in_the_spec_order():
    state = position([(1, "9H")], [("AS",), ("KS",), ("2H", "KD")], cut="TS", seat=2)

    # Not his turn, even with a card he does not hold.
    assert _code(state, 0, "3C") == "not_your_turn"
    assert _code(state, 2, "AS") == "card_not_available"
    assert _code(state, 2, "KD") == "must_follow_suit"
    with pytest.raises(RuleError) as error:
        _play(state, 2, "KD")
    assert error.value.message == "must follow suit with a heart: 2♥"


def test_a_whole_deal_is_twelve_tricks_of_three():
    state = without_exchanges(dealt(deck_with_cut("QH")))
    plays = 0
    while state.phase == "play":
        seat = state.deal.to_act
        state = apply(state, legal_actions(state, seat)[0])
        plays += 1

    assert plays == 36
    assert sum(state.progress.summaries[0].tricks) == 12
    assert state.phase == "dealing" and state.dealer == 1


def test_the_registry_names_the_winner_of_a_deals_last_trick_by_its_summary():
    manni = variant_get("manni")
    trick = ((0, "AH"), (1, "2H"), (2, "KS"))
    nullo = SimpleNamespace(contract="nullo", trump=None)
    spades = SimpleNamespace(contract="trump", trump="S")

    assert (manni.trick_winner(trick, nullo), manni.trick_winner(trick, spades)) == (1, 2)
    assert variant_get("manille-a-trois").trick_winner(((0, "AH"), (1, "TH")), spades) == 1
