"""Scoring a finished deal of a partnership game.

Implements manille-4p.md, *Flemish Manille* / *Scoring a deal* (30 + difference, capot 60, the
multiplier with no cap) and *French Manille muette* / *Scoring a deal and the match* (+1 per
trick, 34 + difference, no capot bonus), through the parameters of `rulesets.py`.
"""

from .rulesets import Ruleset
from .state import DealState, DealSummary

TRICKS_PER_DEAL = 8


def team_points(ruleset: Ruleset, deal: DealState) -> tuple[int, int]:
    """Return each team's points so far: card points, plus the tricks' points (French)."""
    per_trick = ruleset.trick_points
    return (
        deal.card_points[0] + per_trick * deal.tricks_won[0],
        deal.card_points[1] + per_trick * deal.tricks_won[1],
    )


def deal_base(
    ruleset: Ruleset, tricks: tuple[int, int], points: tuple[int, int]
) -> tuple[int | None, int, bool]:
    """Return (scoring team or None when nobody scores, base, capot) of a complete deal."""
    capot_team = next((team for team in (0, 1) if tricks[team] == TRICKS_PER_DEAL), None)
    if capot_team is not None and ruleset.capot_base is not None:
        return capot_team, ruleset.capot_base, True
    for team in (0, 1):
        if points[team] > ruleset.half:
            return team, points[team] - ruleset.half, capot_team is not None
    return None, 0, False


def _summary(
    ruleset: Ruleset, deal: DealState, *, capot: bool, score: tuple[int, int], complete: bool
) -> DealSummary:
    return DealSummary(
        dealer=deal.dealer,
        trump=deal.trump,
        blind=deal.blind,
        mee=deal.mee,
        tegen=deal.tegen,
        turned_up=deal.turned_up,
        tricks=deal.tricks_won,
        card_points=team_points(ruleset, deal),
        capot=capot,
        doubled_by_tie=deal.doubled_by_tie,
        multiplier=deal.multiplier,
        score=score,
        complete=complete,
    )


def score_deal(ruleset: Ruleset, deal: DealState) -> DealSummary:
    """Score a deal whose eight tricks are played: the base times the multiplier, no cap."""
    scorer, base, capot = deal_base(ruleset, deal.tricks_won, team_points(ruleset, deal))
    score = [0, 0]
    if scorer is not None:
        score[scorer] = base * deal.multiplier
    return _summary(ruleset, deal, capot=capot, score=(score[0], score[1]), complete=True)


def cut_deal_summary(ruleset: Ruleset, deal: DealState) -> DealSummary:
    """Summarise a deal cut short: tricks and points so far, no capot, no score."""
    return _summary(ruleset, deal, capot=False, score=(0, 0), complete=False)
