"""The easy level (*facile*) of *Manille aux enchères*: a random legal action, except in the
auction, where a bid drawn among dozens of values would be silly: it passes or bids the lowest
bid allowed, evenly (docs/computer.md)."""

import random


def choose(view: dict, rng: random.Random) -> dict:
    """Return the easy level's action for an enchères `view` (one of its legal actions)."""
    actions = view["legal_actions"]
    bids = [action for action in actions if action["type"] == "bid"]
    if not bids:
        return rng.choice(actions)
    passes = [action for action in actions if action["type"] == "pass"]
    lowest = min(bids, key=lambda action: action["points"])
    return rng.choice([*passes, lowest])
