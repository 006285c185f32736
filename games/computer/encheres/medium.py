"""The medium level (*moyen*) of *Manille aux enchères*: a club player's rules of thumb, from its
seat's `player_view` only (manille-variants.md, *French Manille aux enchères*).

- Bidding: estimate the points the hand makes with each suit as trump (`estimate`: the tricks
  its top trumps, long trumps and plain tens and aces should take, each worth the average
  trick of a deal); bid the lowest bid allowed while it is not above the best estimate, else
  pass.
- Trump: the suit of the best estimate.
- Play: the rules of thumb of *à trois* (`games.computer.trois.medium`: take a trick cheaply and
  safely, never give points away, cash masters, draw trumps), with the defenders as partners:
  on a fellow defender's trick that the bidder can no longer take, throw the card with the
  most points (the seed's *charger* on the partner's master cards); on one he may still take,
  the cheapest card.
"""

import random

from games.engine.cards import POINTS, STRENGTH, SUITS
from games.engine.tricks import trick_winner

from ..actions import find_action
from ..trois.medium import _cheap_key, _follow, _lead, _Table

# Card points in a deal, besides one point per trick.
CARD_POINTS_PER_DEAL = 60
# What a trick the hand should take is worth, as a share of the deal's average trick: the
# bidder's tricks are taken with his high cards, but the defenders throw their low ones.
TRICK_SHARE = 0.9
# How many of a plain suit's top cards count as tricks, and how likely each is to hold (the
# defenders may ruff a plain suit).
PLAIN_TEN_TRICK = 0.8
PLAIN_ACE_TRICK = 0.6
LONE_ACE_TRICK = 0.2
# A trump beyond the top ones takes a trick by ruffing, once the long suit is established.
LONG_TRUMP_TRICK = 0.6
RANKS_HIGH_TO_LOW = "TAKQJ987"


def estimate(hand: list[str], trump: str, seat_count: int) -> float:
    """Return the points (cards and tricks) `hand` should make as the bidder with `trump`."""
    tricks_per_deal = len(hand)
    top_trumps = 0
    for rank in RANKS_HIGH_TO_LOW:
        if rank + trump not in hand:
            break
        top_trumps += 1
    trump_count = sum(1 for card in hand if card[1] == trump)
    # Long trumps ruff the defenders' suits once their trumps are out.
    other_trumps = len(RANKS_HIGH_TO_LOW) - trump_count
    long_trumps = max(0, trump_count - top_trumps - other_trumps // (seat_count - 1))
    tricks = top_trumps + LONG_TRUMP_TRICK * long_trumps
    for suit in SUITS:
        if suit == trump:
            continue
        has_ten = "T" + suit in hand
        if has_ten:
            tricks += PLAIN_TEN_TRICK
        if "A" + suit in hand:
            tricks += PLAIN_ACE_TRICK if has_ten else LONE_ACE_TRICK
    tricks = min(tricks, tricks_per_deal)
    average_trick = CARD_POINTS_PER_DEAL / tricks_per_deal + 1
    return tricks * average_trick * TRICK_SHARE


def best_trump(hand: list[str], seat_count: int) -> tuple[str, float]:
    """Return the suit of the best estimate and that estimate (ties: the longer suit)."""
    return max(
        ((suit, estimate(hand, suit, seat_count)) for suit in SUITS),
        key=lambda pair: (pair[1], sum(1 for card in hand if card[1] == pair[0])),
    )


def _bid(view: dict) -> dict:
    seat_count = len(view["hand_counts"])
    _suit, points = best_trump(view["hand"], seat_count)
    lowest = view["bid_lowest"]
    action = find_action(view, type="bid", points=lowest) if lowest <= points else None
    return action or find_action(view, type="pass")


def _card(view: dict) -> str:
    table = _Table(view)
    cards = [action["card"] for action in view["legal_actions"] if action["type"] == "play"]
    if len(cards) == 1:
        return cards[0]
    if not table.trick:
        return _lead(table, cards)
    partners = set(view["partners"])
    winning_seat = trick_winner(table.trick, table.trump)
    if winning_seat not in partners:
        return _follow(table, cards)
    winning_card = next(card for seat, card in table.trick if seat == winning_seat)
    led_suit = table.trick[0][1][1]
    opponents = [seat for seat in table.still_to_play if seat not in partners]
    is_safe = not opponents or (
        table.is_master(winning_card)
        and not any(table.may_ruff(seat, led_suit) for seat in opponents)
    )
    if is_safe:
        # Load the partner's trick: the most points, keeping trumps.
        return max(cards, key=lambda card: (card[1] != table.trump, POINTS[card], -STRENGTH[card]))
    return min(cards, key=lambda card: _cheap_key(card, table))


def choose(view: dict, rng: random.Random) -> dict:
    """Return the medium level's action for an enchères `view` (one of its legal actions)."""
    phase = view["phase"]
    if phase == "bid":
        return _bid(view)
    if phase == "trump":
        suit, _points = best_trump(view["hand"], len(view["hand_counts"]))
        return find_action(view, type="trump", suit=suit)
    action = find_action(view, type="play", card=_card(view))
    return action if action is not None else rng.choice(view["legal_actions"])
