"""The medium level (*moyen*) of the partnership games: a club player's rules of thumb.

- Look or blind: look, unless the match is nearly lost (`blind_is_worth_it`).
- Trump (the Flemish dealer): the longest and strongest suit; no trump with three manilles and a
  manille or manillon at the head of every suit held, and no suit longer than three.
- Mee and tegen only with a strong hand: long trumps headed by the manille, or, without trump,
  three manilles and two manillons.
- Following: when the partner wins the trick and nobody still to play can take it, give him
  points (a card with points that would not win a trick of its own); when he wins but the trick
  is not safe, play low; when an opponent wins, take the trick with the cheapest card that no one
  still to play can beat, else play low; do not waste trumps.
- Leading: draw trumps with the best one when holding three or more; cash a master card (no
  stronger one left outside) with points in a suit no opponent can ruff; lead a suit the partner
  has shown void in (he may trump it); otherwise a low card of the longest side suit.
"""

import random

from games.engine.cards import SUITS
from games.engine.core import (
    CARD_POINTS,
    NO_TRUMP,
    STRONGER,
    SUIT_MASK,
    cards_of,
    follower_wins,
    mask_of,
)

from ..actions import card_action, find_action
from ..medium import count_rank, is_strong_for_trump, suit_strength
from .knowledge import PartnershipKnowledge
from .playout import legal_mask

# Blind no trump (x4, without seeing a card) is a gamble: only when the match is nearly lost.
BLIND_WHEN_OPPONENTS_WITHIN = 20
BLIND_WHEN_BEHIND_BY = 40


def blind_is_worth_it(view: dict) -> bool:
    """Tell whether the dealer should declare no trump blind: only when his team is far behind
    and the opponents are about to win the match (a long shot beats a sure loss)."""
    team = view["team"]
    ours, theirs = view["totals"][team], view["totals"][1 - team]
    if view["target"] is not None:
        return (
            theirs >= view["target"] - BLIND_WHEN_OPPONENTS_WITHIN
            and theirs - ours >= BLIND_WHEN_BEHIND_BY
        )
    played = sum(1 for summary in view["deals"] if summary["complete"])
    return view["deal_count"] - played <= 1 and theirs - ours >= BLIND_WHEN_BEHIND_BY


def look_or_blind(view: dict) -> dict:
    wanted = "blind" if blind_is_worth_it(view) else "look"
    return find_action(view, type=wanted) or view["legal_actions"][0]


def _is_strong_without_trump(mask: int) -> bool:
    """Three manilles, and every suit held headed by its manille or manillon, none long."""
    if count_rank(mask, 0) < 3:
        return False
    for suit in range(4):
        cards = mask & SUIT_MASK[suit]
        if cards.bit_count() > 3:
            return False
        if cards and not cards & (0b11 << (8 * suit)):
            return False
    return True


def choose_trump(view: dict) -> dict:
    mask = mask_of(view["hand"])
    no_trump = find_action(view, type="trump", suit=None)
    if no_trump is not None and _is_strong_without_trump(mask):
        return no_trump
    best = max(range(4), key=lambda suit: (suit_strength(mask, suit), -suit))
    return find_action(view, type="trump", suit=SUITS[best]) or view["legal_actions"][0]


def _strong_hand(view: dict) -> bool:
    """A hand worth doubling the deal for: long trumps headed by the manille, or, without
    trump, three manilles and two manillons (two manilles against a blind dealer)."""
    mask = mask_of(view["hand"])
    if view["trump"] is not None:
        return is_strong_for_trump(mask, SUITS.index(view["trump"]))
    if view["blind"]:
        return count_rank(mask, 0) >= 2 and count_rank(mask, 1) >= 1
    return count_rank(mask, 0) >= 3 and count_rank(mask, 1) >= 2


def announce(view: dict, wanted: str) -> dict:
    """Say `wanted` (mee or tegen) with a strong hand, else pass."""
    action = find_action(view, type=wanted) if _strong_hand(view) else None
    return action or find_action(view, type="pass") or view["legal_actions"][0]


# --- the cards ---------------------------------------------------------------------------------


