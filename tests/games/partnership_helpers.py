"""Helpers of the four-player table tests: seating a table, playing a member's turn."""

import random

from games.engine.variants import variant_get
from games.models import Game, Seat
from games.robots import turns
from games.tables import services as tables


def state_of(table: Game):
    variant = variant_get(table.variant)
    return variant, variant.state_from_json(table.state)


def seat_to_act(table: Game) -> int | None:
    variant, state = state_of(table)
    return variant.seat_to_act(state)


def random_member_action(table: Game, rng: random.Random) -> tuple[int, dict]:
    """Pick a legal action of the seat to act, as the client would send it (without seat)."""
    variant, state = state_of(table)
    seat = variant.seat_to_act(state)
    action = rng.choice(variant.legal_actions(state, seat)).to_json()
    action.pop("seat")
    return seat, action


def full_table(
    *,
    host,
    members=(),
    computers=2,
    variant="manille-french",
    format="first-to-34",
    level="facile",
):
    """Open a table, seat `members` after the host, fill the rest with computers, start."""
    table = tables.game_create(host=host, variant=variant, format=format)
    for seat, member in enumerate(members, start=1):
        tables.game_seat_take(game_id=table.pk, user=member, seat=seat)
    for seat in range(1 + len(members), 1 + len(members) + computers):
        tables.game_seat_fill(game_id=table.pk, user=host, seat=seat, level=level)
    return tables.game_start(game_id=table.pk, user=host, rng=random.Random(7))


def play_out(
    table: Game, *, rng: random.Random, limit: int = 2000, deals: int | None = None
) -> Game:
    """Play the table to its end (or through `deals` deals): computers through their own turn,
    members at random."""
    users = {
        seat.seat: seat.user for seat in Seat.objects.filter(game=table).select_related("user")
    }
    for _step in range(limit):
        table.refresh_from_db()
        if table.status != Game.Status.IN_PROGRESS:
            return table
        if deals is not None and state_of(table)[1].completed_deal_count >= deals:
            return table
        # The person who decides: the seat to act, or the dummy's holder for the dummy.
        person = variant_get(table.variant).decider_of(seat_to_act(table))
        if users[person].is_computer:
            assert turns.computer_move(game_id=table.pk, version=table.version)
        else:
            _seat, action = random_member_action(table, rng)
            tables.game_act(
                game_id=table.pk, user=users[person], action=action, expected_version=table.version
            )
    raise AssertionError("the match did not end")
