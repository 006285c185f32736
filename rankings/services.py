"""Writes of the rankings app."""


def ladder_game_ended(*, game) -> None:
    """Apply a finished ranked game to records and ladders, exactly once. (Placeholder.)"""
