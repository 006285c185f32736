"""A partnership deal on integer cards and bitmasks, played out thousands of times per decision.

The strong level (`strong.py`) plays every candidate to the end of the deal in many sampled
deals; the immutable engine (`games.engine.partnership`) is far too slow for that. A card is its
index in `cards.CARDS`, as in the two-player core (`games.engine.core`, whose card tables, trick
winner `follower_wins` and `random_card` this module uses): the suit is `card >> 3` and inside a
suit a stronger card has a smaller index.

`legal_mask` is *What a follower may play* (manille-4p.md, rules 1 to 4) on bitmasks: the same
rule as the shared `games.engine.tricks.obligation`, which the engine asks for every card played
(`core.legal_mask` is its two-seat case, written out for the two-player playouts).
`tests/computer/test_partnership.py` compares both at every decision of random deals, so the
playouts cannot drift from the rules. A deal is scored by the shared `match_scoring.deal_score`.
"""

from games.engine.core import (
    CARD_POINTS,
    NO_CARD,
    NO_TRUMP,
    STRONGER,
    SUIT_MASK,
    follower_wins,
    random_card,
)
from games.engine.match_scoring import deal_score
from games.engine.partnership.scoring import TRICKS_PER_DEAL

__all__ = ["NO_CARD", "NO_TRUMP", "PartnershipPlayout", "legal_mask", "play_out"]


def legal_mask(available: int, led: int, winning: int, is_partner_winning: bool, trump: int):
    """Return the cards a seat holding `available` may play on a trick led with `led` (NO_CARD
    when he leads) where `winning` wins so far, by his partner or not."""
    if led < 0:
        return available
    led_suit = led >> 3
    following = available & SUIT_MASK[led_suit]
    if following:
        # Rule 1: beat an opponent's winning card of the led suit whenever you can.
        if not is_partner_winning and winning >> 3 == led_suit:
            return (following & STRONGER[winning]) or following
        return following
    if is_partner_winning or trump < 0:
        return available  # rules 2 and 4
    trumps = available & SUIT_MASK[trump]
    if winning >> 3 != trump:
        return trumps or available  # rule 3: any trump wins a trick without trump
    return (trumps & STRONGER[winning]) or available  # rule 3: overtrump, else anything


class PartnershipPlayout:
    """A mutable deal in play: four hands (masks), the trick so far, the teams' tricks and
    points (card points only), the multiplier and the game's scoring (`ruleset`)."""

    __slots__ = (
        "hands",
        "trump",
        "to_act",
        "led",
        "winning",
        "winning_seat",
        "trick_size",
        "trick_points",
        "points",
        "tricks",
        "multiplier",
        "ruleset",
    )

    def __init__(
        self,
        hands,
        trump: int,
        to_act: int,
        *,
        ruleset,
        multiplier: int = 1,
        trick=(),
        points=(0, 0),
        tricks=(0, 0),
    ):
        self.hands = list(hands)
        self.trump = trump
        self.to_act = to_act
        self.ruleset = ruleset
        self.multiplier = multiplier
        self.points = list(points)
        self.tricks = list(tricks)
        self.led = NO_CARD
        self.winning = NO_CARD
        self.winning_seat = -1
        self.trick_size = 0
        self.trick_points = 0
        for seat, card in trick:
            self._add_to_trick(seat, card)

    def _add_to_trick(self, seat: int, card: int) -> None:
        if self.led < 0:
            self.led = self.winning = card
            self.winning_seat = seat
        elif follower_wins(self.winning, card, self.trump):
            self.winning = card
            self.winning_seat = seat
        self.trick_size += 1
        self.trick_points += CARD_POINTS[card]

    def copy(self) -> "PartnershipPlayout":
        other = PartnershipPlayout.__new__(PartnershipPlayout)
        other.hands = self.hands[:]
        other.trump = self.trump
        other.to_act = self.to_act
        other.led = self.led
        other.winning = self.winning
        other.winning_seat = self.winning_seat
        other.trick_size = self.trick_size
        other.trick_points = self.trick_points
        other.points = self.points[:]
        other.tricks = self.tricks[:]
        other.multiplier = self.multiplier
        other.ruleset = self.ruleset
        return other

    def legal(self) -> int:
        """Return the mask of the cards the seat to act may play."""
        seat = self.to_act
        partner_wins = self.led >= 0 and (self.winning_seat - seat) % 2 == 0
        return legal_mask(self.hands[seat], self.led, self.winning, partner_wins, self.trump)

    def play(self, card: int) -> None:
        """Play `card` (assumed legal) for the seat to act."""
        seat = self.to_act
        self.hands[seat] ^= 1 << card
        self._add_to_trick(seat, card)
        if self.trick_size < 4:
            self.to_act = (seat + 1) % 4
            return
        team = self.winning_seat % 2
        self.points[team] += self.trick_points
        self.tricks[team] += 1
        self.to_act = self.winning_seat
        self.led = self.winning = NO_CARD
        self.winning_seat = -1
        self.trick_size = self.trick_points = 0

    def score(self) -> tuple[int, int]:
        """Return both teams' scores of the finished deal (multiplier included)."""
        return deal_score(self.ruleset.scoring, self.tricks, self.points, self.multiplier)

    def value(self, team: int) -> int:
        """Return `team`'s score minus the other team's, once the deal is over."""
        score = self.score()
        return score[team] - score[1 - team]


