"""Reads of the games app."""


def member_games(*, user, limit: int = 20) -> list:
    """Return the member's recent games, newest first. (Placeholder until live games exist.)"""
    return []
