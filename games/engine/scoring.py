"""Scoring a finished deal of the two-player game.

Implements manille-2p.md, section *Scoring a deal*: the excess over 30, capot by tricks, 30-30,
the multiplying factors and the 480 cap, through the shared `match_scoring.py` and the game's
values (`formats.SCORING`).
"""

from . import match_scoring
from .formats import SCORING
from .state import DealState, DealSummary

TRICKS_PER_DEAL = SCORING.tricks_per_deal
HALF_POINTS = SCORING.half
CAPOT_BASE = SCORING.capot_base
MAXIMUM_DEAL_SCORE = SCORING.maximum_score


def score_deal(deal: DealState) -> DealSummary:
    """Score a deal whose sixteen tricks are played."""
    return match_scoring.score_deal(SCORING, deal, DealSummary)


def cut_deal_summary(deal: DealState) -> DealSummary:
    """Summarise a deal cut short: tricks and points so far, no capot, no score."""
    return match_scoring.cut_deal_summary(SCORING, deal, DealSummary)
