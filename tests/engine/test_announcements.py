import pytest

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    FORMAT_SIX_DEALS,
    Action,
    Phase,
    RuleError,
    apply,
    deal_start,
    is_roll_forced,
    legal_actions,
    new_match,
    player_view,
    seat_to_act,
)

from .positions import TIE_DECK, play_deal, started


def _types(actions: list[Action]) -> list[tuple[str, str | None]]:
    return [(action.type, action.suit) for action in actions]


def test_dealer_names_trump_or_rolls_and_the_non_dealer_waits() -> None:
    state = started(list(CARDS), dealer=1)

    assert _types(legal_actions(state, 1)) == [
        ("trump", "S"),
        ("trump", "H"),
        ("trump", "D"),
        ("trump", "C"),
        ("roll", None),
    ]
    assert legal_actions(state, 0) == []


def test_naming_trump_then_passing_starts_play_with_the_non_dealer_leading() -> None:
    state = started(list(CARDS), dealer=1)

    state = apply(state, Action(seat=1, type="trump", suit="H"))
    assert state.phase is Phase.BUQUE
    assert _types(legal_actions(state, 0)) == [("buque", None), ("pass", None)]
    state = apply(state, Action(seat=0, type="pass"))

    view = player_view(state, 0)
    assert state.phase is Phase.PLAY
    assert seat_to_act(state) == 0
    assert (view["trump"], view["rolled"], view["buque"], view["multiplier"]) == (
        "H",
        False,
        "none",
        1,
    )


def test_rolling_plays_without_trump_and_doubles() -> None:
    state = started(list(CARDS), dealer=0)

    state = apply(state, Action(seat=0, type="roll"))
    state = apply(state, Action(seat=1, type="pass"))

    view = player_view(state, 1)
    assert (view["trump"], view["rolled"], view["multiplier"]) == (None, True, 2)


def test_buque_asks_the_dealer_who_may_surbuque() -> None:
    state = started(list(CARDS), dealer=0)
    state = apply(state, Action(seat=0, type="trump", suit="S"))

    state = apply(state, Action(seat=1, type="buque"))
    assert state.phase is Phase.SURBUQUE
    assert _types(legal_actions(state, 0)) == [("surbuque", None), ("pass", None)]
    surbuqued = apply(state, Action(seat=0, type="surbuque"))
    passed = apply(state, Action(seat=0, type="pass"))

    assert (surbuqued.phase, seat_to_act(surbuqued)) == (Phase.PLAY, 1)
    assert (player_view(surbuqued, 0)["buque"], surbuqued.deal.multiplier) == ("surbuque", 4)
    assert (player_view(passed, 0)["buque"], passed.deal.multiplier) == ("buque", 2)


def test_rolled_deal_after_a_tie_has_no_surbuque_and_play_starts_at_once() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    state = deal_start(state, TIE_DECK)
    state = apply(state, Action(seat=1, type="roll"))

    state = apply(state, Action(seat=0, type="buque"))

    assert state.phase is Phase.PLAY
    assert seat_to_act(state) == 0
    assert legal_actions(state, 1) == []
    assert state.deal.multiplier == 2 * 2 * 2
    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=1, type="surbuque"))
    assert caught.value.code == "surbuque_not_allowed"
    assert caught.value.message == (
        "sur-buque is impossible in a rolled deal carrying a 30-30 doubling"
    )


def test_trump_deal_after_a_tie_still_offers_surbuque() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    state = deal_start(state, TIE_DECK)
    state = apply(state, Action(seat=1, type="trump", suit="C"))

    state = apply(state, Action(seat=0, type="buque"))

    assert state.phase is Phase.SURBUQUE
    assert apply(state, Action(seat=1, type="surbuque")).deal.multiplier == 4 * 2


def _six_deal_match_before_deal(number: int, announcements: list[list[str]]):
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)
    for index in range(number - 1):
        state = play_deal(state, TIE_DECK, announcements[index])
    return deal_start(state, TIE_DECK)


