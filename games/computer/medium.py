"""The medium level (*moyen*, two players): the rules of thumb a club player teaches, with the
thresholds measured against a club player (docs/computer.md, *The club yardstick*).

- Trump: the suit where the hand (with its face-up table cards) is longest and strongest; roll
  (no trump, the deal doubled) with manilles and manillons and no suit of five.
- Buque and sur-buque on the hand's worth (`buque_score`: trumps, the trump's manille and
  manillon, side manilles; without trump, manilles and manillons); sur-buque asks for much more,
  the buque having said the opponent is strong.
- Cards: win a trick cheaply (the lowest card that wins); throw points on a trick it wins anyway
  (a card with points that is not the best left of its suit); lose a trick with the fewest points;
  do not waste trumps (never discard one, trump with the lowest); among equal cards, a table card
  first (the card under it turns up). Lead: draw trumps when it holds the best of them and the
  most; cash master cards with points unless the opponent may ruff them; make him ruff a card
  without points in a suit he is out of; else a low card of a long suit.
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

# A hand's worth for a doubling (`buque_score`), and the worth from which it doubles (a pair:
# trump deal, rolled deal). Measured on the deals of the duplicate arena (docs/computer.md): the
# non-dealer's deal score (x1) grows by about 3 points a trump, 6 for the trump's manille, 3 for
# its manillon, 3.5 a side manille; it was ahead on average from a worth of about 18 (four
# trumps with two side manilles, three with the manille and two side manilles...). Rolled: 4 a
# manille, 2.5 a manillon, ahead from about 14. Sur-buque answers a buque, which said the
# opponent is strong: it asks for much more.
TRUMP_CARD = 3.0
TRUMP_MANILLE = 6.0
TRUMP_MANILLON = 3.0
SIDE_MANILLE = 3.5
ROLLED_MANILLE = 4.0
ROLLED_MANILLON = 2.5
BUQUE_AT = (18.0, 14.0)
SURBUQUE_AT = (26.0, 20.0)
# The dealer rolls with a worth without trump of 12 (three manilles, or two manilles and two
# manillons) and no suit longer than four. Rolling from 14 instead (the rolled buque's
# threshold) measured the same, within a tenth of a point a deal: the bolder one is kept.
ROLL_AT = 12.0
ROLL_LONGEST = 4

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
    """Long trumps headed by the manille, with the manillon or two side manilles (the four-player
    level's mee and tegen)."""
    cards = _suit_cards(mask, suit)
    has_manille = bool(mask >> (8 * suit) & 1)
    has_manillon = bool(mask >> (8 * suit + 1) & 1)
    side_manilles = count_rank(mask, 0) - has_manille
    if len(cards) >= 5 and has_manille:
        return True
    return len(cards) >= 4 and has_manille and (has_manillon or side_manilles >= 2)


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
    # Roll with manilles and manillons when no suit is long enough to make a good trump.
    rolls = longest <= ROLL_LONGEST and buque_score(mask, NO_TRUMP) >= ROLL_AT
    if roll is not None and rolls:
        return roll
    return find_action(view, type="trump", suit=SUITS[best])


def buque_score(mask: int, trump: int) -> float:
    """Return what a hand of `mask` is worth for a doubling when `trump` is trump (NO_TRUMP: a
    rolled deal): a few points a trump, more for the trump's manille and manillon, and for the
    side manilles, which win their tricks whatever the trump."""
    manilles = count_rank(mask, 0)
    if trump == NO_TRUMP:
        return ROLLED_MANILLE * manilles + ROLLED_MANILLON * count_rank(mask, 1)
    has_manille = mask >> (8 * trump) & 1
    has_manillon = mask >> (8 * trump + 1) & 1
    return (
        TRUMP_CARD * len(_suit_cards(mask, trump))
        + TRUMP_MANILLE * has_manille
        + TRUMP_MANILLON * has_manillon
        + SIDE_MANILLE * (manilles - has_manille)
    )


def choose_buque(view: dict, *, sur: bool) -> dict:
    mask = _hand_mask(view)
    trump = NO_TRUMP if view["trump"] is None else SUIT_INDEX[view["trump"]]
    wanted = "surbuque" if sur else "buque"
    threshold = (SURBUQUE_AT if sur else BUQUE_AT)[trump == NO_TRUMP]
    strong = buque_score(mask, trump) >= threshold
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
        # Throw points on a trick won anyway with a manillon, king, queen or jack that is not
        # the best left of its suit (it would fall to a stronger card later)...
        doomed = [
            card
            for card in winners
            if card & 7 >= 1 and CARD_POINTS[card] and not _is_master(card, knowledge)
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
            # A table card first: the card under it turns up and joins the seat's choices.
            not knowledge.table_card(card),
            -card,
        ),
    )


def _lead(knowledge: Knowledge, cards: list[int], trump: int) -> int:
    mine = knowledge.available
    outstanding = ~(knowledge.played | mine) & ((1 << 32) - 1)
    opponent_up = knowledge.up[knowledge.opponent]
    theirs = knowledge.opponent_may_play
    if trump != NO_TRUMP:
        my_trumps = [card for card in cards if card >> 3 == trump]
        their_trumps = (outstanding & SUIT_MASK[trump]).bit_count()
        if my_trumps and theirs & SUIT_MASK[trump] and len(my_trumps) > their_trumps:
            best = my_trumps[0]
            if _is_master(best, knowledge):
                return best
    # Cash a master card with points, unless the opponent may ruff it.
    can_ruff = trump != NO_TRUMP and bool(theirs & SUIT_MASK[trump])
    cashable = [
        card
        for card in cards
        if card >> 3 != trump
        and CARD_POINTS[card] >= 3
        and _is_master(card, knowledge)
        and not (can_ruff and not theirs & SUIT_MASK[card >> 3])
    ]
    if cashable:
        return max(cashable, key=lambda card: (CARD_POINTS[card], knowledge.table_card(card)))
    # A low card of the longest side suit: the manille and manillon stay to win later.
    plain = [card for card in cards if card >> 3 != trump] or cards

    def lead_key(card: int) -> tuple:
        suit = card >> 3
        length = (mine & SUIT_MASK[suit]).bit_count()
        # Beaten at once by a face-up card of the opponent: not worth much.
        beaten = bool(opponent_up & STRONGER[card])
        # A card without points in a suit he showed he is out of, while he may hold trumps: the
        # rule makes him ruff, a trump spent for nothing.
        forcing = (
            can_ruff and not CARD_POINTS[card] and not theirs & SUIT_MASK[suit] and suit != trump
        )
        return (
            not forcing,
            CARD_POINTS[card] > 0 and beaten,
            CARD_POINTS[card],
            _is_master(card, knowledge),
            # A table card first: the card under it turns up and joins the seat's choices.
            not knowledge.table_card(card),
            -length,
            -card,
        )

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
