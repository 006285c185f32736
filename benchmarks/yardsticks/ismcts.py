"""A yardstick: single-observer information-set Monte Carlo tree search (issue 23), two players.

SO-ISMCTS (Cowling, Powley and Whitehouse, 2012) over the rest of the deal, from the seat's
view only. One tree of card sequences is shared by every determinization: each iteration deals
the hidden cards again (`games.computer.knowledge.Knowledge.sample`), walks down the tree
choosing, among the children legal in this deal, the one with the best UCB score (its mean
reward plus `EXPLORATION` × √(ln availability / visits), availability being how often it could
have been chosen), adds one untried card, plays the deal out with the greedy yardstick's policy
(`greedy.play_out`) and credits every node with the deal's score seen by the seat that played
its card (own minus the opponent's, in units of 30 points × the deal's multiplier). The card
played is the root's most visited child.

Trump or roll, buque and sur-buque: the greedy yardstick's determinized search, same budget.
Budget: `playouts` iterations (repeatable) or `seconds` of CPU a decision.
"""

import math
import random
import time

from games.computer.actions import card_action
from games.computer.knowledge import Knowledge
from games.engine.core import CARD_INDEX, cards_of

from . import greedy

LEVEL_ISMCTS = "ismcts"
EXPLORATION = 0.7
DEFAULT_PLAYOUTS = 2000


class _Node:
    __slots__ = ("children", "visits", "total", "available")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0


def _iterate(root: _Node, knowledge: Knowledge, rng: random.Random) -> None:
    playout = knowledge.sample(rng)
    node = root
    # (node, seat that played its card)
    path: list[tuple[_Node, int]] = []
    while not playout.is_over:
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
    score = greedy.play_out(playout, rng).score()
    unit = 30.0 * playout.multiplier
    for child, seat in path:
        child.visits += 1
        child.total += (score[seat] - score[1 - seat]) / unit


def choose(
    view: dict, rng: random.Random, *, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """Return the yardstick's action for `view` (one of its legal actions)."""
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0]
    action = greedy.announce(view, rng, greedy.budget_maker(playouts=playouts, seconds=seconds))
    if action is not None:
        return action
    knowledge = Knowledge(view)
    root = _Node()
    if seconds is None:
        for _ in range(playouts or DEFAULT_PLAYOUTS):
            _iterate(root, knowledge, rng)
    else:
        deadline = time.process_time() + seconds
        _iterate(root, knowledge, rng)
        while time.process_time() < deadline:
            _iterate(root, knowledge, rng)
    cards = [CARD_INDEX[action["card"]] for action in legal_actions]
    best = max(
        cards,
        key=lambda card: (root.children[card].visits if card in root.children else -1, -card),
    )
    return card_action(view, best)


def choose_action(
    view: dict, *, seed: int, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """`games.computer.choose_action`'s contract for the yardstick (budget: `playouts`
    iterations, the repeatable one, or `seconds` of CPU; `DEFAULT_PLAYOUTS` when neither)."""
    return choose(view, random.Random(seed), playouts=playouts, seconds=seconds)
