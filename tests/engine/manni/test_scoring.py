"""Scoring a deal (plus and minus points kept apart) and the match: some seat at 10 plus points,
the highest score wins, a shared highest score plays on, forfeits; the spec's worked example."""

import pytest

from games.engine.manni import deal_points, forfeit, match_winner, new_match

from .positions import dealt, deck_with_cut, finish_with_tricks


@pytest.mark.parametrize(
    ("contract", "tricks", "plus", "minus"),
    [
        ("trump", (3, 4, 5), (0, 0, 1), (1, 0, 0)),
        ("no-trump", (12, 0, 0), (8, 0, 0), (0, 4, 4)),
        ("nullo", (0, 4, 8), (4, 0, 0), (0, 0, 4)),
        ("nullo", (2, 3, 7), (2, 1, 0), (0, 0, 3)),
    ],
)
def test_every_row_of_the_spec_table(contract, tricks, plus, minus):
    assert deal_points(contract, tricks) == (plus, minus)
    assert sum(plus) == sum(minus)


@pytest.mark.parametrize(
    ("cut", "tricks", "plus", "minus"),
    [
        ("7D", (3, 4, 5), (0, 0, 1), (1, 0, 0)),
        ("AS", (12, 0, 0), (8, 0, 0), (0, 4, 4)),
        ("2H", (0, 4, 8), (4, 0, 0), (0, 0, 4)),
        ("5C", (2, 3, 7), (2, 1, 0), (0, 0, 3)),
    ],
)
def test_a_played_deal_is_summarised_with_its_plus_and_minus(cut, tricks, plus, minus):
    state = finish_with_tricks(dealt(deck_with_cut(cut)), tricks)

    summary = state.progress.summaries[0]
    assert summary.to_json() == {
        "dealer": 0,
        "cut": cut,
        "contract": {"7": "trump", "A": "no-trump"}.get(cut[0], "nullo"),
        "trump": "D" if cut == "7D" else None,
        "exchanged": [0, 0, 0],
        "tricks": list(tricks),
        "plus": list(plus),
        "minus": list(minus),
        "score": [gain - loss for gain, loss in zip(plus, minus, strict=True)],
        "complete": True,
    }
    assert (state.plus, state.minus) == (plus, minus)
    assert state.totals == tuple(summary.score)
    assert (state.phase, state.dealer, state.winner) == ("dealing", 1, None)


def test_the_match_waits_for_ten_plus_points_whatever_the_minus():
    assert match_winner((9, 0, 0), (9, -20, -20), 10) is None
    assert match_winner((10, 0, 0), (-5, -3, -4), 10) == 1
    assert match_winner((10, 10, 0), (6, 6, -14), 10) is None
    assert match_winner((12, 10, 0), (8, 6, -14), 10) == 0


def _no_trump_deals(tricks_by_deal):
    state = new_match(first_dealer=0)
    for tricks in tricks_by_deal:
        state = finish_with_tricks(dealt(deck_with_cut("KH"), state=state), tricks)
    return state


def test_the_worked_example_plays_on_after_a_shared_highest_score_then_seat_0_wins():
    state = _no_trump_deals([(12, 0, 0), (0, 12, 0), (5, 5, 2), (5, 5, 2)])

    assert (state.plus, state.minus, state.totals) == ((10, 10, 0), (4, 4, 12), (6, 6, -12))
    assert (state.phase, state.winner, state.dealer) == ("dealing", None, 1)

    state = finish_with_tricks(dealt(deck_with_cut("KH"), state=state), (6, 4, 2))

    assert (state.plus, state.minus, state.totals) == ((12, 10, 0), (4, 4, 14), (8, 6, -14))
    assert (state.phase, state.winner, state.loser, state.end) == ("match_over", 0, None, None)


def test_a_forfeit_ends_the_match_the_better_of_the_others_winning():
    state = _no_trump_deals([(12, 0, 0), (0, 5, 7)])
    state = dealt(deck_with_cut("KH"), state=state)

    ended = forfeit(state, seat=0, reason="timeout")

    assert (ended.phase, ended.loser, ended.winner) == ("match_over", 0, 2)
    assert ended.totals == (4, -3, -1)
    cut = ended.progress.summaries[-1]
    assert (cut.complete, cut.plus, cut.minus, cut.score) == (False, (0,) * 3, (0,) * 3, (0,) * 3)
    assert cut.exchanged == (None, None, None)
    assert ended.end == {"type": "forfeit", "seat": 0, "reason": "timeout"}


def test_a_forfeit_with_the_two_others_equal_names_no_winner():
    state = _no_trump_deals([(12, 0, 0)])

    ended = forfeit(state, seat=0, reason="left")

    assert (ended.loser, ended.winner) == (0, None)
    assert forfeit(state, seat=1, reason="left").winner == 0
