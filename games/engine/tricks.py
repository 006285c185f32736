"""What every variant shares about a trick: which card wins it, and what a follower may play.

Implements manille-4p.md, *Common to both*: *Play of a trick* (the highest trump, else the
highest card of the led suit), *What a follower may play* (rules 1 to 4, with partners) and the
codes of *Error codes* that refuse a card (`card_not_available` for a card not held, then the
follower's), with game-record.md's Decision that a card breaking both "follow" and "beat" is
refused with `must_follow_suit`, naming the allowed cards.

The rule is written for any number of seats: the caller says whether the card winning the trick
so far is the follower's partner's. With two seats nobody has a partner and the card winning is
the opponent's led card, so the same rule is manille-2p.md's *Play* (beat the led card when you
can, else follow; void, any trump; else any card).
"""

from collections.abc import Sequence
from typing import NamedTuple

from .cards import STRENGTH, SUIT_NAMES, card_label, cards_label
from .errors import CARD_NOT_AVAILABLE, MUST_BEAT, MUST_FOLLOW_SUIT, MUST_TRUMP, RuleError

# The obligations, one per case of *What a follower may play*.
FREE = "free"  # leading; void while the partner wins; void with no winning trump; no trump deal
FOLLOW = "follow"  # rule 1: any card of the led suit
BEAT = "beat"  # rule 1: a card of the led suit higher than the opponent's winning card
TRUMP = "trump"  # rule 3: any trump (the trick holds none and an opponent is winning)
OVERTRUMP = "overtrump"  # rule 3: a trump higher than the opponent's winning trump


class Obligation(NamedTuple):
    """What a seat must play now: the case of the rule, the cards allowed, and what they answer."""

    kind: str
    allowed: tuple[str, ...]
    led_suit: str | None
    winning_card: str | None
    trump: str | None


def winning_index(cards: Sequence[str], trump: str | None) -> int:
    """Return the position, in playing order, of the card winning `cards` so far.

    The highest trump wins, else the highest card of the led suit (the first card's suit).
    """
    best = 0
    best_card = cards[0]
    for index in range(1, len(cards)):
        card = cards[index]
        if card[1] == best_card[1]:
            if STRENGTH[card] > STRENGTH[best_card]:
                best, best_card = index, card
        elif card[1] == trump:
            # A trump over a plain card; a plain card of another suit never wins.
            best, best_card = index, card
    return best


def trick_winner(trick: Sequence[tuple[int, str]], trump: str | None) -> int:
    """Return the seat whose card wins `trick`, a sequence of (seat, card) in playing order."""
    return trick[winning_index([card for _seat, card in trick], trump)][0]


def obligation(
    available: Sequence[str],
    trick_cards: Sequence[str],
    trump: str | None,
    *,
    is_partner_winning: bool,
) -> Obligation:
    """Return what a seat holding `available` may play on `trick_cards` (empty when leading).

    `is_partner_winning` tells whether the card winning the trick so far is the partner's
    (always False with two seats). "Higher" and "winning" are measured against that card.
    """
    if not trick_cards:
        return Obligation(FREE, tuple(available), None, None, trump)
    led_suit = trick_cards[0][1]
    winning = trick_cards[winning_index(trick_cards, trump)]
    following = tuple([card for card in available if card[1] == led_suit])
    if following:
        # Rule 1: beat an opponent's winning card of the led suit whenever you can.
        if not is_partner_winning and winning[1] == led_suit:
            strength = STRENGTH[winning]
            higher = tuple([card for card in following if STRENGTH[card] > strength])
            if higher:
                return Obligation(BEAT, higher, led_suit, winning, trump)
        return Obligation(FOLLOW, following, led_suit, winning, trump)
    if is_partner_winning or trump is None:
        # Rules 2 and 4.
        return Obligation(FREE, tuple(available), led_suit, winning, trump)
    # Rule 3: trump to win when you can; a lower trump (or anything) when you cannot.
    trumps = [card for card in available if card[1] == trump]
    if winning[1] != trump:
        if trumps:
            return Obligation(TRUMP, tuple(trumps), led_suit, winning, trump)
    else:
        strength = STRENGTH[winning]
        higher = tuple([card for card in trumps if STRENGTH[card] > strength])
        if higher:
            return Obligation(OVERTRUMP, higher, led_suit, winning, trump)
    return Obligation(FREE, tuple(available), led_suit, winning, trump)


def unavailable(card: str, seat: int, allowed: Sequence[str], *, place: str = "hand") -> RuleError:
    """Return the error for `card`, which the seat does not hold in its `place` (where a seat
    plays from), naming the cards it may play (`card_not_available`)."""
    return RuleError(
        CARD_NOT_AVAILABLE,
        f"the {card_label(card)} is not in seat {seat}'s {place}; playable: {cards_label(allowed)}",
    )


def refusal(rule: Obligation, card: str) -> RuleError:
    """Return the error for `card`, held by the seat but not in `rule.allowed`.

    The first obligation broken names the code: another suit while holding the led suit is
    `must_follow_suit` even when "beat" is broken too; a card of the led suit too low is
    `must_beat`; no trump while holding a winning one is `must_trump`; a trump too low is
    `must_beat`. Every message names the allowed cards, strongest first.
    """
    allowed = cards_label(rule.allowed)
    led_name = SUIT_NAMES[rule.led_suit]
    winning = card_label(rule.winning_card) if rule.winning_card else ""
    if rule.kind == FOLLOW:
        return RuleError(MUST_FOLLOW_SUIT, f"must follow suit with a {led_name}: {allowed}")
    if rule.kind == BEAT:
        if card[1] != rule.led_suit:
            return RuleError(
                MUST_FOLLOW_SUIT,
                f"must follow suit with a {led_name} higher than the {winning}: {allowed}",
            )
        return RuleError(MUST_BEAT, f"must beat the {winning} with a higher {led_name}: {allowed}")
    trump_name = SUIT_NAMES[rule.trump]
    if rule.kind == TRUMP:
        return RuleError(
            MUST_TRUMP, f"must trump with a {trump_name}, having no {led_name}: {allowed}"
        )
    if rule.kind == OVERTRUMP:
        if card[1] != rule.trump:
            return RuleError(
                MUST_TRUMP,
                f"must trump with a {trump_name} higher than the {winning}, "
                f"having no {led_name}: {allowed}",
            )
        return RuleError(
            MUST_BEAT, f"must beat the {winning} with a higher {trump_name}: {allowed}"
        )
    raise ValueError(f"every card is allowed under {rule.kind!r}: nothing to refuse")