# How `_pick` weighs a card's points against its weakness: throw away the fewest points, give
# the partner the most, take the trick with the cheapest winning card.
THROW = 16
GIVE = -16
WIN = 1


def _pick(mask: int, trump: int, points_weight: int) -> int:
    """Return the card of `mask` with the lowest `points_weight * points - weakness`, trumps
    last, the first in card order among equals (NO_CARD for an empty mask)."""
    best = NO_CARD
    best_key = 1 << 30
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        key = points_weight * CARD_POINTS[card] - (card & 7) + (256 if card >> 3 == trump else 0)
        if key < best_key:
            best, best_key = card, key
    return best


def _winners(mask: int, winning: int, trump: int) -> int:
    """Return the cards of `mask` that take the trick from `winning` (`core.follower_wins`)."""
    beating = mask & STRONGER[winning]
    if trump >= 0 and winning >> 3 != trump:
        beating |= mask & SUIT_MASK[trump]
    return beating


def _lead(hand: int, others: int, trump: int, random) -> int:
    """Lead a master card with points (no stronger card of its suit left to the others) of a
    plain suit, else a plain card without points, else anything."""
    best = NO_CARD
    best_points = 2
    low = 0
    mask = hand
    while mask:
        bit = mask & -mask
        mask ^= bit
        card = bit.bit_length() - 1
        if card >> 3 == trump:
            continue
        points = CARD_POINTS[card]
        if points > best_points and not STRONGER[card] & others:
            best, best_points = card, points
        elif not points:
            low |= bit
    if best >= 0:
        return best
    return random_card(low or hand, random)


def play_out(
    playout: PartnershipPlayout, random, greedy: float = 0.75, record: list | None = None
) -> PartnershipPlayout:
    """Play `playout` to the end of the deal and return it (the cards played are appended to
    `record` if given).

    Each seat follows a quick policy with probability `greedy` (`random` is a
    `random.Random().random`): lead a master card with points of a plain suit, else a plain card
    without points; following, when the partner wins the trick give him points if last to play,
    else throw the cheapest card; when an opponent wins, take the trick with the cheapest
    winning card, else throw the cheapest card. Otherwise a random legal card. The policy sees
    only what is public in the sampled deal (the cards still out, not who holds them). A little
    sense in the playouts makes their scores closer to those of real play than random cards.
    """
    hands = playout.hands
    trump = playout.trump
    points = playout.points
    tricks = playout.tricks
    seat = playout.to_act
    led = playout.led
    winning = playout.winning
    winning_seat = playout.winning_seat
    size = playout.trick_size
    trick_points = playout.trick_points
    done = tricks[0] + tricks[1]
    while done < TRICKS_PER_DEAL:
        hand = hands[seat]
        if led < 0:
            if random() < greedy:
                others = (hands[0] | hands[1] | hands[2] | hands[3]) ^ hand
                card = _lead(hand, others, trump, random)
            else:
                card = random_card(hand, random)
            led = winning = card
            winning_seat = seat
        else:
            partner_wins = (winning_seat - seat) % 2 == 0
            legal = legal_mask(hand, led, winning, partner_wins, trump)
            if legal & (legal - 1) == 0:
                card = legal.bit_length() - 1
            elif random() >= greedy:
                card = random_card(legal, random)
            elif partner_wins:
                # Last to play, the trick is safe: give points; else keep them.
                card = _pick(legal, trump, GIVE if size == 3 else THROW)
            else:
                card = _pick(_winners(legal, winning, trump), trump, WIN)
                if card < 0:
                    card = _pick(legal, trump, THROW)
            if follower_wins(winning, card, trump):
                winning = card
                winning_seat = seat
        if record is not None:
            record.append(card)
        hands[seat] = hand ^ (1 << card)
        trick_points += CARD_POINTS[card]
        size += 1
        if size < 4:
            seat = (seat + 1) % 4
            continue
        team = winning_seat % 2
        points[team] += trick_points
        tricks[team] += 1
        done += 1
        seat = winning_seat
        led = winning = NO_CARD
        winning_seat = -1
        size = trick_points = 0
    playout.to_act = seat
    playout.led = playout.winning = NO_CARD
    playout.winning_seat = -1
    playout.trick_size = playout.trick_points = 0
    return playout
