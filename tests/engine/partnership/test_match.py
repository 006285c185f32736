import pytest

from games.engine import CARDS, RuleError
from games.engine.partnership import (
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    MatchFormat,
    Phase,
    forfeit,
    match_winner,
    new_match,
)

from .decks import FLEMISH_DEALERS_CAPOT, FLEMISH_TIE, FRENCH_OPPONENTS_CAPOT, FRENCH_TIE
from .positions import act, flemish, play_deal

PASSES = ["trump:S", "pass", "pass"]
BOOMPJE = MatchFormat(name="boompje-12", target=None, deal_count=12)


def test_formats_and_defaults() -> None:
    flemish_match = new_match(variant=VARIANT_FLEMISH, first_dealer=0)
    french_match = new_match(variant=VARIANT_FRENCH, first_dealer=0)

    assert (flemish_match.format, french_match.format) == ("boom-101", "first-to-34")
    assert [
        (name, fmt.target, fmt.deal_count) for name, fmt in flemish_match.ruleset.formats.items()
    ] == [("boom-101", 101, None), ("boom-61", 61, None), ("boompje-12", None, 12)]
    assert [
        (name, fmt.target, fmt.deal_count) for name, fmt in french_match.ruleset.formats.items()
    ] == [("first-to-34", 34, None), ("first-to-44", 44, None)]


@pytest.mark.parametrize(
    ("variant", "format"),
    [
        (VARIANT_FLEMISH, "first-to-34"),
        (VARIANT_FRENCH, "boom-101"),
        (VARIANT_FLEMISH, "first-to-71"),
        ("manille-4p", "boom-101"),
    ],
)
def test_a_format_of_another_game_is_refused(variant: str, format: str) -> None:
    with pytest.raises(RuleError) as caught:
        new_match(variant=variant, format=format, first_dealer=0)

    assert caught.value.code == "malformed"


def test_options_the_game_does_not_have_are_refused() -> None:
    with pytest.raises(RuleError) as flemish_caught:
        new_match(variant=VARIANT_FLEMISH, first_dealer=0, options={"roll": True})
    with pytest.raises(RuleError) as french_caught:
        new_match(variant=VARIANT_FRENCH, first_dealer=0, options={"mee_tegen": False})

    assert (flemish_caught.value.code, flemish_caught.value.message) == (
        "options_not_allowed",
        "manille-flemish has no option 'roll' (its options: blind, mee_tegen)",
    )
    assert (french_caught.value.code, french_caught.value.message) == (
        "options_not_allowed",
        "manille-french has no option 'mee_tegen' (its options: none)",
    )


@pytest.mark.parametrize(
    ("totals", "completed", "format", "winner"),
    [
        ((100, 0), 3, MatchFormat("boom-101", 101, None), None),
        ((101, 0), 3, MatchFormat("boom-101", 101, None), 0),
        ((20, 160), 3, MatchFormat("boom-101", 101, None), 1),
        ((61, 12), 3, MatchFormat("boom-61", 61, None), 0),
        ((500, 0), 11, BOOMPJE, None),  # never ends on 101
        ((5, 4), 12, BOOMPJE, 0),
        ((40, 40), 12, BOOMPJE, None),  # equal after twelve: one more deal
        ((40, 52), 13, BOOMPJE, 1),
        ((33, 0), 5, MatchFormat("first-to-34", 34, None), None),
        ((34, 10), 5, MatchFormat("first-to-34", 34, None), 0),
        ((30, 43), 5, MatchFormat("first-to-44", 44, None), None),
        ((30, 44), 5, MatchFormat("first-to-44", 44, None), 1),
    ],
)
def test_match_winner(totals, completed, format, winner) -> None:
    assert match_winner(format, totals, completed) == winner


def test_boom_101_ends_at_the_end_of_the_deal_reaching_101() -> None:
    state = new_match(variant=VARIANT_FLEMISH, format="boom-101", first_dealer=0)

    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)  # team 0: 60
    assert (state.phase, state.totals) == (Phase.DEALING, (60, 0))
    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)  # dealer 1: team 1, 60
    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)  # dealer 2: team 0, 60

    assert (state.phase, state.totals, state.winner, state.winning_seats) == (
        Phase.MATCH_OVER,
        (120, 60),
        0,
        (0, 2),
    )
    assert state.end is None


