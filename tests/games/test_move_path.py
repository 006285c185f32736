"""The move's path in one process: the row held for the frames of its version before the table
hears of it, the seats of a game in progress read once, a socket's broadcasts left to the loop
(docs/performance.md, *The move's path*)."""

import random

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import events
from games.engine.variants import variant_get
from games.tables import selectors, services


def _move(game, rng):
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    seat = variant.seat_to_act(state)
    action = rng.choice(variant.legal_actions(state, seat)).to_json()
    action.pop("seat")
    return game.seats_by_number()[seat].user, action


def test_the_row_is_recalled_for_its_version_before_the_table_hears_of_it(
    alice, bob, django_capture_on_commit_callbacks
):
    rng = random.Random(3)
    game = services.game_start_between(
        players=[alice, bob], format="first-to-71", origin="lobby", rng=rng
    )
    user, action = _move(game, rng)
    with django_capture_on_commit_callbacks() as callbacks:
        written = services.game_act(
            game_id=game.pk, user=user, action=action, expected_version=game.version, rng=rng
        )
    assert selectors.game_recalled(game.pk, written.version) is None
    # The callbacks in the order of the commit: when the table's broadcast leaves, the row of
    # its version is already held.
    broadcasts: list = []
    recalled_when_heard = None
    with events.broadcasts_collected(broadcasts):
        for callback in callbacks:
            callback()
            is_heard = any(
                message["type"] == "game.changed" and message["version"] == written.version
                for _group, message in broadcasts
            )
            if is_heard and recalled_when_heard is None:
                recalled_when_heard = selectors.game_recalled(game.pk, written.version)
    assert recalled_when_heard is written
    # Collected, not sent: the socket's loop sends them.
    assert (events.game_group(game.pk), {"type": "game.changed", "version": written.version}) in (
        broadcasts
    )
    # An older version is never recalled for a newer one.
    assert selectors.game_recalled(game.pk, written.version - 1) is None


def test_the_seats_of_a_game_in_progress_are_read_once(alice, bob):
    rng = random.Random(5)
    game = services.game_start_between(
        players=[alice, bob], format="first-to-71", origin="lobby", rng=rng
    )
    selectors.game_get(game_id=game.pk)
    with CaptureQueriesContext(connection) as reads:
        again = selectors.game_get(game_id=game.pk)
    assert len(reads.captured_queries) == 1
    assert {taken.seat: taken.user_id for taken in again.seats.all()} == {
        0: game.seats_by_number()[0].user_id,
        1: game.seats_by_number()[1].user_id,
    }


def test_an_open_tables_seats_are_read_every_time(alice, bob):
    table = services.game_create(host=alice, variant="manille-flemish", format="boom-101")
    selectors.game_get(game_id=table.pk)
    services.game_seat_take(game_id=table.pk, user=bob, seat=1)
    seats = selectors.game_get(game_id=table.pk).seats_by_number()
    assert seats[1].user_id == bob.pk


def test_a_state_is_decoded_once_per_row_and_again_for_a_new_one(alice, bob):
    rng = random.Random(9)
    game = services.game_start_between(
        players=[alice, bob], format="first-to-71", origin="lobby", rng=rng
    )
    game = selectors.game_get(game_id=game.pk)
    variant = variant_get(game.variant)
    first = game.state_decoded(variant)
    assert game.state_decoded(variant) is first
    game.refresh_from_db()
    assert game.state_decoded(variant) is not first
    assert game.state_decoded(variant) == first
