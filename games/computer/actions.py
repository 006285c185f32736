"""Reading a view's legal actions, the same way for every game and level."""

from games.engine.cards import CARDS


def find_action(view: dict, **fields) -> dict | None:
    """Return the first legal action of `view` with these fields, or None."""
    for action in view["legal_actions"]:
        if all(action.get(key) == value for key, value in fields.items()):
            return action
    return None


def card_action(view: dict, card: int) -> dict | None:
    """Return the legal action of `view` that plays `card` (a card index), or None."""
    return find_action(view, type="play", card=CARDS[card])


def double_or_pass(view: dict, wanted: str, mean: float, margin: float) -> dict:
    """Return the action `wanted` (a doubling: buque, mee, ...) when `mean`, the expected deal
    score, is at least `margin`, else `pass`."""
    action = find_action(view, type=wanted) if mean >= margin else None
    return action or find_action(view, type="pass")
