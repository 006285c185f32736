"""A yardstick for the two-player computer levels: the rules of thumb of a decent club player.

Not a level of the site: an opponent to measure *moyen* against (benchmarks/duplicate_arena.py),
written as a club player plays two-player Manille (manille-2p.md), before *moyen* was measured
against it and never tuned against it afterwards. It keeps `games.computer.choose_action`'s
contract: it decides from its seat's `player_view` alone, returns one of the view's legal
actions unchanged, and the same view and seed give the same action. It reads only the view
(and the rules' card tables), never the state.

- Trump: the suit with the most length and honours (its hand and face-up table cards); rolls
  with three manilles, or two manilles and two manillons, and no suit of five.
- Buque: five trumps with the manille or the manillon, four with both, or four with one of them
  and two side manilles; rolled, three manilles or two manilles and two manillons. Sur-buque:
  five trumps with manille and manillon, or six trumps with one of them; rolled, four manilles.
- Lead: draw trumps with the best trump while it holds more trumps than are out; cash a master
  card with points; else a card without points of its longest plain suit, a card from the table
  first (it turns the card under it).
- Follow: on a trick it wins, throw points that would fall later anyway (a plain card with
  points that is not master); else win with the cheapest card, a plain card before a trump; when
  it cannot win, give the fewest points and keep trumps and masters.
"""

import random

from games.engine.core import (
    CARD_INDEX,
    CARD_POINTS,
    NO_CARD,
    NO_TRUMP,
    STRONGER,
    SUIT_INDEX,
    SUIT_MASK,
    cards_of,
    follower_wins,
    legal_mask,
)

LEVEL_CLUB = "club"
_SUITS = "SHDC"
_HONOUR_VALUE = (4.0, 3.0, 1.5, 1.0, 0.5, 0.0, 0.0, 0.0)


def _mask(cards) -> int:
    mask = 0
    for card in cards:
        mask |= 1 << CARD_INDEX[card]
    return mask


def _has(mask: int, suit: int, rank: int) -> bool:
    return bool(mask >> (8 * suit + rank) & 1)


def _length(mask: int, suit: int) -> int:
    return (mask & SUIT_MASK[suit]).bit_count()


def _count_rank(mask: int, rank: int) -> int:
    return sum(1 for suit in range(4) if _has(mask, suit, rank))


class _Table:
    """What the seat sees: its cards, the face-up cards, the cards played, the opponent's voids."""

    def __init__(self, view: dict) -> None:
        self.seat = view["seat"]
        self.opponent = 1 - self.seat
        self.trump = SUIT_INDEX[view["trump"]] if view["trump"] is not None else NO_TRUMP
        self.hand = _mask(view["hand"])
        self.up = [
            _mask(stack["up"] for stack in view["stacks"][owner] if stack["up"] is not None)
            for owner in (0, 1)
        ]
        self.table_cards = self.up[self.seat]
        plays = [
            (action["seat"], CARD_INDEX[action["card"]])
            for action in view.get("deal_actions") or ()
            if action["type"] == "play"
        ]
        self.played = 0
        for _seat, card in plays:
            self.played |= 1 << card
        self.void = set()
        for index in range(0, len(plays) - 1, 2):
            (_leader, led), (follower, card) = plays[index], plays[index + 1]
            if follower == self.opponent and card >> 3 != led >> 3:
                self.void.add(led >> 3)
                if self.trump != NO_TRUMP and card >> 3 != self.trump:
                    self.void.add(self.trump)
        self.mine = self.hand | self.table_cards
        # Not mine and not gone: the opponent's hand and face-up cards, and the face-down cards.
        self.out = ((1 << 32) - 1) & ~(self.mine | self.played)
        trick = [CARD_INDEX[entry["card"]] for entry in view["trick"]]
        self.led = trick[0] if trick else NO_CARD

    def is_master(self, card: int) -> bool:
        return not (STRONGER[card] & self.out)


def _trump_value(mask: int, suit: int) -> float:
    return 2.0 * _length(mask, suit) + sum(
        _HONOUR_VALUE[rank] for rank in range(8) if _has(mask, suit, rank)
    )


