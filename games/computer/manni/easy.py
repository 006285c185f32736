"""The easy level (*facile*) of Manni: a random legal decision.

The exchange is not listed card by card in the view's `legal_actions` (one template, no
exchange, beside `exchange_limit`: docs/engine.md, *Manni*), so the easy level draws how many
cards to exchange, up to the limit, then which: every legal exchange can come out.
"""

import random


def choose(view: dict, rng: random.Random) -> dict:
    """Return a random legal action for the seat of `view`."""
    if view["phase"] == "exchange":
        hand = view["hand"]
        count = rng.randint(0, min(view["exchange_limit"], len(hand)))
        return {"seat": view["seat"], "type": "exchange", "cards": rng.sample(hand, count)}
    return rng.choice(view["legal_actions"])