def test_six_deals_third_deal_without_a_roll_must_be_rolled() -> None:
    trump_only = [["trump:S", "pass"]] * 4
    state = _six_deal_match_before_deal(5, trump_only)

    assert (state.is_finished, state.totals, state.deal_number) == (False, (4, 4), 5)
    assert is_roll_forced(state) is True
    assert player_view(state, 0)["roll_forced"] is True
    assert legal_actions(state, 0) == [Action(seat=0, type="roll")]
    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=0, type="trump", suit="S"))
    assert caught.value.code == "roll_required"
    assert caught.value.message == (
        "seat 0 has not rolled in his first two deals: his third deal must be rolled (roll)"
    )
    rolled = apply(state, Action(seat=0, type="roll"))
    assert (rolled.deal.rolled, rolled.phase) == (True, Phase.BUQUE)
    # Both players keep seeing why this deal is rolled.
    assert [player_view(rolled, seat)["roll_forced"] for seat in (0, 1)] == [True, True]


def test_six_deals_second_player_third_deal_is_forced_too() -> None:
    state = _six_deal_match_before_deal(6, [["trump:S", "pass"]] * 4 + [["roll", "pass"]])

    # Deal 5 was forced on seat 0; deal 6 is seat 1's third deal.
    assert state.deal.dealer == 1
    assert is_roll_forced(state) is True


def test_six_deals_no_forced_roll_for_a_player_who_already_rolled() -> None:
    announcements = [
        ["roll", "pass"],
        ["trump:S", "pass"],
        ["trump:S", "pass"],
        ["trump:S", "pass"],
    ]
    state = _six_deal_match_before_deal(5, announcements)

    assert is_roll_forced(state) is False
    assert len(legal_actions(state, 0)) == 5


def test_first_to_71_never_forces_a_roll() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    for _ in range(4):
        state = play_deal(state, TIE_DECK, ["trump:S", "pass"])
    state = deal_start(state, TIE_DECK)

    assert is_roll_forced(state) is False


@pytest.mark.parametrize(
    ("action", "code", "message"),
    [
        (
            Action(seat=1, type="roll"),
            "not_your_turn",
            "it is seat 0's turn, not seat 1's: the dealer (seat 0) must name trump or roll",
        ),
        (
            Action(seat=0, type="buque"),
            "wrong_phase",
            "buquing is not possible now: the dealer (seat 0) must name trump or roll",
        ),
        (
            Action(seat=0, type="play", card="TS"),
            "wrong_phase",
            "playing a card is not possible now: the dealer (seat 0) must name trump or roll",
        ),
    ],
)
def test_announcement_errors(action: Action, code: str, message: str) -> None:
    state = started(list(CARDS), dealer=0)

    with pytest.raises(RuleError) as caught:
        apply(state, action)

    assert (caught.value.code, caught.value.message) == (code, message)


def test_no_announcement_after_play_started() -> None:
    state = started(list(CARDS), dealer=0)
    state = apply(state, Action(seat=0, type="trump", suit="S"))
    state = apply(state, Action(seat=1, type="pass"))

    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=1, type="buque"))

    assert caught.value.code == "wrong_phase"
    assert caught.value.message == (
        "buquing is not possible now: the cards are being played, seat 1 to play"
    )


def test_surbuque_after_the_first_card_of_that_deal_is_wrong_phase() -> None:
    state = new_match(format=FORMAT_FIRST_TO_71, first_dealer=0)
    state = play_deal(state, TIE_DECK, ["roll", "pass"])
    state = deal_start(state, TIE_DECK)
    state = apply(state, Action(seat=1, type="roll"))
    state = apply(state, Action(seat=0, type="buque"))
    state = apply(state, legal_actions(state, 0)[0])

    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=1, type="surbuque"))

    assert caught.value.code == "wrong_phase"