def test_boom_61_ends_at_61() -> None:
    state = new_match(variant=VARIANT_FLEMISH, format="boom-61", first_dealer=1)

    state = play_deal(state, FLEMISH_DEALERS_CAPOT, ["trump:S", "mee", "pass", "pass"])

    assert (state.is_finished, state.totals, state.winner) == (True, (0, 120), 1)


def test_boompje_plays_twelve_deals_even_past_101() -> None:
    state = new_match(variant=VARIANT_FLEMISH, format="boompje-12", first_dealer=0)

    state = play_deal(state, FLEMISH_DEALERS_CAPOT, ["trump:S", "mee", "tegen"])  # 240 to team 0
    for _ in range(10):
        state = play_deal(state, FLEMISH_TIE, PASSES)
    assert (state.phase, state.completed_deal_count, state.totals) == (Phase.DEALING, 11, (240, 0))
    state = play_deal(state, FLEMISH_TIE, PASSES)

    assert (state.is_finished, state.completed_deal_count, state.winner) == (True, 12, 0)


def test_boompje_with_equal_totals_after_twelve_goes_on_until_they_differ() -> None:
    state = new_match(variant=VARIANT_FLEMISH, format="boompje-12", first_dealer=0)
    for _ in range(13):
        state = play_deal(state, FLEMISH_TIE, PASSES)
    assert (state.phase, state.totals, state.completed_deal_count) == (Phase.DEALING, (0, 0), 13)

    state = play_deal(state, FLEMISH_DEALERS_CAPOT, PASSES)  # the 14th deal, dealer 1: team 1

    # The pending 30-30 doubles it: 120.
    assert (state.is_finished, state.totals, state.winner) == (True, (0, 120), 1)


def test_french_first_to_34_and_first_to_44() -> None:
    to_34 = new_match(variant=VARIANT_FRENCH, format="first-to-34", first_dealer=0)
    to_44 = new_match(variant=VARIANT_FRENCH, format="first-to-44", first_dealer=0)

    to_34 = play_deal(to_34, FRENCH_OPPONENTS_CAPOT)
    to_44 = play_deal(play_deal(to_44, FRENCH_TIE), FRENCH_OPPONENTS_CAPOT)

    assert (to_34.is_finished, to_34.totals, to_34.winner) == (True, (0, 34), 1)
    # Dealer 1's opponents are team 0: 34, short of 44.
    assert (to_44.is_finished, to_44.totals) == (False, (34, 0))


def test_a_forfeit_loses_the_match_for_the_forfeiting_seats_team() -> None:
    state = act(flemish(list(CARDS), dealer=1), "trump:H", "mee")

    over = forfeit(state, seat=2, reason="left")

    assert (over.phase, over.winner, over.winning_seats) == (Phase.MATCH_OVER, 1, (1, 3))
    assert over.end == {"type": "forfeit", "seat": 2, "reason": "left"}
    summary = over.progress.summaries[-1]
    assert (summary.complete, summary.score, summary.mee, summary.multiplier) == (
        False,
        (0, 0),
        True,
        2,
    )


def test_nothing_is_possible_after_the_match() -> None:
    over = forfeit(new_match(variant=VARIANT_FRENCH, first_dealer=0), seat=1, reason="timeout")

    with pytest.raises(RuleError) as caught:
        forfeit(over, seat=0, reason="left")

    assert (over.winner, over.progress.summaries) == (0, ())
    assert caught.value.code == "wrong_phase"


def test_a_forfeit_needs_a_seat_and_a_reason() -> None:
    state = new_match(variant=VARIANT_FRENCH, first_dealer=0)

    with pytest.raises(RuleError) as bad_seat:
        forfeit(state, seat=4, reason="left")
    with pytest.raises(RuleError) as bad_reason:
        forfeit(state, seat=0, reason="bored")

    assert (bad_seat.value.code, bad_reason.value.code) == ("malformed", "malformed")
