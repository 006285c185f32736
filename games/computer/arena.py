"""Matches between computer levels, through the public engine API and the player views only.

Used by the tests (every action legal) and by the strength benchmark.
"""

import random

from games.engine import (
    FORMAT_FIRST_TO_71,
    Action,
    Phase,
    apply,
    deal_start,
    new_match,
    player_view,
    seat_to_act,
    shuffled_deck,
)


def play_match(
    levels: tuple[str, str],
    *,
    seed: int,
    format: str = FORMAT_FIRST_TO_71,
    first_dealer: int = 0,
    choose=None,
    on_decision=None,
):
    """Play a whole match, `levels[seat]` deciding for each seat; return the final state.

    Each decision is asked of `choose(level, view, seed=...)` (default: `choose_action`) with the
    seat's `player_view` only; `on_decision(view, action)` sees each of them (tests check
    legality there). The decks come from `seed`.
    """
    if choose is None:
        from . import choose_action as choose
    rng = random.Random(seed)
    state = new_match(format=format, first_dealer=first_dealer)
    decision = 0
    while state.phase is not Phase.MATCH_OVER:
        if state.phase is Phase.DEALING:
            state = deal_start(state, shuffled_deck(rng))
            continue
        seat = seat_to_act(state)
        view = player_view(state, seat)
        decision += 1
        action = choose(levels[seat], view, seed=seed * 1_000_003 + decision)
        if on_decision is not None:
            on_decision(view, action)
        state = apply(state, Action.from_json(action))
    return state


def play_partnership_match(
    variant_name: str,
    levels: tuple[str, str, str, str],
    *,
    seed: int,
    format: str | None = None,
    options: dict | None = None,
    first_dealer: int = 0,
    choose=None,
    on_decision=None,
):
    """Play a whole four-player match through the variant registry, `levels[seat]` deciding
    for each seat from its `player_view` only; return the final state (`winner` is a team).

    Same arguments as `play_match`, with the game's name and its table options.
    """
    from games.engine.variants import variant_get

    if choose is None:
        from . import choose_action as choose
    variant = variant_get(variant_name)
    rng = random.Random(seed)
    state = variant.new_match(first_dealer=first_dealer, format=format, options=options)
    decision = 0
    while not state.is_finished:
        seat = variant.seat_to_act(state)
        if seat is None:
            state = variant.deal_start(state, variant.shuffled_deck(rng))
            continue
        view = variant.player_view(state, seat)
        decision += 1
        action = choose(levels[seat], view, seed=seed * 1_000_003 + decision)
        if on_decision is not None:
            on_decision(view, action)
        state = variant.apply(state, variant.action_from_json(action))
    return state