def choose_trump(view: dict) -> dict:
    mine = _Table(view).mine
    actions = view["legal_actions"]
    roll = next((action for action in actions if action["type"] == "roll"), None)
    suits = [action for action in actions if action["type"] == "trump"]
    if not suits:
        return actions[0]
    longest = max(_length(mine, suit) for suit in range(4))
    manilles, manillons = _count_rank(mine, 0), _count_rank(mine, 1)
    if roll is not None and longest <= 4 and (manilles >= 3 or (manilles >= 2 and manillons >= 2)):
        return roll
    return max(suits, key=lambda action: _trump_value(mine, SUIT_INDEX[action["suit"]]))


def _hand_force(view: dict) -> int:
    """2 = very strong (sur-buque), 1 = strong (buque), 0 = not."""
    mine = _Table(view).mine
    manilles, manillons = _count_rank(mine, 0), _count_rank(mine, 1)
    if view["trump"] is None:
        if manilles >= 4:
            return 2
        return 1 if manilles >= 3 or (manilles >= 2 and manillons >= 2) else 0
    suit = SUIT_INDEX[view["trump"]]
    length = _length(mine, suit)
    top = _has(mine, suit, 0) + _has(mine, suit, 1)
    side_manilles = manilles - _has(mine, suit, 0)
    if (length >= 5 and top == 2) or (length >= 6 and top >= 1):
        return 2
    if (length >= 5 and top >= 1) or (length >= 4 and top == 2):
        return 1
    return 1 if length >= 4 and top >= 1 and side_manilles >= 2 else 0


def _announce(view: dict, wanted: str, force: int) -> dict:
    for action in view["legal_actions"]:
        if action["type"] == wanted and _hand_force(view) >= force:
            return action
    return next(action for action in view["legal_actions"] if action["type"] == "pass")


def _lead(table: _Table, cards: list[int]) -> int:
    trump = table.trump
    if trump != NO_TRUMP:
        mine_trumps = [card for card in cards if card >> 3 == trump]
        out_trumps = _length(table.out, trump)
        if mine_trumps and out_trumps and trump not in table.void:
            best = mine_trumps[0]
            if table.is_master(best) and len(mine_trumps) > out_trumps:
                return best
    # Cash masters with points, where the opponent is not known to ruff.
    masters = [
        card
        for card in cards
        if card >> 3 != trump
        and CARD_POINTS[card] >= 3
        and table.is_master(card)
        and (trump == NO_TRUMP or card >> 3 not in table.void or trump in table.void)
    ]
    if masters:
        return max(masters, key=lambda card: (CARD_POINTS[card], table.table_cards >> card & 1))
    plain = [card for card in cards if card >> 3 != trump] or cards

    def key(card: int) -> tuple:
        return (
            CARD_POINTS[card],
            table.is_master(card),
            -_length(table.mine, card >> 3),
            not (table.table_cards >> card & 1),
            -card,
        )

    return min(plain, key=key)


def _follow(table: _Table, cards: list[int]) -> int:
    led, trump = table.led, table.trump
    winners = [card for card in cards if follower_wins(led, card, trump)]
    if winners:
        # Points that would fall later anyway go on a trick won now.
        doomed = [
            card
            for card in winners
            if CARD_POINTS[card] and not table.is_master(card) and card >> 3 != trump
        ]
        if doomed:
            return max(doomed, key=lambda card: CARD_POINTS[card])
        return max(winners, key=lambda card: (card >> 3 != trump, -CARD_POINTS[card], card & 7))
    return min(
        cards,
        key=lambda card: (
            CARD_POINTS[card],
            card >> 3 == trump,
            table.is_master(card),
            _length(table.mine, card >> 3),
            not (table.table_cards >> card & 1),
        ),
    )


def choose(view: dict, rng: random.Random) -> dict:
    """Return the club player's action for `view` (one of its legal actions)."""
    actions = view["legal_actions"]
    if len(actions) == 1:
        return actions[0]
    phase = view["phase"]
    if phase == "trump":
        return choose_trump(view)
    if phase == "buque":
        return _announce(view, "buque", 1)
    if phase == "surbuque":
        return _announce(view, "surbuque", 2)
    table = _Table(view)
    cards = cards_of(legal_mask(table.mine, table.led, table.trump))
    card = _lead(table, cards) if table.led == NO_CARD else _follow(table, cards)
    for action in actions:
        if action.get("card") is not None and CARD_INDEX[action["card"]] == card:
            return action
    return rng.choice(actions)


def choose_action(view: dict, *, seed: int) -> dict:
    """`games.computer.choose_action`'s contract for the yardstick."""
    return choose(view, random.Random(seed))
