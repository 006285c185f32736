import pytest

from games.engine import CARDS, RuleError
from games.engine.partnership import Action, Phase, apply, legal_actions, seat_to_act

from .positions import act, flemish, french


def _types(state, seat: int) -> list[tuple[str, str | None]]:
    return [(action.type, action.suit) for action in legal_actions(state, seat)]


def _refusal(state, action: Action) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        apply(state, action)
    return caught.value.code, caught.value.message


DECK = list(CARDS)


def test_the_dealer_names_a_suit_or_no_trump() -> None:
    state = flemish(DECK, dealer=1)

    assert _types(state, 1) == [("trump", "S"), ("trump", "H"), ("trump", "D"), ("trump", "C")] + [
        ("trump", None)
    ]
    assert [_types(state, seat) for seat in (0, 2, 3)] == [[], [], []]


def test_naming_a_suit_keeps_the_deal_single() -> None:
    state = act(flemish(DECK), "trump:H")

    assert (state.deal.trump, state.deal.no_trump, state.deal.multiplier) == ("H", False, 1)


def test_no_trump_doubles_the_deal() -> None:
    state = act(flemish(DECK), "trump:-")

    assert (state.deal.trump, state.deal.no_trump, state.deal.blind) == (None, True, False)
    assert state.deal.multiplier == 2


def test_blind_no_trump_before_looking_multiplies_by_4() -> None:
    state = flemish(DECK, options={"blind": True})

    assert _types(state, 0) == [("look", None), ("blind", None)]
    state = act(state, "blind")

    assert (state.deal.trump, state.deal.no_trump, state.deal.blind) == (None, True, True)
    assert state.deal.multiplier == 4
    # The opponents are asked next, as after any trump.
    assert (state.phase, seat_to_act(state)) == (Phase.MEE, 1)


def test_looking_leads_to_naming_trump_and_blind_is_then_refused() -> None:
    state = act(flemish(DECK, options={"blind": True}), "look")

    assert (state.phase, seat_to_act(state)) == (Phase.TRUMP, 0)
    assert _refusal(state, Action(seat=0, type="blind")) == (
        "blind_not_allowed",
        "blind no trump is declared before looking: the dealer (seat 0) has looked",
    )


def test_blind_without_the_option_is_refused_before_the_turn_is_checked() -> None:
    state = flemish(DECK)

    assert _refusal(state, Action(seat=0, type="blind")) == (
        "blind_not_allowed",
        "blind no trump is not a rule at this table",
    )
    # Seat 3 is not to act, yet blind_not_allowed comes first (*Which error is reported*).
    assert _refusal(state, Action(seat=3, type="blind"))[0] == "blind_not_allowed"


def test_blind_after_blind_is_refused() -> None:
    state = act(flemish(DECK, options={"blind": True}), "blind")

    assert _refusal(state, Action(seat=1, type="blind")) == (
        "blind_not_allowed",
        "the dealer (seat 0) has already declared blind",
    )


def test_blind_in_the_french_game_is_refused() -> None:
    assert _refusal(french(DECK), Action(seat=1, type="blind")) == (
        "blind_not_allowed",
        "manille-french has no blind no trump",
    )


def test_blind_by_another_seat_while_the_dealer_may_go_blind_is_not_your_turn() -> None:
    state = flemish(DECK, options={"blind": True})

    assert _refusal(state, Action(seat=2, type="blind")) == (
        "not_your_turn",
        "it is seat 0's turn, not seat 2's: "
        "the dealer (seat 0) must look at his cards or declare no trump blind",
    )


def test_mee_is_asked_of_the_opponents_d1_then_d3() -> None:
    state = act(flemish(DECK, dealer=2), "trump:C")

    assert (state.phase, seat_to_act(state), _types(state, 3)) == (
        Phase.MEE,
        3,
        [("mee", None), ("pass", None)],
    )
    state = act(state, "pass")
    assert (state.phase, seat_to_act(state)) == (Phase.MEE, 1)
    state = act(state, "pass")
    # Nobody went along: d+1 leads, the deal stays single.
    assert (state.phase, seat_to_act(state), state.deal.multiplier) == (Phase.PLAY, 3, 1)


