"""manille-variants.md, *French Manille aux enchères* / *Scoring a deal* (Decision 7): every row
of the table, a seat that has reached scores nothing, a whole deal scored."""

import pytest

from games.engine import encheres

from .helpers import FOUR, THREE, auction_won, play_first_legal, started


@pytest.mark.parametrize(
    ("bid", "bidder_points", "bidder_score", "defender_score"),
    [
        (37, 49, 37, 0),  # the seed's example
        (30, 30, 30, 0),  # made exactly
        (30, 29, 0, 30),  # failed by one
        (68, 68, 68, 0),  # vole bid and made
        (68, 60, 0, 68),  # vole bid, 7 tricks
    ],
)
def test_every_row_of_the_scoring_table(bid, bidder_points, bidder_score, defender_score):
    score = encheres.deal_score(encheres.FOUR, [None] * 4, 1, bid, bidder_points)

    assert score == (defender_score, bidder_score, defender_score, defender_score)


def test_all_pass_scores_nothing():
    assert encheres.deal_score(encheres.FOUR, [None] * 4, None, None, None) == (0, 0, 0, 0)


def test_a_defender_that_has_reached_the_target_scores_nothing():
    score = encheres.deal_score(encheres.THREE, [None, 2, None], 0, 40, 39)

    assert score == (0, 0, 40)


# Dealer 0; seat 1 holds every heart and names hearts: he takes every trick.
ALL_HEARTS = {1: ["TH", "AH", "KH", "QH", "JH", "9H", "8H", "7H"]}


def test_a_vole_made_scores_its_bid_and_no_bonus():
    state = auction_won(started(FOUR, dealer=0, hands=ALL_HEARTS), 1, 40, "H")

    state = play_first_legal(state)

    summary = state.progress.summaries[0].to_json()
    assert summary == {
        "dealer": 0,
        "bids": [
            {"seat": 1, "points": 40},
            {"seat": 2, "points": None},
            {"seat": 3, "points": None},
            {"seat": 0, "points": None},
        ],
        "bidder": 1,
        "bid": 40,
        "trump": "H",
        "tricks": [0, 8, 0, 0],
        "card_points": [0, 68, 0, 0],
        "bidder_points": 68,
        "made": True,
        "vole": True,
        "score": [0, 40, 0, 0],
        "complete": True,
    }
    assert (state.totals, state.phase, state.dealer) == ((0, 40, 0, 0), "dealing", 1)


def test_a_failed_bid_at_three_scores_the_bid_for_each_defender():
    state = started(THREE, dealer=0)
    state = auction_won(state, 2, 70, "S")

    state = play_first_legal(state)

    summary = state.progress.summaries[0]
    assert sum(summary.card_points) == 70
    assert (summary.made, summary.score) == (False, (70, 70, 0))
