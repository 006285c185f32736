"""Computer players: pure decision functions, no Django.

A computer player sees exactly what a person in its seat receives: the `player_view` of its seat
(docs/computer.md). It is never handed the state, the deck or another seat's hand, so it cannot
read a hidden card. The site (`games.robots`) asks `choose_action` for a decision and submits it
through the same one-writer service as a person.

Levels: *facile* a random legal action; *moyen* a club player's rules of thumb (`medium.py`);
*fort* determinized Monte Carlo through the engine's fast core (`strong.py`): a few tenths of a
second of CPU per decision, so the site runs it off the event loop.
"""

import random

from . import medium, strong

LEVEL_EASY = "facile"
LEVEL_MEDIUM = "moyen"
LEVEL_STRONG = "fort"
LEVELS: tuple[str, ...] = (LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG)


def _easy(view: dict, rng: random.Random) -> dict:
    """A random legal action: the level of someone who has just learned the rules."""
    return rng.choice(view["legal_actions"])


_CHOOSERS = {
    LEVEL_EASY: _easy,
    LEVEL_MEDIUM: medium.choose,
    LEVEL_STRONG: strong.choose,
}


def choose_action(level: str, view: dict, *, seed: int) -> dict:
    """Return one of `view["legal_actions"]` (an action's JSON form) for the seat of `view`.

    `seed` makes the decision repeatable: the same view and seed give the same action.
    """
    if level not in _CHOOSERS:
        raise ValueError(f"unknown computer level {level!r}: one of {', '.join(LEVELS)}")
    if not view.get("legal_actions"):
        raise ValueError("the computer player has no decision to make in this view")
    return _CHOOSERS[level](view, random.Random(seed))


def pause_seconds(view: dict, *, seed: int) -> float:
    """How long a computer player waits before acting, to feel like a person at the table:
    about a second, less when there is only one thing it may do."""
    rng = random.Random(seed)
    if len(view.get("legal_actions") or ()) <= 1:
        return 0.3 + rng.random() * 0.3
    return 0.8 + rng.random() * 0.6
