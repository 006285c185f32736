"""Reads of the rankings app."""


def game_stakes(*, game) -> dict | None:
    """Return what a ranked game is worth for each seat: {seat: {"win": +n, "loss": -n}}.

    None for a free game. (Placeholder until the ladder exists.)
    """
    return None
