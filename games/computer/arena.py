"""Matches between computer levels, through the variant registry and the player views only.

Used by the tests (every action legal) and by the strength benchmarks.
"""

import random

from games.engine.variants import VARIANT_TWO_PLAYER, variant_get


def play_match(
    levels: tuple[str, ...],
    *,
    seed: int,
    variant: str = VARIANT_TWO_PLAYER,
    format: str | None = None,
    options: dict | None = None,
    first_dealer: int = 0,
    choose=None,
    on_decision=None,
):
    """Play a whole match of `variant`, `levels[seat]` deciding for each seat; return the final
    state (`winner` is a side: a seat, or a team).

    Each decision is asked of `choose(level, view, seed=...)` (default: `choose_action`) with the
    seat's `player_view` only; `on_decision(view, action)` sees each of them (tests check
    legality there). The decks come from `seed`; `format` and `options` default to the game's.
    """
    if choose is None:
        from . import choose_action as choose
    game = variant_get(variant)
    rng = random.Random(seed)
    state = game.new_match(first_dealer=first_dealer, format=format, options=options)
    decision = 0
    while not state.is_finished:
        seat = game.seat_to_act(state)
        if seat is None:
            state = game.deal_start(state, game.deal_deck(state, rng))
            continue
        view = game.player_view(state, seat)
        decision += 1
        action = choose(levels[seat], view, seed=seed * 1_000_003 + decision)
        if on_decision is not None:
            on_decision(view, action)
        state = game.apply(state, game.action_from_json(action))
    return state


def play_partnership_match(variant_name: str, levels: tuple[str, str, str, str], **arguments):
    """Play a whole four-player match of `variant_name` (`play_match`'s other arguments)."""
    return play_match(levels, variant=variant_name, **arguments)