class _Table:
    """The trick in progress and what the seat knows, in the terms of the rules of thumb."""

    def __init__(self, knowledge: PartnershipKnowledge) -> None:
        self.knowledge = knowledge
        self.trump = knowledge.trump
        self.outside = knowledge.unknown  # the cards the three others hold
        trick = knowledge.trick
        self.led = trick[0][1] if trick else -1
        self.winning = -1
        self.winning_seat = -1
        self.trick_points = 0
        for seat, card in trick:
            if self.winning < 0 or follower_wins(self.winning, card, self.trump):
                self.winning, self.winning_seat = card, seat
            self.trick_points += CARD_POINTS[card]
        seat = knowledge.seat
        self.still_to_play = [(seat + step) % 4 for step in range(1, 4 - len(trick))]
        self.opponents_to_play = [other for other in self.still_to_play if other % 2 != seat % 2]

    def is_master(self, card: int) -> bool:
        """No stronger card of its suit is left outside."""
        return not STRONGER[card] & self.outside

    def may_ruff(self, other: int, suit: int) -> bool:
        """Whether `other` may trump a card of `suit`: shown void in it, holding trumps maybe."""
        trump = self.trump
        if trump == NO_TRUMP or suit == trump:
            return False
        knowledge = self.knowledge
        return knowledge.is_void(other, suit) and bool(knowledge.may_hold(other) & SUIT_MASK[trump])

    def holds_against_the_rest(self, card: int) -> bool:
        """Whether `card`, winning the trick, stays winning whatever the opponents still to play
        hold: none may hold a stronger card of its suit or trump over it."""
        knowledge = self.knowledge
        led_suit = self.led >> 3
        for other in self.opponents_to_play:
            may_hold = knowledge.may_hold(other)
            if STRONGER[card] & may_hold and (card >> 3 == led_suit or card >> 3 == self.trump):
                return False
            if card >> 3 != self.trump and self.may_ruff(other, led_suit):
                return False
        return True


def _cheap_key(card: int, table: _Table) -> tuple:
    """Fewest points, no trump, no master card, the weakest."""
    return (
        CARD_POINTS[card],
        card >> 3 == table.trump,
        table.is_master(card),
        -(card & 7),
    )


def _follow(table: _Table, cards: list[int]) -> int:
    seat = table.knowledge.seat
    partner_wins = (table.winning_seat - seat) % 2 == 0
    if partner_wins:
        if table.holds_against_the_rest(table.winning):
            # Give points, but not a card that would win a trick of its own, nor a trump.
            gifts = [
                card
                for card in cards
                if CARD_POINTS[card] and not table.is_master(card) and card >> 3 != table.trump
            ]
            if gifts:
                return max(gifts, key=lambda card: (CARD_POINTS[card], card))
        return min(cards, key=lambda card: _cheap_key(card, table))
    winners = [card for card in cards if follower_wins(table.winning, card, table.trump)]
    safe = [card for card in winners if table.holds_against_the_rest(card)]
    if safe:
        return min(safe, key=lambda card: (card >> 3 == table.trump, CARD_POINTS[card], -card))
    losers = [card for card in cards if card not in winners]
    if losers:
        return min(losers, key=lambda card: _cheap_key(card, table))
    # Forced to beat without being sure to win: the cheapest such card.
    return min(winners, key=lambda card: (card >> 3 == table.trump, CARD_POINTS[card], -card))


def _lead(table: _Table, cards: list[int]) -> int:
    knowledge = table.knowledge
    hand = knowledge.hand
    trump = table.trump
    seat = knowledge.seat
    opponents = ((seat + 1) % 4, (seat + 3) % 4)
    if trump != NO_TRUMP:
        trumps = [card for card in cards if card >> 3 == trump]
        trumps_outside = any(knowledge.may_hold(other) & SUIT_MASK[trump] for other in opponents)
        if len(trumps) >= 3 and trumps_outside and table.is_master(trumps[0]):
            return trumps[0]
    masters = [
        card
        for card in cards
        if card >> 3 != trump
        and CARD_POINTS[card] >= 3
        and table.is_master(card)
        and not any(table.may_ruff(other, card >> 3) for other in opponents)
    ]
    if masters:
        return max(masters, key=lambda card: (CARD_POINTS[card], -card))
    partner = knowledge.partner
    for card in sorted(cards, key=lambda card: _cheap_key(card, table)):
        suit = card >> 3
        if (
            table.may_ruff(partner, suit)
            and not CARD_POINTS[card]
            and not any(table.may_ruff(other, suit) for other in opponents)
        ):
            return card
    plain = [card for card in cards if card >> 3 != trump] or cards

    def lead_key(card: int) -> tuple:
        length = (hand & SUIT_MASK[card >> 3]).bit_count()
        return (CARD_POINTS[card], -length, -(card & 7))

    return min(plain, key=lead_key)


def choose_card(knowledge: PartnershipKnowledge) -> int:
    table = _Table(knowledge)
    partner_wins = table.led >= 0 and (table.winning_seat - knowledge.seat) % 2 == 0
    legal = legal_mask(knowledge.hand, table.led, table.winning, partner_wins, table.trump)
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    if table.led >= 0:
        return _follow(table, cards)
    return _lead(table, cards)


def choose(view: dict, rng: random.Random) -> dict:
    """Return the medium level's action for a partnership `view` (one of its legal actions)."""
    phase = view["phase"]
    if phase == "look":
        return look_or_blind(view)
    if phase == "trump":
        return choose_trump(view)
    if phase in ("mee", "tegen"):
        return announce(view, phase)
    action = card_action(view, choose_card(PartnershipKnowledge(view)))
    return action if action is not None else rng.choice(view["legal_actions"])
