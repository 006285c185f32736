"""The move's path in one process: the row held for the frames of its version before the table
hears of it, the seats of a game in progress read once, a socket's broadcasts left to the loop
(docs/performance.md, *The move's path*)."""

import random
from datetime import timedelta

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import events
from games.engine.variants import variant_get
from games.errors import GameError
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


def test_a_frame_encoded_from_a_row_is_kept_for_its_version_only(alice, bob):
    game, rng = _started(alice, bob, seed=9)
    game = selectors.game_get(game_id=game.pk)
    encoded = []

    def encode(text):
        encoded.append(text)
        return text

    assert game.frame_text((None, "fr"), lambda: encode("first")) == "first"
    assert game.frame_text((None, "fr"), lambda: encode("again")) == "first"
    assert game.frame_text((None, "en"), lambda: encode("english")) == "english"
    # The writer's copy of the row is the next version's: nothing encoded from this one.
    written = game.copy_for_write()
    written.version += 1
    assert written.frame_text((None, "fr"), lambda: encode("next")) == "next"
    assert game.frame_text((None, "fr"), lambda: encode("again")) == "first"
    assert encoded == ["first", "english", "next"]


def _started(alice, bob, seed):
    rng = random.Random(seed)
    game = services.game_start_between(
        players=[alice, bob], format="first-to-71", origin="lobby", rng=rng
    )
    return game, rng


def _played(game, rng, *, capture):
    """One legal move through the writer, its after-commit steps run when `capture` is given
    (the row then held by the process, as after a commit outside a test's transaction)."""
    user, action = _move(game, rng)
    arguments = {"game_id": game.pk, "user": user, "action": action, "rng": rng}
    if capture is None:
        return services.game_act(**arguments, expected_version=game.version)
    with capture(execute=True):
        return services.game_act(**arguments, expected_version=game.version)


def test_a_move_on_the_row_held_in_memory_reads_nothing_and_writes_over_its_version(
    alice, bob, django_capture_on_commit_callbacks
):
    game, rng = _started(alice, bob, 11)
    game = _played(game, rng, capture=django_capture_on_commit_callbacks)
    assert selectors.game_recalled(game.pk, game.version) is game
    with CaptureQueriesContext(connection) as writer:
        written = _played(game, rng, capture=django_capture_on_commit_callbacks)
    statements = [query["sql"].split()[0] for query in writer.captured_queries]
    assert [kind for kind in statements if kind in ("SELECT", "INSERT", "UPDATE")] == [
        "UPDATE",
        "INSERT",
    ]
    assert written.version == game.version + 1
    # The held row itself is left as it was (other sockets read it meanwhile); the new one is
    # held for the next version.
    assert game.version == written.version - 1
    assert selectors.game_recalled(game.pk, written.version) is written
    stored = selectors.game_get(game_id=game.pk)
    assert (stored.version, stored.state) == (written.version, written.state)
    assert list(stored.actions.order_by("version").values_list("version", flat=True)) == list(
        range(1, written.version + 1)
    )


def test_a_held_row_that_another_writer_replaced_writes_nothing_and_the_move_is_stale(
    alice, bob, django_capture_on_commit_callbacks
):
    game, rng = _started(alice, bob, 12)
    game = _played(game, rng, capture=django_capture_on_commit_callbacks)
    # Another writer (another process, say) plays this version: this process still holds it.
    moved_on = _played(game, rng, capture=None)
    assert selectors.game_recalled(game.pk, game.version) is game
    user, action = _move(game, random.Random(1))
    try:
        services.game_act(game_id=game.pk, user=user, action=action, expected_version=game.version)
    except GameError as error:
        code = error.code
    assert code == "stale_version"
    stored = selectors.game_get(game_id=game.pk)
    assert (stored.version, stored.state) == (moved_on.version, moved_on.state)
    assert stored.actions.filter(version=moved_on.version).count() == 1


def test_a_refused_move_on_a_held_row_gets_the_locked_paths_answer(
    alice, bob, django_capture_on_commit_callbacks
):
    game, rng = _started(alice, bob, 13)
    game = _played(game, rng, capture=django_capture_on_commit_callbacks)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    seat = variant.seat_to_act(state)
    waiting = game.seats_by_number()[1 - seat].user
    user, action = _move(game, random.Random(2))
    with pytest.raises(GameError) as refused:
        services.game_act(
            game_id=game.pk, user=waiting, action=action, expected_version=game.version
        )
    assert refused.value.code == "not_your_turn"
    assert selectors.game_get(game_id=game.pk).version == game.version


def test_a_late_move_on_a_held_row_is_forfeited_on_time_by_the_locked_path(
    alice, bob, django_capture_on_commit_callbacks
):
    game, rng = _started(alice, bob, 14)
    game = _played(game, rng, capture=django_capture_on_commit_callbacks)
    user, action = _move(game, rng)
    with pytest.raises(GameError) as refused:
        services.game_act(
            game_id=game.pk,
            user=user,
            action=action,
            expected_version=game.version,
            now=game.deadline + timedelta(seconds=1),
        )
    assert refused.value.code == "time_over"
    stored = selectors.game_get(game_id=game.pk)
    assert (stored.status, stored.end_reason) == ("finished", "timeout")
