"""Seats, teams and partners, and the first dealer of a four-player match.

Implements manille-4p.md, *Common to both*: *Seats* (0 to 3 in playing order, partners opposite,
team 0 = seats 0 and 2, team 1 = seats 1 and 3) and *First dealer*.
"""

import random

from ..cards import draw_dealer_among

SEAT_COUNT = 4
SEATS = (0, 1, 2, 3)
TEAMS = ((0, 2), (1, 3))


def next_seat(seat: int) -> int:
    """Return the seat that plays after `seat`: the engine's order is always s + 1."""
    return (seat + 1) % SEAT_COUNT


def team_of(seat: int) -> int:
    """Return the team of `seat`: 0 for seats 0 and 2, 1 for seats 1 and 3."""
    return seat % 2


def partner_of(seat: int) -> int:
    """Return the seat opposite `seat`, his partner."""
    return (seat + 2) % SEAT_COUNT


def opponents_of(seat: int) -> tuple[int, int]:
    """Return the two seats of the other team, in seat order."""
    return TEAMS[1 - team_of(seat)]


def team_seats(team: int) -> tuple[int, int]:
    """Return the two seats of `team`."""
    return TEAMS[team]


def are_partners(seat: int, other: int) -> bool:
    """Tell whether two seats play in the same team (a seat is its own partner here)."""
    return (seat - other) % 2 == 0


def draw_first_dealer(rng: random.Random) -> tuple[list[tuple[tuple[int, str], ...]], int]:
    """Draw the first dealer: each seat draws, the highest rank deals, ties draw again.

    Return every round as ((seat, card), ...) (the first round has all four seats, a later one
    only the seats tied for highest) and the dealer.
    """
    return draw_dealer_among(rng, SEATS)
