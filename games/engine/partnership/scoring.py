"""Scoring a finished deal of a partnership game.

Implements manille-4p.md, *Flemish Manille* / *Scoring a deal* (30 + difference, capot 60, the
multiplier with no cap) and *French Manille muette* / *Scoring a deal and the match* (+1 per
trick, 34 + difference, no capot bonus), through the shared `match_scoring.py` and each game's
values (`Ruleset.scoring`).
"""

from .. import match_scoring
from .rulesets import TRICKS_PER_DEAL as TRICKS_PER_DEAL  # where the playouts find it
from .rulesets import Ruleset
from .state import DealState, DealSummary


def team_points(ruleset: Ruleset, deal: DealState) -> tuple[int, int]:
    """Return each team's points so far: card points, plus the tricks' points (French)."""
    return match_scoring.side_points(ruleset.scoring, deal.tricks_won, deal.card_points)


def deal_base(
    ruleset: Ruleset, tricks: tuple[int, int], points: tuple[int, int]
) -> tuple[int | None, int, bool]:
    """Return (scoring team or None when nobody scores, base, capot) of a complete deal."""
    return match_scoring.deal_base(ruleset.scoring, tricks, points)


def score_deal(ruleset: Ruleset, deal: DealState) -> DealSummary:
    """Score a deal whose eight tricks are played: the base times the multiplier, no cap."""
    return match_scoring.score_deal(ruleset.scoring, deal, DealSummary)


def cut_deal_summary(ruleset: Ruleset, deal: DealState) -> DealSummary:
    """Summarise a deal cut short: tricks and points so far, no capot, no score."""
    return match_scoring.cut_deal_summary(ruleset.scoring, deal, DealSummary)
