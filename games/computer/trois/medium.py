"""The medium level (*moyen*) of *Manille à trois*: a club player's rules of thumb, each seat
playing for himself (manille-variants.md, *French Manille à trois*).

It reads its seat's `player_view` only: its hand, the cards played (`plays`), the trick, trump,
the pair of sevens out. Every other card is "outside" (in another hand, or in the talon nobody
sees). A seat that did not follow the led suit is void in it; one that, void, did not trump a
trick no trump was winning holds no trump (the follower rule would have made him).

- Following: when a card of his can take the trick and nobody still to play can take it back
  (the last to play, or a card no outside card beats and the next seat cannot ruff), take it
  with the cheapest such card; when only an unsafe winner exists and the trick is worth it,
  risk the cheapest; otherwise play the cheapest card: never give points to an opponent.
- Leading: cash a master card with points in a suit nobody can ruff; draw trumps with the top
  trump when holding four or more; else a low card of the longest plain suit.
"""

import random

from games.engine.cards import CARDS, POINTS, STRENGTH
from games.engine.tricks import trick_winner

from ..actions import find_action

SEAT_COUNT = 3
# A trick holding this many points is worth a winner that may be beaten.
RISK_WHEN_TRICK_HOLDS = 4
# Draw trumps with this many.
DRAW_TRUMPS_WITH = 4


class _Table:
    """What the seat knows of the deal now, in the terms of the rules of thumb."""

    def __init__(self, view: dict) -> None:
        self.seat = view["seat"]
        # Three at *à trois* (a view cut down to its cards says nothing else); *aux enchères*
        # reuses these rules of thumb at four too.
        self.seat_count = seat_count = len(view.get("hand_counts") or range(SEAT_COUNT))
        self.trump = view["trump"]
        self.hand = list(view["hand"])
        played = [(entry["seat"], entry["card"]) for entry in view["plays"]]
        removed = set(view.get("removed") or ())
        seen = set(self.hand) | {card for _seat, card in played} | removed
        self.outside = [card for card in CARDS if card not in seen]
        self.voids: list[set[str]] = [set() for _seat in range(seat_count)]
        for start in range(0, len(played), seat_count):
            self._learn(played[start : start + seat_count])
        self.trick = [(entry["seat"], entry["card"]) for entry in view["trick"]]
        self.still_to_play = [
            (self.seat + step) % seat_count for step in range(1, seat_count - len(self.trick))
        ]

    def _learn(self, trick: list[tuple[int, str]]) -> None:
        led = trick[0][1][1]
        for position in range(1, len(trick)):
            seat, card = trick[position]
            if card[1] == led:
                continue
            self.voids[seat].add(led)
            winning = trick[
                trick_winner(list(enumerate(c for _s, c in trick[:position])), self.trump)
            ][1]
            if card[1] != self.trump and winning[1] != self.trump:
                self.voids[seat].add(self.trump)

    def is_master(self, card: str) -> bool:
        """No stronger card of its suit is outside."""
        return not any(
            other[1] == card[1] and STRENGTH[other] > STRENGTH[card] for other in self.outside
        )

    def may_ruff(self, seat: int, suit: str) -> bool:
        """Whether `seat` may trump `suit`: shown void in it, trumps maybe left."""
        return (
            suit != self.trump
            and suit in self.voids[seat]
            and self.trump not in self.voids[seat]
            and any(card[1] == self.trump for card in self.outside)
        )

    def wins(self, card: str) -> bool:
        """Whether `card` would take the trick as it stands."""
        cards = [played for _seat, played in self.trick] + [card]
        return trick_winner(list(enumerate(cards)), self.trump) == len(cards) - 1

    def is_safe(self, card: str) -> bool:
        """Whether `card`, winning now, stays winning whatever the seats still to play hold."""
        if not self.is_master(card):
            return False
        led = self.trick[0][1][1] if self.trick else card[1]
        return not any(self.may_ruff(seat, led) for seat in self.still_to_play)


def _cheap_key(card: str, table: _Table) -> tuple:
    """Fewest points, no trump, no master card, the weakest."""
    return (POINTS[card], card[1] == table.trump, table.is_master(card), STRENGTH[card])


def _winner_key(card: str, table: _Table) -> tuple:
    """The cheapest way to take a trick: no trump if possible, then the weakest card."""
    return (card[1] == table.trump, STRENGTH[card], -POINTS[card])


def _follow(table: _Table, cards: list[str]) -> str:
    winners = [card for card in cards if table.wins(card)]
    safe = [card for card in winners if not table.still_to_play or table.is_safe(card)]
    if safe:
        return min(safe, key=lambda card: _winner_key(card, table))
    trick_points = sum(POINTS[card] for _seat, card in table.trick)
    losers = [card for card in cards if card not in winners]
    if winners and (not losers or trick_points >= RISK_WHEN_TRICK_HOLDS):
        return min(winners, key=lambda card: _winner_key(card, table))
    return min(losers or cards, key=lambda card: _cheap_key(card, table))


def _lead(table: _Table, cards: list[str]) -> str:
    trump = table.trump
    others = [seat for seat in range(table.seat_count) if seat != table.seat]
    masters = [
        card
        for card in cards
        if card[1] != trump
        and POINTS[card] >= 3
        and table.is_master(card)
        and not any(table.may_ruff(seat, card[1]) for seat in others)
    ]
    if masters:
        return max(masters, key=lambda card: (POINTS[card], -CARDS.index(card)))
    trumps = sorted((card for card in cards if card[1] == trump), key=STRENGTH.__getitem__)
    if len(trumps) >= DRAW_TRUMPS_WITH and table.is_master(trumps[-1]):
        return trumps[-1]
    plain = [card for card in cards if card[1] != trump] or cards

    def lead_key(card: str) -> tuple:
        length = sum(1 for held in table.hand if held[1] == card[1])
        return (POINTS[card], -length, STRENGTH[card])

    return min(plain, key=lead_key)


def choose_card(view: dict) -> str:
    """Return the card the medium level plays from `view` (one of its legal cards)."""
    table = _Table(view)
    cards = [action["card"] for action in view["legal_actions"] if action["type"] == "play"]
    if len(cards) == 1:
        return cards[0]
    if table.trick:
        return _follow(table, cards)
    return _lead(table, cards)


def choose(view: dict, rng: random.Random) -> dict:
    """Return the medium level's action for a *Manille à trois* `view` (one of its legal
    actions)."""
    action = find_action(view, type="play", card=choose_card(view))
    return action if action is not None else rng.choice(view["legal_actions"])
