"""The medium level (*moyen*): the rules of thumb a club player teaches.

- Trump: the suit where the hand (with its face-up table cards) is longest and strongest; roll
  (no trump, the deal doubled) with several manilles and no long suit.
- Buque and sur-buque only with a strong hand: long trumps headed by the manille, or, in a rolled
  deal, several manilles and manillons.
- Cards: win a trick cheaply (the lowest card that wins); throw points on a trick it wins anyway
  (a card with points that is not the best left of its suit); lose a trick with the fewest points;
  do not waste trumps (never discard one, trump with the lowest); keep the manille and manillon of
  long suits: lead the best cards of short suits, low cards of long ones, and trumps only to draw
  the opponent's when it holds the best of them and the most.
"""

import random

from games.engine.cards import SUITS
from games.engine.core import (
    CARD_POINTS,
    NO_TRUMP,
    STRONGER,
    SUIT_INDEX,
    SUIT_MASK,
    cards_of,
    follower_wins,
    legal_mask,
)

from .actions import card_action, find_action
from .knowledge import Knowledge

# Rank inside a suit: 0 = manille (10), 1 = manillon (A), 2 = K ... 7 = 7.
_RANK_VALUE = (4.0, 3.0, 1.5, 1.0, 0.5, 0.0, 0.0, 0.0)


def _suit_cards(mask: int, suit: int) -> list[int]:
    return cards_of(mask & SUIT_MASK[suit])


def suit_strength(mask: int, suit: int) -> float:
    """How good `suit` is as trump for a seat holding `mask`: length first, then honours."""
    cards = _suit_cards(mask, suit)
    return 2.0 * len(cards) + sum(_RANK_VALUE[card & 7] for card in cards)


def count_rank(mask: int, rank: int) -> int:
    """How many suits of `mask` hold the card of `rank` (0 = manille, 1 = manillon)."""
    return sum(1 for suit in range(4) if mask >> (8 * suit + rank) & 1)


def is_strong_for_trump(mask: int, suit: int) -> bool:
    """Long trumps headed by the manille, with the manillon or a side manille."""
    cards = _suit_cards(mask, suit)
    has_manille = bool(mask >> (8 * suit) & 1)
    has_manillon = bool(mask >> (8 * suit + 1) & 1)
    side_manilles = count_rank(mask, 0) - has_manille
    if len(cards) >= 5 and has_manille:
        return True
    return len(cards) >= 4 and has_manille and (has_manillon or side_manilles >= 2)


def is_strong_without_trump(mask: int) -> bool:
    """Several manilles and manillons: what wins a deal without trump."""
    return count_rank(mask, 0) >= 3 and count_rank(mask, 1) >= 2


def _hand_mask(view: dict) -> int:
    knowledge = Knowledge(view)
    return knowledge.available


def choose_trump(view: dict) -> dict:
    mask = _hand_mask(view)
    roll = find_action(view, type="roll")
    if len(view["legal_actions"]) == 1:
        return view["legal_actions"][0]
    best = max(range(4), key=lambda suit: suit_strength(mask, suit))
    longest = len(_suit_cards(mask, best))
    if roll is not None and count_rank(mask, 0) >= 3 and longest <= 4:
        return roll
    return find_action(view, type="trump", suit=SUITS[best])


def choose_buque(view: dict, *, sur: bool) -> dict:
    mask = _hand_mask(view)
    if view["trump"] is None:
        strong = is_strong_without_trump(mask)
        if sur:
            strong = strong and count_rank(mask, 0) >= 4
    else:
        suit = SUIT_INDEX[view["trump"]]
        strong = is_strong_for_trump(mask, suit)
        if sur:
            strong = strong and len(_suit_cards(mask, suit)) >= 5
    wanted = "surbuque" if sur else "buque"
    return (find_action(view, type=wanted) if strong else None) or find_action(view, type="pass")


def _is_master(card: int, knowledge: Knowledge) -> bool:
    """No stronger card of its suit is left to anyone else."""
    return not (STRONGER[card] & ~(knowledge.played | knowledge.available))


def choose_card(knowledge: Knowledge, legal: int) -> int:
    cards = cards_of(legal)
    if len(cards) == 1:
        return cards[0]
    trump = knowledge.trump
    if knowledge.led >= 0:
        return _follow(knowledge, cards, trump)
    return _lead(knowledge, cards, trump)


def _follow(knowledge: Knowledge, cards: list[int], trump: int) -> int:
    led = knowledge.led
    winners = [card for card in cards if follower_wins(led, card, trump)]
    if winners:
        # Throw points on a trick won anyway with a king, queen or jack that is not the best left
        # of its suit (it would fall to the manille or manillon later)...
        doomed = [
            card
            for card in winners
            if card & 7 >= 2 and CARD_POINTS[card] and not _is_master(card, knowledge)
        ]
        if doomed:
            return max(doomed, key=lambda card: (CARD_POINTS[card], -card))
        # ...else win cheaply: the weakest winning card (trumps: the lowest).
        return max(winners, key=lambda card: (card & 7, -CARD_POINTS[card]))
    # Lose with the fewest points; keep trumps and the best cards.
    return min(
        cards,
        key=lambda card: (
            CARD_POINTS[card],
            card >> 3 == trump,
            _is_master(card, knowledge),
            -card,
        ),
    )


def _lead(knowledge: Knowledge, cards: list[int], trump: int) -> int:
    mine = knowledge.available
    outstanding = ~(knowledge.played | mine) & ((1 << 32) - 1)
    opponent_up = knowledge.up[knowledge.opponent]
    if trump != NO_TRUMP:
        my_trumps = [card for card in cards if card >> 3 == trump]
        their_trumps = (outstanding & SUIT_MASK[trump]).bit_count()
        if my_trumps and their_trumps and len(my_trumps) > their_trumps:
            best = my_trumps[0]
            if _is_master(best, knowledge):
                return best
    # Cash the best card of a short suit the opponent can still follow (or cannot trump).
    cashable = []
    for card in cards:
        suit = card >> 3
        if suit == trump or not _is_master(card, knowledge):
            continue
        length = (mine & SUIT_MASK[suit]).bit_count()
        theirs = outstanding & SUIT_MASK[suit]
        if length <= 2 and (theirs or trump == NO_TRUMP) and CARD_POINTS[card] >= 3:
            cashable.append(card)
    if cashable:
        return max(cashable, key=lambda card: CARD_POINTS[card])
    # A low card of the longest side suit: the manille and manillon stay to win later.
    plain = [card for card in cards if card >> 3 != trump] or cards

    def lead_key(card: int) -> tuple:
        suit = card >> 3
        length = (mine & SUIT_MASK[suit]).bit_count()
        # Beaten at once by a face-up card of the opponent: not worth much.
        beaten = bool(opponent_up & STRONGER[card])
        return (CARD_POINTS[card] > 0 and beaten, CARD_POINTS[card], -length, -card)

    return min(plain, key=lead_key)


def choose(view: dict, rng: random.Random) -> dict:
    """Return the medium level's action for `view` (one of its legal actions)."""
    phase = view["phase"]
    if phase == "trump":
        return choose_trump(view)
    if phase == "buque":
        return choose_buque(view, sur=False)
    if phase == "surbuque":
        return choose_buque(view, sur=True)
    knowledge = Knowledge(view)
    legal = legal_mask(knowledge.available, knowledge.led, knowledge.trump)
    action = card_action(view, choose_card(knowledge, legal))
    return action if action is not None else rng.choice(view["legal_actions"])
