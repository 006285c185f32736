"""The strong level (*fort*): determinized Monte Carlo over the information set.

For each decision it deals the hidden cards again many times, consistently with everything its
seat has seen (`knowledge.Knowledge.sample`), plays every candidate out to the end of the deal
in each of those deals through the engine's fast core (`games.engine.core.play_randomly`:
random legal cards for both seats), and keeps the candidate with the best average deal score
(its own score minus the opponent's, multiplied as the deal is): the search shared by the
strong levels (`search.py`). The number of playouts is fixed
(`PLAYOUTS`), not a time budget, so a decision depends only on the view and the seed: a search
ends sooner once its choice is settled (`search`, `settle`), the budget is its most. On the
site a search also stops at the end of the computer's pause once it has played an eighth of its
budget (`search.thinking_until`), which only a loaded process reaches.

- Trump or roll: each choice, played out from the first card (the non-dealer leads).
- Buque and sur-buque: the expected score of the deal as it stands; double it only when clearly
  ahead (sur-buque asks for more: the buque said the opponent's hand is strong).
"""

import random
from collections.abc import Callable

from games.engine.core import Playout, play_randomly

from . import inference, search
from .knowledge import Knowledge

# Playouts per decision: the benchmark (benchmarks/computer_speed.py) keeps its p95 under a
# second on one core of the development machine. Random playouts: the fast core's policy
# playouts (`play_greedily`) measured weaker at the same time a decision (docs/computer.md).
PLAYOUTS = 16000
# Mean deal score (x1, own minus opponent's) from which it buques, and sur-buques.
MARGINS = {"buque": 6.0, "surbuque": 12.0}


def _finisher_with(policy: Callable[[Playout, Callable[[], float]], Playout]):
    """Return the finisher of `search.decide` that plays a playout out with `policy`."""

    def finisher(knowledge: Knowledge, rng: random.Random):
        """Return the end of a playout: the deal played out with the policy, then its score,
        own minus the opponent's."""
        random_ = rng.random
        seat = knowledge.seat

        def finish(playout: Playout) -> int:
            score = policy(playout, random_).score()
            return score[seat] - score[1 - seat]

        return finish

    return finisher


def decide(
    view: dict,
    rng: random.Random,
    playouts: int | None = None,
    *,
    policy: Callable[[Playout, Callable[[], float]], Playout] = play_randomly,
    infer: bool = False,
    settle: bool = True,
) -> tuple[dict, int]:
    """Return (action, playouts run) for `view`; `playouts` defaults to PLAYOUTS, `policy` (how
    a playout plays its cards) to the fast core's `play_randomly` (benchmarks compare it with
    `play_greedily`); `infer` draws the opponent's hands as his announcements make likely
    (`inference.informed`); `settle` stops once the choice is settled (`search`; benchmarks
    compare it with the whole budget)."""
    if playouts is None:
        playouts = PLAYOUTS
    return search.decide(
        view,
        rng,
        knowledge_of=inference.informed if infer else Knowledge,
        finisher=_finisher_with(policy),
        leader=1 - view["dealer"],
        margins=MARGINS,
        playouts=playouts,
        doubling_playouts=playouts,
        settle=settle,
    )


def choose(view: dict, rng: random.Random) -> dict:
    """Return the strong level's action for `view` (one of its legal actions)."""
    return decide(view, rng)[0]
