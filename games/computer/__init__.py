"""Computer players: pure decision functions, no Django.

A computer player sees exactly what a person in its seat receives: the `player_view` of its seat
(docs/computer.md). It is never handed the state, the deck or another seat's hand, so it cannot
read a hidden card. The site (`games.robots`) asks `choose_action` for a decision and submits it
through the same one-writer service as a person.

Levels: *facile* a random legal action; *moyen* a club player's rules of thumb (`medium.py`);
*fort* determinized Monte Carlo through the engine's fast core (`strong.py`): a few tenths of a
second of CPU per decision, so the site runs it off the event loop. The four-player games
(Flemish and French Manille) have the same three levels in `partnership/`; *Manille à trois*
has *facile* and *moyen* in `trois/`, its *fort* playing *moyen*; *Manille aux enchères* (at
four and at three) has its own *facile* and *moyen* in `encheres/`, its *fort* playing *moyen*
(docs/computer.md). `choose_action` finds the levels of a view's game by its variant name
(`_LEVELS_BY_VARIANT`), never by its number of seats alone: two games of four seats may play
nothing alike.
"""

import random

from games.engine import encheres as encheres_engine
from games.engine import manni as manni_engine
from games.engine import partnership as partnership_engine
from games.engine import trois as trois_engine
from games.engine.partnership import QUESTION_TYPES
from games.engine.variants import VARIANT_TWO_PLAYER, variant_get

from . import manni as manni_levels
from . import medium, strong
from .encheres import easy as encheres_easy
from .encheres import medium as encheres_medium
from .partnership import medium as partnership_medium
from .partnership import strong as partnership_strong
from .trois import medium as trois_medium

LEVEL_EASY = "facile"
LEVEL_MEDIUM = "moyen"
LEVEL_STRONG = "fort"
LEVELS: tuple[str, ...] = (LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG)


def _easy(view: dict, rng: random.Random) -> dict:
    """A random legal action: the level of someone who has just learned the rules."""
    return rng.choice(view["legal_actions"])


# The levels of each family of games: the two-player game; the partnership games (Flemish,
# French muette and parlée share their players: the view names its game, and the rules'
# differences are the ruleset's values); *Manille à trois*, whose strong level plays the medium
# level's rules of thumb (the fast core and its playouts are the two- and four-player games');
# *aux enchères*, the same at four and at three (its strong level plays medium too).
_TWO_PLAYER_LEVELS = {LEVEL_EASY: _easy, LEVEL_MEDIUM: medium.choose, LEVEL_STRONG: strong.choose}
_PARTNERSHIP_LEVELS = {
    LEVEL_EASY: _easy,
    LEVEL_MEDIUM: partnership_medium.choose,
    LEVEL_STRONG: partnership_strong.choose,
}
_TROIS_LEVELS = {
    LEVEL_EASY: _easy,
    LEVEL_MEDIUM: trois_medium.choose,
    LEVEL_STRONG: trois_medium.choose,
}
_ENCHERES_LEVELS = {
    LEVEL_EASY: encheres_easy.choose,
    LEVEL_MEDIUM: encheres_medium.choose,
    LEVEL_STRONG: encheres_medium.choose,
}

# Every registered game, by its variant name, with the levels of its family.
_LEVELS_BY_VARIANT = {
    VARIANT_TWO_PLAYER: _TWO_PLAYER_LEVELS,
    **{variant: _PARTNERSHIP_LEVELS for variant in partnership_engine.RULESETS},
    trois_engine.VARIANT: _TROIS_LEVELS,
    **{variant: _ENCHERES_LEVELS for variant in encheres_engine.RULESETS},
    # Manni's own levels (fort plays moyen: no playouts for Manni yet).
    manni_engine.VARIANT: manni_levels.CHOOSERS,
}


def _choosers(view: dict) -> dict:
    """The levels for the game of `view` (a two-player view does not name its game)."""
    return _LEVELS_BY_VARIANT[variant_get(view.get("variant", VARIANT_TWO_PLAYER)).name]


def _without_questions(view: dict) -> dict:
    """The view with the partners' questions (*parlée*) left out of its legal actions: no level
    asks yet (a random one would spend its turns asking), each plays *parlée* as *muette*."""
    actions = view.get("legal_actions") or []
    plays = [action for action in actions if action.get("type") not in QUESTION_TYPES]
    if len(plays) == len(actions):
        return view
    return {**view, "legal_actions": plays}


def choose_action(level: str, view: dict, *, seed: int) -> dict:
    """Return one of `view["legal_actions"]` (an action's JSON form) for the seat of `view`.

    `seed` makes the decision repeatable: the same view and seed give the same action.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown computer level {level!r}: one of {', '.join(LEVELS)}")
    if not view.get("legal_actions"):
        raise ValueError("the computer player has no decision to make in this view")
    return _choosers(view)[level](_without_questions(view), random.Random(seed))


def pause_seconds(view: dict, *, seed: int) -> float:
    """How long a computer player waits before acting, to feel like a person at the table:
    about a second, less when there is only one thing it may do."""
    rng = random.Random(seed)
    if len(_without_questions(view).get("legal_actions") or ()) <= 1:
        return 0.3 + rng.random() * 0.3
    return 0.8 + rng.random() * 0.6
