"""A yardstick: single-observer information-set Monte Carlo tree search (issue 23), for two
players and for the four-player partnership games.

SO-ISMCTS (Cowling, Powley and Whitehouse, 2012) over the rest of the deal, from the seat's
view only. One tree of card sequences is shared by every determinization: each iteration deals
the hidden cards again (the game's knowledge: `games.computer.knowledge.Knowledge.sample`, or
`games.computer.partnership.knowledge.PartnershipKnowledge.sample`), walks down the tree
choosing, among the children legal in this deal, the one with the best UCB score (its mean
reward plus `EXPLORATION` × √(ln availability / visits), availability being how often it could
have been chosen), adds one untried card, plays the deal out with a playout policy and credits
every node with the deal's score seen by the side of the seat that played its card (its side's
score minus the other's, in units of 30 points × the deal's multiplier). The card played is the
root's most visited child.

- Two players: the greedy yardstick's playout policy (`greedy.play_out`); trump or roll, buque
  and sur-buque by the greedy yardstick's determinized search, same budget.
- Four players: the strong level's quick playout policy
  (`games.computer.partnership.playout.play_out`); trump, *mee* and *tegen* by the shared
  determinized search (`games.computer.search.decide`) with that policy and the margins below,
  written here so that a change of the strong level's announcements does not move the
  yardstick; look or blind by the medium level's rule.

Budget: `playouts` iterations (repeatable) or `seconds` of CPU a decision.
"""

import math
import random
import time
from collections.abc import Callable

from games.computer import search
from games.computer.actions import card_action
from games.computer.knowledge import Knowledge
from games.computer.partnership import medium as partnership_medium
from games.computer.partnership.knowledge import PartnershipKnowledge
from games.computer.partnership.playout import play_out as partnership_play_out
from games.engine.core import CARD_INDEX, cards_of
from games.engine.partnership.scoring import TRICKS_PER_DEAL

from . import greedy

LEVEL_ISMCTS = "ismcts"
EXPLORATION = 0.7
DEFAULT_PLAYOUTS = 2000
# Four players: the mean deal score (x1, own team minus the other) from which it says mee, and
# tegen; and the playouts of those announcements and of the trump when the budget is a time.
PARTNERSHIP_MARGINS = {"mee": 8.0, "tegen": 10.0}
PARTNERSHIP_ANNOUNCEMENT_PLAYOUTS = 8000


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Game:
    """What the tree needs of a game: a determinization, whether a deal is over, its playout
    policy, and a finished deal's reward for the side of a seat."""

    def __init__(
        self,
        sample: Callable[[], object],
        is_over: Callable[[object], bool],
        roll_out: Callable[[object], object],
        reward: Callable[[object, int], float],
    ) -> None:
        self.sample = sample
        self.is_over = is_over
        self.roll_out = roll_out
        self.reward = reward


def _iterate(root: _Node, game: _Game, rng: random.Random) -> None:
    playout = game.sample()
    node = root
    # (node, seat that played its card)
    path: list[tuple[_Node, int]] = []
    while not game.is_over(playout):
        cards = cards_of(playout.legal())
        children = node.children
        untried = [card for card in cards if card not in children]
        seat = playout.to_act
        for card in cards:
            if card in children:
                children[card].available += 1
        if untried:
            card = untried[int(rng.random() * len(untried))]
            child = children[card] = _Node()
            child.available = 1
            playout.play(card)
            path.append((child, seat))
            break
        card = cards[0]
        best = -math.inf
        for candidate in cards:
            child = children[candidate]
            value = child.total / child.visits + EXPLORATION * math.sqrt(
                math.log(child.available) / child.visits
            )
            if value > best:
                card, best = candidate, value
        node = children[card]
        playout.play(card)
        path.append((node, seat))
    finished = game.roll_out(playout)
    for child, seat in path:
        child.visits += 1
        child.total += game.reward(finished, seat)


def _search(view: dict, game: _Game, rng, playouts: int | None, seconds: float | None) -> dict:
    """Return the card action of the root's most visited child after the budget's iterations."""
    root = _Node()
    if seconds is None:
        for _ in range(playouts or DEFAULT_PLAYOUTS):
            _iterate(root, game, rng)
    else:
        deadline = time.process_time() + seconds
        _iterate(root, game, rng)
        while time.process_time() < deadline:
            _iterate(root, game, rng)
    cards = [CARD_INDEX[action["card"]] for action in view["legal_actions"]]
    best = max(
        cards,
        key=lambda card: (root.children[card].visits if card in root.children else -1, -card),
    )
    return card_action(view, best)


def _two_player_reward(playout, seat: int) -> float:
    score = playout.score()
    return (score[seat] - score[1 - seat]) / (30.0 * playout.multiplier)


def choose(
    view: dict, rng: random.Random, *, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """Return the yardstick's action for a two-player `view` (one of its legal actions)."""
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0]
    action = greedy.announce(view, rng, greedy.budget_maker(playouts=playouts, seconds=seconds))
    if action is not None:
        return action
    knowledge = Knowledge(view)
    game = _Game(
        sample=lambda: knowledge.sample(rng),
        is_over=lambda playout: playout.is_over,
        roll_out=lambda playout: greedy.play_out(playout, rng),
        reward=_two_player_reward,
    )
    return _search(view, game, rng, playouts, seconds)


def _partnership_reward(playout, seat: int) -> float:
    return playout.value(seat % 2) / (30.0 * playout.multiplier)


def choose_partnership(
    view: dict, rng: random.Random, *, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """Return the yardstick's action for a four-player partnership `view`."""
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0]
    random_ = rng.random
    if view["phase"] != "play":
        budget = playouts or PARTNERSHIP_ANNOUNCEMENT_PLAYOUTS
        return search.decide(
            view,
            rng,
            knowledge_of=PartnershipKnowledge,
            finisher=lambda knowledge, _rng: (
                lambda playout: partnership_play_out(playout, random_).value(knowledge.team)
            ),
            leader=(view["dealer"] + 1) % 4,
            margins=PARTNERSHIP_MARGINS,
            playouts=budget,
            doubling_playouts=max(1, budget // 2),
            rules_of_thumb={"look": partnership_medium.look_or_blind},
        )[0]
    knowledge = PartnershipKnowledge(view)
    game = _Game(
        sample=lambda: knowledge.sample(rng),
        is_over=lambda playout: playout.tricks[0] + playout.tricks[1] == TRICKS_PER_DEAL,
        roll_out=lambda playout: partnership_play_out(playout, random_),
        reward=_partnership_reward,
    )
    return _search(view, game, rng, playouts, seconds)


def choose_action(
    view: dict, *, seed: int, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """`games.computer.choose_action`'s contract for the yardstick (budget: `playouts`
    iterations, the repeatable one, or `seconds` of CPU; `DEFAULT_PLAYOUTS` when neither)."""
    return choose(view, random.Random(seed), playouts=playouts, seconds=seconds)


def choose_partnership_action(
    view: dict, *, seed: int, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """The same contract for a four-player partnership view."""
    return choose_partnership(view, random.Random(seed), playouts=playouts, seconds=seconds)
