import random
from concurrent.futures import ThreadPoolExecutor

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers

from games import engine
from games.models import Game


@pytest.fixture
def fresh_async_machinery():
    """Leave no channel layer or executor thread behind for a live server forked later (the
    websocket tests' modules use it: `pytest.mark.usefixtures`)."""
    yield
    channel_layers.backends.clear()
    used = SyncToAsync.single_thread_executor
    SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
    used.shutdown(wait=False)


def seated_user(game: Game, seat: int):
    return game.player_at(seat)


def random_legal_action(game: Game, rng: random.Random) -> tuple[int, dict]:
    """Pick a legal action of the seat to act, as the client would send it (without seat)."""
    state = engine.state_from_json(game.state)
    seat = engine.seat_to_act(state)
    action = rng.choice(engine.legal_actions(state, seat)).to_json()
    action.pop("seat")
    return seat, action


def hidden_cards(game: Game, seat: int | None) -> set[str]:
    """Return the cards `seat` must not see now (None: a spectator): hands and face-down cards."""
    deal = (game.state or {}).get("deal")
    if not deal:
        return set()
    hidden = set()
    for owner in (0, 1):
        if owner != seat:
            hidden.update(deal["hands"][owner])
        for stack in deal["stacks"][owner]:
            hidden.update(stack[1:])
    return hidden


def cards_in(value) -> set[str]:
    """Collect every card code found anywhere in a JSON value (strings equal to a card)."""
    found = set()
    if isinstance(value, str):
        if value in engine.CARDS:
            found.add(value)
    elif isinstance(value, dict):
        for item in value.values():
            found |= cards_in(item)
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    return found


def shown_cards(frame: dict) -> set[str]:
    """Return the cards a `state` frame shows of the position now.

    The first-dealer draw and the last trick of a deal already over show cards of the past
    (each deal uses the whole deck again): they are left out; the current deal's trick is not.
    """
    game = frame["game"]
    trick = game.get("completed_trick")
    is_past = trick is not None and not trick["key"].startswith(f"{frame['view']['deal_number']}-")
    public = {"first_dealer_draw": None, **({"completed_trick": None} if is_past else {})}
    return cards_in(frame["view"]) | cards_in({**game, **public})
