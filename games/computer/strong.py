"""The strong level (*fort*): determinized Monte Carlo over the information set.

For each decision it deals the hidden cards again many times, consistently with everything its
seat has seen (`knowledge.Knowledge.sample`), plays every candidate out to the end of the deal
in each of those deals through the engine's fast core (`games.engine.core`), and keeps the
candidate with the best average deal score (its own score minus the opponent's, multiplied as
the deal is). The same deals are used for every candidate (common random numbers), so the
comparison is fair even with few playouts. The number of playouts is fixed (`PLAYOUTS`), not a
time budget, so a decision depends only on the view and the seed.

- Cards: each legal card, then random legal cards for both seats until the sixteenth trick.
- Trump or roll: each choice, played out from the first card (the non-dealer leads).
- Buque and sur-buque: the expected score of the deal as it stands; double it only when clearly
  ahead (sur-buque asks for more: the buque said the opponent's hand is strong).
"""

import random

from games.engine.core import CARD_INDEX, NO_TRUMP, SUIT_INDEX, Playout, play_randomly

from .knowledge import Knowledge

# Playouts per decision: the benchmark (benchmarks/computer_speed.py) keeps its p95 under a
# second on one core of the development machine.
PLAYOUTS = 16000
# Mean deal score (x1, own minus opponent's) above which it buques, and sur-buques.
BUQUE_MARGIN = 6.0
SURBUQUE_MARGIN = 12.0

_CARD_NAMES = {index: card for card, index in CARD_INDEX.items()}


def _value(playout: Playout, seat: int) -> int:
    score = playout.score()
    return score[seat] - score[1 - seat]


def _best_card(knowledge: Knowledge, legal_cards: list[int], rng: random.Random, playouts: int):
    seat = knowledge.seat
    totals = dict.fromkeys(legal_cards, 0)
    rounds = max(1, playouts // len(legal_cards))
    random_ = rng.random
    for _ in range(rounds):
        deal = knowledge.sample(rng)
        for card in legal_cards:
            playout = deal.copy()
            playout.play(card)
            play_randomly(playout, random_)
            totals[card] += _value(playout, seat)
    return max(legal_cards, key=lambda card: (totals[card], -card)), rounds * len(legal_cards)


def _trump_choice(view: dict, knowledge: Knowledge, rng: random.Random, playouts: int):
    options = view["legal_actions"]
    seat = knowledge.seat
    leader = 1 - view["dealer"]
    totals = [0] * len(options)
    rounds = max(1, playouts // len(options))
    random_ = rng.random
    for _ in range(rounds):
        deal = knowledge.sample(rng, to_act=leader)
        for index, action in enumerate(options):
            playout = deal.copy()
            if action["type"] == "roll":
                playout.trump = NO_TRUMP
                playout.multiplier = knowledge.multiplier * 2
            else:
                playout.trump = SUIT_INDEX[action["suit"]]
            play_randomly(playout, random_)
            totals[index] += _value(playout, seat)
    best = max(range(len(options)), key=lambda index: (totals[index], -index))
    return options[best], rounds * len(options)


def expected_score(view: dict, knowledge: Knowledge, rng: random.Random, playouts: int) -> float:
    """The mean deal score (own minus opponent's, x1) of the deal about to be played."""
    leader = 1 - view["dealer"]
    total = 0
    random_ = rng.random
    for _ in range(playouts):
        playout = knowledge.sample(rng, to_act=leader)
        playout.multiplier = 1
        play_randomly(playout, random_)
        total += _value(playout, knowledge.seat)
    return total / playouts


def _find(view: dict, kind: str) -> dict | None:
    for action in view["legal_actions"]:
        if action["type"] == kind:
            return action
    return None


def decide(view: dict, rng: random.Random, playouts: int | None = None) -> tuple[dict, int]:
    """Return (action, playouts run) for `view`; `playouts` defaults to PLAYOUTS."""
    if playouts is None:
        playouts = PLAYOUTS
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0], 0
    knowledge = Knowledge(view)
    phase = view["phase"]
    if phase == "trump":
        return _trump_choice(view, knowledge, rng, playouts)
    if phase in ("buque", "surbuque"):
        mean = expected_score(view, knowledge, rng, playouts)
        wanted = "buque" if phase == "buque" else "surbuque"
        margin = BUQUE_MARGIN if phase == "buque" else SURBUQUE_MARGIN
        action = _find(view, wanted) if mean >= margin else None
        return action or _find(view, "pass"), playouts
    cards = [CARD_INDEX[action["card"]] for action in legal_actions]
    card, count = _best_card(knowledge, cards, rng, playouts)
    name = _CARD_NAMES[card]
    return next(action for action in legal_actions if action["card"] == name), count


def choose(view: dict, rng: random.Random) -> dict:
    """Return the strong level's action for `view` (one of its legal actions)."""
    return decide(view, rng)[0]
