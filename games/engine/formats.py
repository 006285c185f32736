"""The two match formats as parameter objects.

Implements manille-2p.md, section *The match*: *first to 71* and *six deals* differ only by
the values below, never by scattered conditions in the rules.
"""

from dataclasses import dataclass

from . import match

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
