"""Scoring a finished deal.

Implements manille-2p.md, section *Scoring a deal*: the excess over 30, capot by tricks, 30-30,
the multiplying factors and the 480 cap.
"""

from .state import DealState, DealSummary

TRICKS_PER_DEAL = 16
HALF_POINTS = 30
CAPOT_BASE = 60
MAXIMUM_DEAL_SCORE = 480


def deal_base(
    tricks: tuple[int, int], card_points: tuple[int, int]
) -> tuple[int | None, int, bool]:
    """Return (scoring seat or None for 30-30, base, capot) of a complete deal."""
    for seat in (0, 1):
        if tricks[seat] == TRICKS_PER_DEAL:
            return seat, CAPOT_BASE, True
    for seat in (0, 1):
        if card_points[seat] > HALF_POINTS:
            return seat, card_points[seat] - HALF_POINTS, False
    return None, 0, False


def _summary(
    deal: DealState, *, capot: bool, score: tuple[int, int], complete: bool
) -> DealSummary:
    return DealSummary(
        dealer=deal.dealer,
        trump=deal.trump,
        rolled=deal.rolled,
        buque=deal.buque,
        tricks=deal.tricks_won,
        card_points=deal.card_points,
        capot=capot,
        doubled_by_tie=deal.doubled_by_tie,
        multiplier=deal.multiplier,
        score=score,
        complete=complete,
    )


def score_deal(deal: DealState) -> DealSummary:
    """Score a deal whose sixteen tricks are played."""
    scorer, base, capot = deal_base(deal.tricks_won, deal.card_points)
    score = [0, 0]
    if scorer is not None:
        score[scorer] = min(MAXIMUM_DEAL_SCORE, base * deal.multiplier)
    return _summary(deal, capot=capot, score=(score[0], score[1]), complete=True)


def cut_deal_summary(deal: DealState) -> DealSummary:
    """Summarise a deal cut short: tricks and points so far, no capot, no score."""
    return _summary(deal, capot=False, score=(0, 0), complete=False)
