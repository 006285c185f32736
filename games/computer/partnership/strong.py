"""The strong level (*fort*) of the partnership games: determinized Monte Carlo.

For each decision it deals the three unknown hands again many times, consistently with what its
seat saw (`knowledge.PartnershipKnowledge.sample`: the cards played, the voids and the cards too
low shown under the follower rule, the French turned-up card), plays every candidate to the end
of the deal in each of those deals (`playout.play_out`, a quick policy for all four seats) and
keeps the candidate with the best mean deal score of its team (its score minus the other team's,
multiplier included). Every candidate is played in the same deals (common random numbers). The
budget is a number of playouts (`PLAYOUTS`), not a time, so a decision depends only on the view
and the seed.

- Cards: each legal card.
- Trump (the Flemish dealer): each suit and no trump (x2), played from d+1's first card.
- Mee and tegen: the mean deal score (x1) of the deal as named; double it only when clearly
  ahead (the margins below). Nothing in the samples knows what the trump choice said of the
  dealer's hand, so the margins are on the safe side.
- Look or blind: the medium level's rule (`medium.blind_is_worth_it`): no sample can judge a
  hand nobody has seen, and blind only pays when the match is nearly lost anyway.
"""

import random

from games.engine.core import CARD_INDEX, NO_TRUMP, SUIT_INDEX

from ..medium import find_action
from . import medium
from .knowledge import PartnershipKnowledge
from .playout import play_out

# Playouts per decision: benchmarks/partnership_strength.py --speed keeps the p95 of a decision
# under a second of CPU on one core of the development machine.
PLAYOUTS = 8000
# Mean deal score (x1, own team minus the other) above which it says mee, and tegen.
MEE_MARGIN = 8.0
TEGEN_MARGIN = 10.0

_CARD_NAMES = {index: card for card, index in CARD_INDEX.items()}


def _best_card(knowledge: PartnershipKnowledge, cards: list[int], rng: random.Random, playouts):
    team = knowledge.team
    totals = dict.fromkeys(cards, 0)
    rounds = max(1, playouts // len(cards))
    random_ = rng.random
    for _ in range(rounds):
        deal = knowledge.sample(rng)
        for card in cards:
            playout = deal.copy()
            playout.play(card)
            totals[card] += play_out(playout, random_).value(team)
    return max(cards, key=lambda card: (totals[card], -card)), rounds * len(cards)


def _trump_choice(view: dict, knowledge: PartnershipKnowledge, rng: random.Random, playouts):
    options = view["legal_actions"]
    leader = (view["dealer"] + 1) % 4
    totals = [0] * len(options)
    rounds = max(1, playouts // len(options))
    random_ = rng.random
    for _ in range(rounds):
        deal = knowledge.sample(rng, to_act=leader)
        for index, action in enumerate(options):
            playout = deal.copy()
            if action["suit"] is None:
                playout.trump = NO_TRUMP
                playout.multiplier = knowledge.multiplier * 2
            else:
                playout.trump = SUIT_INDEX[action["suit"]]
            totals[index] += play_out(playout, random_).value(knowledge.team)
    best = max(range(len(options)), key=lambda index: (totals[index], -index))
    return options[best], rounds * len(options)


def expected_score(knowledge: PartnershipKnowledge, rng: random.Random, playouts: int) -> float:
    """The mean deal score (own team minus the other, x1) of the deal about to be played."""
    total = 0
    random_ = rng.random
    for _ in range(playouts):
        playout = knowledge.sample(rng, multiplier=1)
        total += play_out(playout, random_).value(knowledge.team)
    return total / playouts


def decide(view: dict, rng: random.Random, playouts: int | None = None) -> tuple[dict, int]:
    """Return (action, playouts run) for a partnership `view`; `playouts` defaults to
    PLAYOUTS."""
    if playouts is None:
        playouts = PLAYOUTS
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0], 0
    phase = view["phase"]
    if phase == "look":
        return medium.look_or_blind(view), 0
    knowledge = PartnershipKnowledge(view)
    if phase == "trump":
        return _trump_choice(view, knowledge, rng, playouts)
    if phase in ("mee", "tegen"):
        # The samples start from the first card: d+1 leads.
        knowledge.to_act = (view["dealer"] + 1) % 4
        mean = expected_score(knowledge, rng, max(1, playouts // 2))
        margin = MEE_MARGIN if phase == "mee" else TEGEN_MARGIN
        action = find_action(view, type=phase) if mean >= margin else None
        return action or find_action(view, type="pass"), max(1, playouts // 2)
    cards = [CARD_INDEX[action["card"]] for action in legal_actions]
    card, count = _best_card(knowledge, cards, rng, playouts)
    name = _CARD_NAMES[card]
    return next(action for action in legal_actions if action["card"] == name), count


def choose(view: dict, rng: random.Random) -> dict:
    """Return the strong level's action for a partnership `view` (one of its legal actions)."""
    return decide(view, rng)[0]
