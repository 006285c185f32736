"""The replay viewer of the four-player tables: the steps replayed from a record
(games/tables/selectors.py, replay_steps_from_record) and the page (views.replay)."""

import json
import random
from collections import Counter

import pytest
from django.test import Client

from games import engine
from games.engine.variants import variant_get
from games.models import Game
from games.tables import services as tables
from games.tables.selectors import replay_steps_from_record

from .partnership_helpers import full_table, play_out


def random_record(
    variant_name: str, *, seed: int, format: str, options=None, forfeit_after: int | None = None
) -> dict:
    """Play a match at random through the engine; `forfeit_after` actions, a seat leaves."""
    variant = variant_get(variant_name)
    rng = random.Random(seed)
    state = variant.new_match(first_dealer=seed % 4, format=format, options=options)
    state = variant.deal_start(state, variant.shuffled_deck(rng))
    for count in range(10_000):
        if forfeit_after is not None and count == forfeit_after:
            state = variant.forfeit(state, seat=variant.seat_to_act(state), reason="left")
            break
        seat = variant.seat_to_act(state)
        if seat is None:
            if state.is_finished:
                break
            state = variant.deal_start(state, variant.shuffled_deck(rng))
            continue
        state = variant.apply(state, rng.choice(variant.legal_actions(state, seat)))
    return variant.record_from_state(state, players=["anna", "bert", "chloé", "dirk"])


RECORDS = {
    "flemish-blind": lambda: random_record(
        "manille-flemish", seed=5, format="boom-61", options={"blind": True, "mee_tegen": True}
    ),
    "flemish-boompje": lambda: random_record("manille-flemish", seed=8, format="boompje-12"),
    "french": lambda: random_record("manille-french", seed=3, format="first-to-34"),
    "flemish-forfeit": lambda: random_record(
        "manille-flemish", seed=2, format="boom-101", forfeit_after=60
    ),
}


@pytest.mark.parametrize("name", RECORDS)
def test_the_team_totals_after_each_deal_are_the_replay_of_the_record(name) -> None:
    record = RECORDS[name]()
    _status, replayed = engine.replay_record(record)

    replay = replay_steps_from_record(record)

    assert replay["totals"] == replayed["totals"]
    assert replay["winner"] == replayed["winner"]
    assert [deal["score"] for deal in replay["deals"]] == [
        deal["score"] for deal in replayed["deals"]
    ]
    running = [0, 0]
    for deal_index, deal in enumerate(replayed["deals"]):
        running = [running[0] + deal["score"][0], running[1] + deal["score"][1]]
        last_step = [step for step in replay["steps"] if step["deal_index"] == deal_index][-1]
        assert replay["deals"][deal_index]["totals"] == running
        assert last_step["view"]["totals"] == running
    assert running == replayed["totals"]


@pytest.mark.parametrize("name", RECORDS)
def test_one_step_per_action_and_per_deal_with_all_four_hands(name) -> None:
    record = RECORDS[name]()

    steps = replay_steps_from_record(record)["steps"]

    forfeit_steps = 1 if record.get("end") else 0
    assert len(steps) == sum(1 + len(deal["actions"]) for deal in record["deals"]) + forfeit_steps
    starts = [step for step in steps if step["action"] is None]
    assert len(starts) == len(record["deals"])
    for start, deal in zip(starts, record["deals"], strict=True):
        assert [len(hand) for hand in start["view"]["hands"]] == [8, 8, 8, 8]
        hands = start["view"]["hands"]
        assert Counter(card for hand in hands for card in hand) == Counter(deal["deck"])
    for before, after in zip(steps, steps[1:], strict=False):
        action = after["action"]
        if action and action["type"] == "play" and after["trick_index"] is not None:
            assert action["card"] in before["view"]["hands"][action["seat"]]
            assert action["card"] not in after["view"]["hands"][action["seat"]]
    if record.get("end"):
        assert steps[-1]["action"] == record["end"]
        assert steps[-1]["view"]["winner"] == 1 - record["end"]["seat"] % 2


def test_the_announcements_are_in_the_steps() -> None:
    record = RECORDS["flemish-blind"]()

    steps = replay_steps_from_record(record)["steps"]

    for step in steps:
        action = step["action"] or {}
        if action.get("type") in ("mee", "tegen", "blind"):
            assert step["view"][action["type"]] is True
        if action.get("type") == "trump":
            assert step["view"]["trump"] == action["suit"]
            assert step["view"]["no_trump"] is (action["suit"] is None)
    assert {"mee", "tegen", "pass", "trump", "play"} <= {
        step["action"]["type"] for step in steps if step["action"]
    }


# --- The page ---------------------------------------------------------------------------------


@pytest.fixture
def finished_table(alice, settings):
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, computers=3, variant="manille-flemish", format="boom-61")
    return play_out(table, rng=random.Random(4))


@pytest.mark.django_db
def test_the_page_replays_the_exported_record(client: Client, finished_table) -> None:
    exported = client.get(f"/parties/{finished_table.pk}/partie.json").json()
    _status, replayed = engine.replay_record(exported)

    response = client.get(f"/parties/{finished_table.pk}/revoir/")

    assert response.status_code == 200
    replay = response.context["replay"]
    assert replay["totals"] == replayed["totals"]
    # The page carries the replay as its data; the script draws the deals and their totals.
    page = response.content.decode()
    embedded = json.loads(
        page.split('id="replay-data" type="application/json">')[1].split("</script>")[0]
    )
    running = [0, 0]
    for deal, summary in zip(embedded["deals"], replayed["deals"], strict=True):
        running = [total + score for total, score in zip(running, summary["score"], strict=True)]
        assert deal["score"] == summary["score"] and deal["totals"] == running
    assert replay["deals"][-1]["totals"] == replayed["totals"]
    assert replay["steps"][-1]["view"]["totals"] == replayed["totals"]
    assert replay["winner"] == replayed["winner"] == finished_table.winner_team
    # Named as at the table (the record keeps the member names).
    computers = ["Louise (facile)", "Hugo (facile)", "Inès (facile)"]
    assert replay["names"] == embedded["names"] == ["alice", *computers]
    assert replay["players"] == ["alice", *["ordinateur-facile"] * 3]
    assert 'id="replay-data"' in page and 'id="replay-next"' in page
    assert embedded["totals"] == replayed["totals"]


@pytest.mark.django_db
def test_a_table_in_progress_or_open_is_not_replayed(client: Client, alice, bob) -> None:
    running = full_table(host=alice, computers=3)
    waiting = tables.game_create(host=bob, variant="manille-flemish", format="boom-101")

    assert running.status == Game.Status.IN_PROGRESS
    assert client.get(f"/parties/{running.pk}/revoir/").status_code == 404
    assert client.get(f"/parties/{waiting.pk}/revoir/").status_code == 404
    assert client.get("/parties/999999/revoir/").status_code == 404


@pytest.mark.django_db
def test_a_table_lost_by_leaving_is_replayed_to_its_forfeit(
    client: Client, alice, bob, settings
) -> None:
    settings.COMPUTER_PAUSE_SCALE = 0
    table = full_table(host=alice, members=[bob], computers=2)
    table = tables.game_leave(game_id=table.pk, user=bob)

    replay = client.get(f"/parties/{table.pk}/revoir/").context["replay"]

    assert replay["steps"][-1]["action"] == {"type": "forfeit", "seat": 1, "reason": "left"}
    assert replay["winner"] == 0
