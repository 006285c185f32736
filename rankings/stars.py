"""Star groups from a ranked record (ladder.md, *Groups (stars)*). Pure: no Django import."""

ONE_STAR = 1
TWO_STARS = 2
THREE_STARS = 3

MINIMUM_MATCHES_TO_RISE = 20


def star_group(*, wins: int, losses: int) -> int:
    """Return 1, 2 or 3 stars for a player with this many ranked wins and losses."""
    if wins + losses < MINIMUM_MATCHES_TO_RISE or losses > wins:
        return ONE_STAR
    if wins < 2 * losses:
        return TWO_STARS
    return THREE_STARS


def star_label(group: int) -> str:
    return "★" * group
