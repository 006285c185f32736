"""The strong level (*fort*) of the partnership games: determinized Monte Carlo.

For each decision it deals the three unknown hands again many times, consistently with what its
seat saw (`knowledge.PartnershipKnowledge.sample`: the cards played, the voids and the cards too
low shown under the follower rule, the French turned-up card), plays every candidate to the end
of the deal in each of those deals (`playout.play_out`, a quick policy for all four seats) and
keeps the candidate with the best mean deal score of its team (its score minus the other team's,
multiplier included): the shared search of `games/computer/search.py`, every candidate played
in the same deals (common random numbers). The budget is a number of playouts (`PLAYOUTS`), not a
time, so a decision depends only on the view and the seed; it is the most a search plays: it
ends sooner once its choice is settled (`search`, `settle`), and on the site a loaded process
may stop it at the end of the pause (`search.thinking_until`).

- Trump (the Flemish dealer): each suit and no trump (x2), played from d+1's first card.
- Mee and tegen: the mean deal score (x1) of the deal as named; double it only when clearly
  ahead (the margins below). Nothing in the samples knows what the trump choice said of the
  dealer's hand, so the margins are on the safe side.
- Look or blind: the medium level's rule (`medium.blind_is_worth_it`): no sample can judge a
  hand nobody has seen, and blind only pays when the match is nearly lost anyway.
"""

import random

from .. import search
from . import inference, medium
from .knowledge import PartnershipKnowledge
from .playout import PartnershipPlayout, play_out

# Playouts per decision: benchmarks/partnership_strength.py --speed keeps the p95 of a decision
# under a second of CPU on one core of the development machine.
PLAYOUTS = 8000
# Mean deal score (x1, own team minus the other) from which it says mee, and tegen.
MARGINS = {"mee": 8.0, "tegen": 10.0}


def _finisher(knowledge: PartnershipKnowledge, rng: random.Random):
    """Return the end of a playout: the quick policy for all four seats (`play_out`), then the
    deal's score, own team minus the other."""
    random_ = rng.random
    team = knowledge.team

    def finish(playout: PartnershipPlayout) -> int:
        return play_out(playout, random_).value(team)

    return finish


def decide(
    view: dict,
    rng: random.Random,
    playouts: int | None = None,
    *,
    infer: bool = False,
    settle: bool = True,
) -> tuple[dict, int]:
    """Return (action, playouts run) for a partnership `view`; `playouts` defaults to
    PLAYOUTS; `infer` deals the other hands as the announcements make likely
    (`inference.informed`: for the benchmarks, not the site's level yet); `settle` stops once
    the choice is settled (`search`; benchmarks compare it with the whole budget)."""
    if playouts is None:
        playouts = PLAYOUTS
    return search.decide(
        view,
        rng,
        knowledge_of=inference.informed if infer else PartnershipKnowledge,
        finisher=_finisher,
        # Before the cards, a deal is played from its first card: d+1 leads.
        leader=(view["dealer"] + 1) % 4,
        margins=MARGINS,
        playouts=playouts,
        doubling_playouts=max(1, playouts // 2),
        # No sample can judge a hand nobody has seen.
        rules_of_thumb={"look": medium.look_or_blind},
        settle=settle,
    )


def choose(view: dict, rng: random.Random) -> dict:
    """Return the strong level's action for a partnership `view` (one of its legal actions)."""
    return decide(view, rng)[0]
