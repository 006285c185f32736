"""The two-player game's parameter objects: its two match formats and its scoring.

Implements manille-2p.md, section *The match*: *first to 71* and *six deals* differ only by
the values below, never by scattered conditions in the rules; and the values of *Scoring a deal*
for the shared `match_scoring.py`.
"""

from dataclasses import dataclass

from . import match
from .match_scoring import Scoring

FORMAT_FIRST_TO_71 = "first-to-71"
FORMAT_SIX_DEALS = "six-deals"


@dataclass(frozen=True, slots=True)
class MatchFormat(match.MatchFormat):
    """A two-player format: its target, its number of regular deals (`deal_count`), its forced
    roll."""

    # Each player must roll once in his regular deals: a player who has not rolled before his
    # last regular deal has that deal rolled (only `roll` is legal).
    is_roll_required: bool = False

    @property
    def regular_deal_count(self) -> int | None:
        """Return the number of regular deals, or None when deals go on until the target is
        reached. After the regular deals the higher total wins; equal totals play further deals
        until they differ."""
        return self.deal_count

    @property
    def deals_per_dealer(self) -> int | None:
        """Return how many regular deals each player deals (None when unlimited)."""
        if self.deal_count is None:
            return None
        return self.deal_count // 2


FORMATS: dict[str, MatchFormat] = {
    FORMAT_FIRST_TO_71: MatchFormat(
        name=FORMAT_FIRST_TO_71, target=71, deal_count=None, is_roll_required=False
    ),
    FORMAT_SIX_DEALS: MatchFormat(
        name=FORMAT_SIX_DEALS, target=71, deal_count=6, is_roll_required=True
    ),
}

# manille-2p.md, *Scoring a deal*: the excess over 30, capot (all sixteen tricks) 60, the
# factors multiplied up to 480; a 30-30 doubles the next deal.
SCORING = Scoring(
    tricks_per_deal=16,
    trick_points=0,
    half=30,
    capot_base=60,
    maximum_score=480,
    is_tie_carried=True,
)
