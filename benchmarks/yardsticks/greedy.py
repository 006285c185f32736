"""A yardstick: determinized Monte Carlo with mostly greedy playouts (issue 23), two players.

For each decision it deals the hidden cards again consistently with its seat's view
(`games.computer.knowledge.Knowledge.sample`), plays every candidate in each of those deals and
the deal out with an epsilon-greedy policy for both seats, and keeps the candidate with the
best total deal score (own minus the opponent's, multiplied as the deal is). The policy, written
here card by card through `Playout.play` (plain, not the fast core's hot loop):

- one card in `RANDOM_SHARE` is a random legal card;
- otherwise, following: the cheapest card that takes the trick (fewest points, then the
  weakest), else the card with the fewest points, a plain card before a trump, the weakest;
- leading: the card with the fewest points, a plain card before a trump, the weakest.

Trump or roll: each legal choice played from the first card; buque and sur-buque: the mean deal
score (x1) of the deal as announced, doubling from `MARGINS` (the strong level's margins).

The budget is `playouts` (repeatable: the same view and seed give the same action) or
`seconds` of CPU a decision (rounds of determinizations until the time is spent, at least one).
"""

import random
import time

from games.computer.actions import card_action, double_or_pass
from games.computer.knowledge import Knowledge
from games.engine.core import (
    CARD_INDEX,
    CARD_POINTS,
    NO_TRUMP,
    SUIT_INDEX,
    Playout,
    cards_of,
    follower_wins,
)

LEVEL_GREEDY = "greedy"
# One card in this many is random in a playout.
RANDOM_SHARE = 7
MARGINS = {"buque": 6.0, "surbuque": 12.0}
# The budget when neither playouts nor seconds are given.
DEFAULT_PLAYOUTS = 2000


def _cheapest(cards: list[int], trump: int) -> int:
    """The card of `cards` that gives away least: fewest points, a plain card before a trump,
    then the weakest (the highest index in a suit)."""
    return min(cards, key=lambda card: (CARD_POINTS[card], card >> 3 == trump, -card))


def policy_card(playout: Playout, rng: random.Random) -> int:
    """Return the greedy policy's card for the seat to act in `playout`."""
    cards = cards_of(playout.legal())
    if len(cards) == 1:
        return cards[0]
    if rng.randrange(RANDOM_SHARE) == 0:
        return rng.choice(cards)
    trump = playout.trump
    led = playout.led
    if led >= 0:
        winning = [card for card in cards if follower_wins(led, card, trump)]
        if winning:
            return _cheapest(winning, trump)
    return _cheapest(cards, trump)


def play_out(playout: Playout, rng: random.Random) -> Playout:
    """Play `playout` to the end of the deal with the greedy policy for both seats."""
    while not playout.is_over:
        playout.play(policy_card(playout, rng))
    return playout


class _Budget:
    """Rounds of determinizations: a number of playouts, or CPU seconds (at least one round)."""

    def __init__(self, *, playouts: int | None, seconds: float | None, per_round: int) -> None:
        self.rounds = (
            None if seconds is not None else max(1, (playouts or DEFAULT_PLAYOUTS) // per_round)
        )
        self.deadline = time.process_time() + seconds if seconds is not None else None
        self.done = 0

    def more(self) -> bool:
        if self.done and (
            (self.rounds is not None and self.done >= self.rounds)
            or (self.deadline is not None and time.process_time() >= self.deadline)
        ):
            return False
        self.done += 1
        return True


def _value(playout: Playout, seat: int, rng: random.Random) -> int:
    score = play_out(playout, rng).score()
    return score[seat] - score[1 - seat]


def _best_card(view, knowledge, rng, budget_of) -> dict:
    cards = [CARD_INDEX[action["card"]] for action in view["legal_actions"]]
    totals = [0] * len(cards)
    budget = budget_of(len(cards))
    while budget.more():
        deal = knowledge.sample(rng)
        for index, card in enumerate(cards):
            playout = deal.copy()
            playout.play(card)
            totals[index] += _value(playout, knowledge.seat, rng)
    best = max(range(len(cards)), key=lambda index: (totals[index], -cards[index]))
    return card_action(view, cards[best])


def _best_trump(view, knowledge, rng, budget_of, leader: int) -> dict:
    options = view["legal_actions"]
    totals = [0] * len(options)
    budget = budget_of(len(options))
    while budget.more():
        deal = knowledge.sample(rng, to_act=leader)
        for index, option in enumerate(options):
            playout = deal.copy()
            suit = option.get("suit")
            if suit is None:
                playout.trump = NO_TRUMP
                playout.multiplier = knowledge.multiplier * 2
            else:
                playout.trump = SUIT_INDEX[suit]
            totals[index] += _value(playout, knowledge.seat, rng)
    return options[max(range(len(options)), key=lambda index: (totals[index], -index))]


def _doubling(view, knowledge, rng, budget_of, leader: int) -> dict:
    total = 0
    budget = budget_of(1)
    while budget.more():
        deal = knowledge.sample(rng, to_act=leader, multiplier=1)
        total += _value(deal, knowledge.seat, rng)
    phase = view["phase"]
    return double_or_pass(view, phase, total / budget.done, MARGINS[phase])


def announce(view: dict, rng: random.Random, budget_of) -> dict | None:
    """Return the announcement for `view` (trump, buque, sur-buque) by the determinized search,
    or None when `view` asks for a card; `budget_of(candidates)` gives a `_Budget`."""
    phase = view["phase"]
    leader = 1 - view["dealer"]
    if phase == "trump":
        return _best_trump(view, Knowledge(view), rng, budget_of, leader)
    if phase in MARGINS:
        return _doubling(view, Knowledge(view), rng, budget_of, leader)
    return None


def budget_maker(*, playouts: int | None, seconds: float | None):
    """Return `budget_of(candidates)`: a fresh budget for a decision among that many."""

    def budget_of(candidates: int) -> _Budget:
        return _Budget(playouts=playouts, seconds=seconds, per_round=candidates)

    return budget_of


def choose(
    view: dict, rng: random.Random, *, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """Return the yardstick's action for `view` (one of its legal actions)."""
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0]
    budget_of = budget_maker(playouts=playouts, seconds=seconds)
    action = announce(view, rng, budget_of)
    if action is not None:
        return action
    return _best_card(view, Knowledge(view), rng, budget_of)


def choose_action(
    view: dict, *, seed: int, playouts: int | None = None, seconds: float | None = None
) -> dict:
    """`games.computer.choose_action`'s contract for the yardstick (budget: `playouts`, the
    repeatable one, or `seconds` of CPU; `DEFAULT_PLAYOUTS` when neither is given)."""
    return choose(view, random.Random(seed), playouts=playouts, seconds=seconds)
