"""What a move asks of the database: the writer's few statements, and nothing more for the
frames of every seat and of a spectator, built from the row just written (docs/performance.md).

A column read lazily by a frame (a member's field left out of the seats' columns) would cost one
query per seat on every move: this test fails then.
"""

import random

from django.db import connection
from django.test.utils import CaptureQueriesContext

from games.engine.variants import variant_get
from games.tables import selectors, services


def _legal_action(game, rng):
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    seat = variant.seat_to_act(state)
    action = rng.choice(variant.legal_actions(state, seat)).to_json()
    action.pop("seat")
    return seat, action


def test_a_move_costs_the_writer_its_statements_and_the_frames_none(alice, bob):
    rng = random.Random(7)
    game = services.game_start_between(
        players=[alice, bob], format="first-to-71", origin="lobby", rng=rng
    )
    for _move in range(6):
        game = selectors.game_get(game_id=game.pk)
        seat, action = _legal_action(game, rng)
        with CaptureQueriesContext(connection) as writer:
            game = services.game_act(
                game_id=game.pk,
                user=game.seats_by_number()[seat].user,
                action=action,
                expected_version=game.version,
                rng=rng,
            )
        with CaptureQueriesContext(connection) as frames:
            for frame_seat in [*game.seats_by_number(), None]:
                selectors.game_frame(game=game, seat=frame_seat)

        statements = [query["sql"].split()[0] for query in writer.captured_queries]
        # The game read and locked (its seats are held by the process while it is in progress:
        # they never change once it has started; the test's transaction runs no after-commit
        # step, so no row is held for the next version), the game updated over its version, the
        # action inserted (and the transaction's own statements, a savepoint inside the test's
        # transaction).
        assert [
            kind for kind in statements if kind not in ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE")
        ] == [
            "SELECT",
            "UPDATE",
            "INSERT",
        ], writer.captured_queries
        # Only the columns a move changes are written.
        update = next(
            query["sql"] for query in writer.captured_queries if query["sql"][:6] == "UPDATE"
        )
        assert '"status"' not in update and '"state"' in update
        assert frames.captured_queries == []