def test_the_first_mee_ends_the_asking_and_doubles_the_deal() -> None:
    state = act(flemish(DECK, dealer=2), "trump:C", "mee")

    assert (state.deal.mee, state.deal.multiplier) == (True, 2)
    # The dealer's side is asked, d+2 (the dealer's partner) then the dealer.
    assert (state.phase, seat_to_act(state), _types(state, 0)) == (
        Phase.TEGEN,
        0,
        [("tegen", None), ("pass", None)],
    )
    state = act(state, "pass")
    assert (state.phase, seat_to_act(state)) == (Phase.TEGEN, 2)
    state = act(state, "pass")
    assert (state.phase, seat_to_act(state), state.deal.multiplier) == (Phase.PLAY, 3, 2)


def test_a_mee_by_the_second_opponent_asks_the_dealers_side() -> None:
    state = act(flemish(DECK, dealer=0), "trump:C", "pass", "mee")

    assert (state.phase, seat_to_act(state), state.deal.mee) == (Phase.TEGEN, 2, True)


def test_tegen_multiplies_by_4_never_more_and_ends_the_asking() -> None:
    state = act(flemish(DECK, dealer=0), "trump:C", "mee", "pass", "tegen")

    assert (state.deal.mee, state.deal.tegen, state.deal.multiplier) == (True, True, 4)
    assert (state.phase, seat_to_act(state)) == (Phase.PLAY, 1)


def test_factors_multiply_without_a_cap() -> None:
    state = act(flemish(DECK, options={"blind": True}), "blind", "mee", "tegen")

    # Blind x4 and tegen x4 (a 30-30 carried would double it again: see the scoring tests).
    assert state.deal.multiplier == 16


def test_without_the_mee_tegen_option_play_starts_after_trump() -> None:
    state = act(flemish(DECK, dealer=3, options={"mee_tegen": False}), "trump:-")

    assert (state.phase, seat_to_act(state), state.deal.multiplier) == (Phase.PLAY, 0, 2)
    assert _refusal(state, Action(seat=0, type="mee")) == (
        "wrong_phase",
        "saying mee is not possible now: the cards are being played, seat 0 to play",
    )


def test_mee_and_tegen_are_on_by_default_and_blind_off() -> None:
    state = flemish(DECK)

    assert (state.options.blind, state.options.mee_tegen) == (False, True)


def test_an_action_of_another_phase_is_wrong_phase() -> None:
    state = flemish(DECK)

    assert _refusal(state, Action(seat=0, type="play", card="AS")) == (
        "wrong_phase",
        "playing a card is not possible now: the dealer (seat 0) must name trump or no trump",
    )
    assert _refusal(state, Action(seat=0, type="look"))[0] == "wrong_phase"
    assert _refusal(act(state, "trump:S"), Action(seat=1, type="tegen")) == (
        "wrong_phase",
        "saying tegen is not possible now: seat 1 may say mee or pass",
    )


def test_another_seat_is_not_your_turn_before_wrong_phase() -> None:
    state = act(flemish(DECK), "trump:S")

    assert _refusal(state, Action(seat=2, type="tegen")) == (
        "not_your_turn",
        "it is seat 1's turn, not seat 2's: seat 1 may say mee or pass",
    )


def test_the_french_game_has_no_announcement() -> None:
    state = french(DECK)

    assert _refusal(state, Action(seat=1, type="trump", suit="H")) == (
        "wrong_phase",
        "naming trump is not possible now: the cards are being played, seat 1 to play",
    )
    assert _refusal(state, Action(seat=1, type="mee"))[0] == "wrong_phase"


def test_the_opponents_and_the_dealers_side_have_seven_ways_to_announce() -> None:
    def count(state) -> int:
        if state.phase is Phase.PLAY:
            return 1
        return sum(
            count(apply(state, action)) for action in legal_actions(state, seat_to_act(state))
        )

    # pass-pass; mee then (tegen | pass-tegen | pass-pass), by d+1 or by d+3 after a pass.
    assert count(act(flemish(DECK), "trump:S")) == 7
    # Five trump choices times seven; with the blind option also blind then seven.
    assert count(flemish(DECK)) == 35
    assert count(flemish(DECK, options={"blind": True})) == 42
    assert count(flemish(DECK, options={"mee_tegen": False})) == 5
