"""The medium level (*moyen*) of Manni: a club player's rules of thumb, each seat for himself
(manille-variants.md, *Manni*).

It reads its seat's `player_view` only: its hand, the contract and trump, the cards played, the
trick, its own discards, its exchange limit.

- Exchanging: in a nullo deal, discard the high cards (nine and above, the highest first),
  keeping the low ones; in a trump or no-trump deal, discard the low plain cards (eight and
  below) of the short suits first, keeping high cards, trumps and the long suits. Never more
  than the limit: a card drawn blind is worth about an eight.
- Playing a nullo deal: lead the lowest card; following, duck under the winning card with the
  highest card that still ducks; when every card of the suit would win, the last to play takes
  with the highest (the trick is his anyway), the others play the lowest; void, throw the most
  dangerous card (the highest).
- Playing a trump or no-trump deal: lead a master card (every higher card of its suit gone or
  in hand), else the lowest card of the longest suit; following, the last to play takes with
  the cheapest winner, the second with the highest card if it wins; void in a trump deal, ruff
  with the lowest winning trump; when nothing wins, play the cheapest card.
"""

import random

from games.engine.manni.cards import CARDS, CONTRACT_NULLO, SUITS, strengths

SEAT_COUNT = 3
# A card the nullo player is glad to be rid of: nine and above (the ace is low there).
NULLO_DISCARD_FROM = 9
# A plain card worth less than a card drawn blind in a trump or no-trump deal.
LOW_CARD_UP_TO = 8


def choose_exchange(view: dict) -> list[str]:
    """Return the cards to discard, within the seat's limit."""
    hand = view["hand"]
    limit = min(view["exchange_limit"], len(hand))
    contract = view["contract"]
    strength = strengths(contract)
    if contract == CONTRACT_NULLO:
        high = [card for card in hand if strength[card] >= NULLO_DISCARD_FROM]
        high.sort(key=lambda card: -strength[card])
        return high[:limit]
    trump = view["trump"]
    lengths = {suit: sum(1 for card in hand if card[1] == suit) for suit in SUITS}
    low = [card for card in hand if card[1] != trump and strength[card] <= LOW_CARD_UP_TO]
    low.sort(key=lambda card: (lengths[card[1]], strength[card]))
    return low[:limit]


def _winning(trick: list[tuple[int, str]], strength: dict, trump: str | None) -> str:
    best = trick[0][1]
    for _seat, card in trick[1:]:
        if card[1] == best[1]:
            if strength[card] > strength[best]:
                best = card
        elif card[1] == trump:
            best = card
    return best


def _beats(card: str, winning: str, strength: dict, trump: str | None) -> bool:
    if card[1] == winning[1]:
        return strength[card] > strength[winning]
    return card[1] == trump


def _is_master(card: str, gone: set[str], strength: dict) -> bool:
    return all(
        other in gone for other in CARDS if other[1] == card[1] and strength[other] > strength[card]
    )


def choose_card(view: dict) -> str:
    """Return the card to play, one of the legal ones."""
    legal = [action["card"] for action in view["legal_actions"]]
    contract = view["contract"]
    trump = view["trump"]
    strength = strengths(contract)
    trick = [(entry["seat"], entry["card"]) for entry in view["trick"]]
    is_last = len(trick) == SEAT_COUNT - 1
    if contract == CONTRACT_NULLO:
        return _nullo_card(legal, trick, strength, is_last)
    if not trick:
        gone = (
            {entry["card"] for entry in view["plays"]} | set(view["hand"]) | set(view["discards"])
        )
        masters = [card for card in legal if _is_master(card, gone - {card}, strength)]
        if masters:
            return max(masters, key=lambda card: strength[card])
        lengths = {suit: sum(1 for card in legal if card[1] == suit) for suit in SUITS}
        return min(legal, key=lambda card: (-lengths[card[1]], strength[card]))
    winning = _winning(trick, strength, trump)
    winners = [card for card in legal if _beats(card, winning, strength, trump)]
    cheapest = min(legal, key=lambda card: (card[1] == trump, strength[card]))
    if not winners:
        return cheapest
    if is_last:
        return min(winners, key=lambda card: (card[1] == trump, strength[card]))
    highest = max(legal, key=lambda card: (card[1] == trump, strength[card]))
    if highest in winners and highest[1] == trick[0][1][1]:
        return highest
    trumps = [card for card in winners if card[1] == trump]
    if trumps and not any(card[1] == trick[0][1][1] for card in legal):
        return min(trumps, key=lambda card: strength[card])
    return cheapest


def _nullo_card(legal: list[str], trick, strength: dict, is_last: bool) -> str:
    if not trick:
        return min(legal, key=lambda card: strength[card])
    winning = _winning(trick, strength, None)
    led = trick[0][1][1]
    if not any(card[1] == led for card in legal):
        # Void: rid the hand of its most dangerous card.
        return max(legal, key=lambda card: strength[card])
    ducks = [card for card in legal if strength[card] < strength[winning]]
    if ducks:
        return max(ducks, key=lambda card: strength[card])
    if is_last:
        return max(legal, key=lambda card: strength[card])
    return min(legal, key=lambda card: strength[card])


def choose(view: dict, rng: random.Random) -> dict:
    """Return the medium level's action for the seat of `view` (`rng` unused: the rules of
    thumb decide alone)."""
    seat = view["seat"]
    if view["phase"] == "exchange":
        return {"seat": seat, "type": "exchange", "cards": choose_exchange(view)}
    return {"seat": seat, "type": "play", "card": choose_card(view)}
