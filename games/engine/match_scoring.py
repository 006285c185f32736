"""Scoring a deal, for every game: the excess over the half, capot, the multiplier and its cap.

Implements manille-2p.md, *Scoring a deal* (the excess over 30, capot by tricks, the 480 cap),
and manille-4p.md, *Flemish Manille* / *Scoring a deal* (30 + difference, capot 60, no cap) and
*French Manille muette* / *Scoring a deal and the match* (+1 per trick, 34 + difference, no capot
bonus), and manille-variants.md, *French Manille à trois* (+1 per trick, each seat his points
above 17): the games differ only by the values of their `Scoring`, never by conditions here.
Sides are seats in the two-player game and *à trois*, teams in the partnership games; nothing
here counts them.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Scoring:
    """How one game scores a deal."""

    tricks_per_deal: int
    # Points a side gets for each trick it takes, on top of the card points.
    trick_points: int
    # A side scores what it holds above this (half the points of a deal).
    half: int
    # Base score of a side that takes every trick; None: no capot bonus.
    capot_base: int | None
    # The most a deal scores, multiplier included; None: no cap.
    maximum_score: int | None
    # A deal where nobody scores doubles the next one (one pending doubling at most).
    is_tie_carried: bool
    # Every side scores its own excess over the half (*à trois*: each seat his points above
    # 17, so two or three seats may score in one deal), rather than the one side above it.
    is_each_side_scoring: bool = False


def side_points(scoring: Scoring, tricks, card_points) -> tuple[int, ...]:
    """Return each side's points so far: its card points plus its tricks' points."""
    per_trick = scoring.trick_points
    if not per_trick:
        return tuple(card_points)
    return tuple(
        [points + per_trick * count for points, count in zip(card_points, tricks, strict=True)]
    )


def deal_base(scoring: Scoring, tricks, points) -> tuple[int | None, int, bool]:
    """Return (scoring side or None when nobody scores, base, capot) of a complete deal.

    `points` are the sides' points, tricks' points included (`side_points`)."""
    is_capot = scoring.tricks_per_deal in tricks
    if is_capot and scoring.capot_base is not None:
        return tricks.index(scoring.tricks_per_deal), scoring.capot_base, True
    half = scoring.half
    for side, total in enumerate(points):
        if total > half:
            return side, total - half, is_capot
    return None, 0, False


def _each_sides_scores(scoring: Scoring, points, multiplier: int) -> tuple[int, ...]:
    half = scoring.half
    return tuple([max(0, total - half) * multiplier for total in points])


def _scores(scoring: Scoring, side: int | None, base: int, multiplier: int, sides: int):
    score = [0] * sides
    if side is not None:
        value = base * multiplier
        if scoring.maximum_score is not None:
            value = min(value, scoring.maximum_score)
        score[side] = value
    return tuple(score)


def deal_score(scoring: Scoring, tricks, card_points, multiplier: int) -> tuple[int, ...]:
    """Return every side's score of a complete deal from its tricks and card points (what the
    computer players' playouts count)."""
    points = side_points(scoring, tricks, card_points)
    if scoring.is_each_side_scoring:
        return _each_sides_scores(scoring, points, multiplier)
    side, base, _capot = deal_base(scoring, tricks, points)
    return _scores(scoring, side, base, multiplier, len(points))


def score_deal(scoring: Scoring, deal, summary_class):
    """Score a deal whose last trick is taken: its `summary_class` (`match.DealSummaryBase`)."""
    points = side_points(scoring, deal.tricks_won, deal.card_points)
    if scoring.is_each_side_scoring:
        score = _each_sides_scores(scoring, points, deal.multiplier)
        capot = scoring.tricks_per_deal in deal.tricks_won
    else:
        side, base, capot = deal_base(scoring, deal.tricks_won, points)
        score = _scores(scoring, side, base, deal.multiplier, len(points))
    return summary_class.of_deal(deal, card_points=points, capot=capot, score=score, complete=True)


def cut_deal_summary(scoring: Scoring, deal, summary_class):
    """Summarise a deal cut short: tricks and points so far, no capot, no score."""
    points = side_points(scoring, deal.tricks_won, deal.card_points)
    return summary_class.of_deal(
        deal, card_points=points, capot=False, score=(0,) * len(points), complete=False
    )
