from dataclasses import replace

import pytest

from games.engine.cards import CARDS
from games.engine.match import match_winner
from games.engine.match_scoring import deal_score
from games.engine.trois import FORMATS, SCORING, Action, apply, forfeit, forfeit_winner

from .positions import dealt


# manille-variants.md, *French Manille à trois* / *Scoring*: points (cards + 1 per trick) ->
# scores; each example's tricks and card points add up to 10 and 60.
@pytest.mark.parametrize(
    ("tricks", "card_points", "points", "scores"),
    [
        ((4, 3, 3), (26, 19, 15), (30, 22, 18), (13, 5, 1)),
        ((5, 3, 2), (35, 14, 11), (40, 17, 13), (23, 0, 0)),
        ((4, 3, 3), (20, 20, 20), (24, 23, 23), (7, 6, 6)),
        ((10, 0, 0), (60, 0, 0), (70, 0, 0), (53, 0, 0)),
    ],
)
def test_each_seat_scores_his_points_above_17(tricks, card_points, points, scores) -> None:
    assert tuple(c + t for c, t in zip(card_points, tricks, strict=True)) == points

    assert deal_score(SCORING, tricks, card_points, 1) == scores


def _last_trick(*, dealer: int, totals=(0, 0, 0), format=None):
    """The spec's talon example: seat 2 deals, the talon is K♣ 9♦, nine tricks are taken and
    seat 0 leads the tenth, which seat 2 takes (9♠ over 8♠ and 7♠, no points): the tricks give
    31, 22, 14."""
    talon = ("KC", "9D")
    deck = [card for card in CARDS if card not in talon] + list(talon)
    state = dealt(deck, dealer=dealer, options={"sevens_removed": False}, format=format)
    deal = state.deal._replace(
        hands=(("8S",), ("7S",), ("9S",)),
        trump="H",
        to_act=0,
        tricks_won=(4, 3, 2),
        card_points=(27, 19, 11),
    )
    progress = replace(state.progress, totals=totals)
    return state.__class__(state.format, state.options, state.phase, dealer, progress, deal)


def _play_last_trick(state):
    for seat, card in ((0, "8S"), (1, "7S"), (2, "9S")):
        state = apply(state, Action(seat=seat, type="play", card=card))
    return state


def test_the_talon_counts_for_the_dealer_after_the_deal() -> None:
    state = _play_last_trick(_last_trick(dealer=2))

    summary = state.progress.summaries[-1]
    assert summary.to_json() == {
        "dealer": 2,
        "trump": "H",
        "turned_up": state.deal.turned_up,
        "removed": None,
        "talon": ["KC", "9D"],
        "tricks": [4, 3, 3],
        "card_points": [31, 22, 17],
        "score": [14, 5, 0],
        "complete": True,
    }
    assert sum(summary.card_points) == 70
    assert (state.phase, state.totals, state.dealer) == ("dealing", (14, 5, 0), 0)


def test_the_highest_total_at_the_target_wins() -> None:
    state = _play_last_trick(_last_trick(dealer=2, totals=(17, 30, 0)))

    assert (state.phase, state.totals, state.winner, state.loser) == (
        "match_over",
        (31, 35, 0),
        1,
        None,
    )


def test_a_shared_highest_total_plays_on() -> None:
    state = _play_last_trick(_last_trick(dealer=2, totals=(20, 29, 0)))

    assert (state.phase, state.totals, state.winner) == ("dealing", (34, 34, 0), None)


@pytest.mark.parametrize(
    ("totals", "winner"),
    [
        ((34, 20, 10), 0),
        ((34, 35, 10), 1),
        ((34, 34, 10), None),
        ((50, 50, 60), 2),
        ((33, 33, 33), None),
        ((33, 30, 0), None),
    ],
)
def test_the_match_winner_at_34(totals, winner) -> None:
    assert match_winner(FORMATS["first-to-34"], totals, 3) == winner


def test_the_target_of_44() -> None:
    assert match_winner(FORMATS["first-to-44"], (40, 43, 0), 3) is None
    assert match_winner(FORMATS["first-to-44"], (44, 43, 0), 3) == 0


@pytest.mark.parametrize(
    ("totals", "seat", "winner"),
    [((10, 5, 5), 0, None), ((10, 5, 5), 1, 0), ((10, 5, 12), 1, 2), ((0, 0, 0), 2, None)],
)
def test_the_forfeiter_loses_and_the_better_of_the_others_wins(totals, seat, winner) -> None:
    state = _last_trick(dealer=2, totals=totals)

    ended = forfeit(state, seat=seat, reason="timeout")

    assert forfeit_winner(totals, seat) == winner
    assert (ended.phase, ended.winner, ended.loser, ended.end) == (
        "match_over",
        winner,
        seat,
        {"type": "forfeit", "seat": seat, "reason": "timeout"},
    )
    cut = ended.progress.summaries[-1]
    assert (cut.complete, cut.score, cut.tricks, cut.card_points) == (
        False,
        (0, 0, 0),
        (4, 3, 2),
        (31, 22, 13),
    )
