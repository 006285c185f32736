"""The hot rules of the two-player engine on integer cards and bitmasks.

Implements manille-2p.md, sections *Play* (what a follower may play, who wins a trick) and
*Shuffle, cut and deal* (through `dealing.py`'s table of deck indices), once, for both users:

- the public API (`rules.py`) asks `legal_mask` and `follower_wins` for every card played, so
  the immutable states and the playouts can never disagree about the rules;
- `Playout`, a mutable deal, plays thousands of deals per decision for the computer players
  (`games.computer`); `play_randomly` (random legal cards) and `play_greedily` (a cheap policy,
  measured for the strong level: docs/computer.md) are its hot loops.

A card is its index in `cards.CARDS` (suit S H D C, strongest first inside a suit): the suit is
`card >> 3`, and inside a suit a stronger card has a smaller index. A set of cards is an int
whose bit `card` is set.
"""

from .cards import CARDS, POINTS, SUITS
from .dealing import DOWN_POSITIONS, HAND_POSITIONS, UP_POSITIONS, validate_deck
from .scoring import CAPOT_BASE, HALF_POINTS, MAXIMUM_DEAL_SCORE, TRICKS_PER_DEAL

NO_TRUMP = -1
NO_CARD = -1

CARD_INDEX: dict[str, int] = {card: index for index, card in enumerate(CARDS)}
CARD_BIT: dict[str, int] = {card: 1 << index for index, card in enumerate(CARDS)}
SUIT_INDEX: dict[str, int] = {suit: index for index, suit in enumerate(SUITS)}
SUIT_MASK: tuple[int, ...] = tuple(0xFF << (8 * suit) for suit in range(4))
CARD_POINTS: tuple[int, ...] = tuple(POINTS[card] for card in CARDS)
# The cards of the same suit stronger than each card: the lower bits of its suit.
STRONGER: tuple[int, ...] = tuple(((1 << card) - 1) & SUIT_MASK[card >> 3] for card in range(32))
ALL_CARDS = (1 << 32) - 1
# The cards of each card value in every suit (a byte per suit, strongest first: 10 A K Q J 9 8 7),
# fewest points first: the order in which a playout's policy gives cards away.
DUMP_ORDER: tuple[int, ...] = tuple(
    byte * 0x01010101 for byte in (0xE0, 0x10, 0x08, 0x04, 0x02, 0x01)
)
# Every suit's manille (10), the card nothing but a trump beats.
MANILLES = 0x01010101

# The cards of each byte of a mask, by suit: 4 lookups turn a mask into cards, in canonical order.
_BYTE_CARDS = tuple(
    tuple(tuple(8 * suit + bit for bit in range(8) if byte >> bit & 1) for byte in range(256))
    for suit in range(4)
)


def legal_mask(available: int, led: int, trump: int) -> int:
    """Return the cards a seat holding `available` may play: `led` is the card led, or NO_CARD
    when he leads; `trump` the trump suit or NO_TRUMP.

    The follower must beat the led card with a card of its suit if he can, else follow suit;
    void, he must trump if he can (any trump); else he plays any card.
    """
    if led < 0:
        return available
    following = available & SUIT_MASK[led >> 3]
    if following:
        return (following & STRONGER[led]) or following
    if trump >= 0:
        trumps = available & SUIT_MASK[trump]
        if trumps:
            return trumps
    return available


def follower_wins(winning: int, card: int, trump: int) -> bool:
    """Tell whether `card` takes the trick from `winning`, the card winning it so far (the led
    card in a two-player trick): a higher card of its suit, or a trump on a plain card (a card of
    a third suit never wins)."""
    suit = card >> 3
    if suit == winning >> 3:
        return card < winning
    return suit == trump


def random_card(mask: int, random) -> int:
    """Return a card of `mask` drawn uniformly with `random` (a `random.Random().random`)."""
    count = mask.bit_count()
    if count > 1:
        skip = int(random() * count)
        while skip:
            mask &= mask - 1
            skip -= 1
    return (mask & -mask).bit_length() - 1


def cards_of(mask: int) -> list[int]:
    """Return the cards of `mask`, in canonical order."""
    cards: list[int] = []
    for suit in range(4):
        byte = (mask >> (8 * suit)) & 0xFF
        if byte:
            cards.extend(_BYTE_CARDS[suit][byte])
    return cards


def mask_of(cards) -> int:
    """Return the mask of cards written in the notation (`TS`, `AH`...)."""
    mask = 0
    for card in cards:
        mask |= CARD_BIT[card]
    return mask


def deal_score(
    tricks: tuple[int, int] | list[int], points: tuple[int, int] | list[int], multiplier: int
) -> tuple[int, int]:
    """Return both seats' scores of a complete deal (manille-2p.md, *Scoring a deal*).

    The shared `match_scoring.deal_score` with the two-player values, written out for two seats:
    it ends every playout, and the shared one, general over the sides, takes about twice as long
    (a percent of a playout). `tests/engine/test_core.py` holds it to the engine's score."""
    for seat in (0, 1):
        if tricks[seat] == TRICKS_PER_DEAL:
            base = min(MAXIMUM_DEAL_SCORE, CAPOT_BASE * multiplier)
            return (base, 0) if seat == 0 else (0, base)
    for seat in (0, 1):
        if points[seat] > HALF_POINTS:
            base = min(MAXIMUM_DEAL_SCORE, (points[seat] - HALF_POINTS) * multiplier)
            return (base, 0) if seat == 0 else (0, base)
    return (0, 0)


class Playout:
    """A mutable deal in play: what the rules need and nothing else.

    `hands[seat]` and `up[seat]` are masks (a seat's available cards are their union);
    `under[card]` is the card under a face-up table card, NO_CARD when there is none.
    """

    __slots__ = ("hands", "up", "under", "trump", "to_act", "led", "points", "tricks", "multiplier")

    def __init__(
        self,
        hands,
        up,
        under,
        trump,
        to_act,
        led=NO_CARD,
        points=(0, 0),
        tricks=(0, 0),
        multiplier=1,
    ):
        self.hands = list(hands)
        self.up = list(up)
        self.under = list(under)
        self.trump = trump
        self.to_act = to_act
        self.led = led
        self.points = list(points)
        self.tricks = list(tricks)
        self.multiplier = multiplier

    @classmethod
    def dealt(cls, deck, dealer: int, trump: int = NO_TRUMP) -> "Playout":
        """Deal a deck of card indices as `dealing.deal_cards` does; the non-dealer leads."""
        hands = [0, 0]
        up = [0, 0]
        under = [NO_CARD] * 32
        for seat_role, seat in ((0, 1 - dealer), (1, dealer)):
            mask = 0
            for position in HAND_POSITIONS[seat_role]:
                mask |= 1 << deck[position]
            hands[seat] = mask
            mask = 0
            for up_position, down_position in zip(
                UP_POSITIONS[seat_role], DOWN_POSITIONS[seat_role], strict=True
            ):
                card = deck[up_position]
                mask |= 1 << card
                under[card] = deck[down_position]
            up[seat] = mask
        return cls(hands, up, under, trump, 1 - dealer)

    @classmethod
    def from_deal(cls, deal) -> "Playout":
        """Build a playout from the public API's `DealState` (cards played so far included)."""
        hands = [mask_of(deal.hands[0]), mask_of(deal.hands[1])]
        up = [0, 0]
        under = [NO_CARD] * 32
        for seat in (0, 1):
            for stack in deal.stacks[seat]:
                if stack:
                    up[seat] |= CARD_BIT[stack[0]]
                    if len(stack) > 1:
                        under[CARD_INDEX[stack[0]]] = CARD_INDEX[stack[1]]
        trump = SUIT_INDEX[deal.trump] if deal.trump is not None else NO_TRUMP
        led = CARD_INDEX[deal.trick[0][1]] if deal.trick else NO_CARD
        return cls(
            hands,
            up,
            under,
            trump,
            deal.to_act,
            led,
            deal.card_points,
            deal.tricks_won,
            deal.multiplier,
        )

    def copy(self) -> "Playout":
        return Playout(
            self.hands,
            self.up,
            self.under,
            self.trump,
            self.to_act,
            self.led,
            self.points,
            self.tricks,
            self.multiplier,
        )

    @property
    def is_over(self) -> bool:
        return self.tricks[0] + self.tricks[1] == TRICKS_PER_DEAL

    def legal(self) -> int:
        """Return the mask of the cards the seat to act may play."""
        seat = self.to_act
        return legal_mask(self.hands[seat] | self.up[seat], self.led, self.trump)

    def play(self, card: int) -> None:
        """Play `card` (assumed legal) for the seat to act."""
        seat = self.to_act
        bit = 1 << card
        if self.hands[seat] & bit:
            self.hands[seat] ^= bit
        else:
            below = self.under[card]
            self.up[seat] ^= bit if below < 0 else bit | (1 << below)
        led = self.led
        if led < 0:
            self.led = card
            self.to_act = 1 - seat
            return
        winner = seat if follower_wins(led, card, self.trump) else 1 - seat
        self.points[winner] += CARD_POINTS[led] + CARD_POINTS[card]
        self.tricks[winner] += 1
        self.led = NO_CARD
        self.to_act = winner

    def score(self) -> tuple[int, int]:
        """Return both seats' scores once the sixteen tricks are played."""
        return deal_score(self.tricks, self.points, self.multiplier)


def play_randomly(playout: Playout, random, record: list | None = None) -> Playout:
    """Play `playout` to its end, each card drawn uniformly among the legal ones with
    `random` (a `random.Random().random`); append the cards played to `record` if given.

    The hot loop of the computer players: `Playout.play` and `random_card` written out with
    local variables (a call per card would cost a good part of the loop).
    """
    hands = playout.hands
    up = playout.up
    under = playout.under
    trump = playout.trump
    points = playout.points
    tricks = playout.tricks
    seat = playout.to_act
    led = playout.led
    done = tricks[0] + tricks[1]
    while done < TRICKS_PER_DEAL:
        hand = hands[seat]
        legal = legal_mask(hand | up[seat], led, trump)
        count = legal.bit_count()
        if count > 1:
            skip = int(random() * count)
            while skip:
                legal &= legal - 1
                skip -= 1
        bit = legal & -legal
        card = bit.bit_length() - 1
        if record is not None:
            record.append(card)
        if hand & bit:
            hands[seat] = hand ^ bit
        else:
            below = under[card]
            up[seat] ^= bit if below < 0 else bit | (1 << below)
        if led < 0:
            led = card
            seat = 1 - seat
            continue
        if not follower_wins(led, card, trump):
            seat = 1 - seat
        points[seat] += CARD_POINTS[led] + CARD_POINTS[card]
        tricks[seat] += 1
        done += 1
        led = NO_CARD
    playout.to_act = seat
    playout.led = led
    return playout


# How often a policy playout (`play_greedily`) plays a random legal card instead of its rule.
GREEDY_RANDOM_SHARE = 0.125


def play_greedily(playout: Playout, random, record: list | None = None) -> Playout:
    """Play `playout` to its end with a cheap policy for both seats; `random` (a
    `random.Random().random`) draws its choices; append the cards played to `record` if given.

    One card in eight (`GREEDY_RANDOM_SHARE`) is a random legal card; otherwise the rule of a
    hurried club player:

    - following: take the trick with the weakest card that takes it; if nothing takes it, give
      a card with the fewest points (a plain card before a trump), drawn among those;
    - leading: a manille (10), which only a trump beats, unless the opponent (his cards in this
      deal) has none of its suit and holds a trump; else a card with the fewest points (a plain
      card before a trump), drawn among those.

    In a two-player trick the follower's legal cards either all take the trick or none does
    (manille-2p.md, *Play*: he must beat the led card if he can, and a forced trump on a plain
    card wins), so one test tells which; and when they all take it, they are of one suit,
    weakest at the highest bit. The loop is `play_randomly`'s, with the rule, `legal_mask` and
    `follower_wins` written out (a call per card costs a good part of the loop;
    `tests/engine/test_core.py` replays its deals through the public API).
    """
    hands = playout.hands
    up = playout.up
    under = playout.under
    trump = playout.trump
    points = playout.points
    tricks = playout.tricks
    seat = playout.to_act
    led = playout.led
    plain = ALL_CARDS & ~SUIT_MASK[trump] if trump >= 0 else ALL_CARDS
    trump_mask = SUIT_MASK[trump] if trump >= 0 else 0
    plain_suits = tuple(mask for mask in SUIT_MASK if mask & plain)
    dump_order = DUMP_ORDER
    share = GREEDY_RANDOM_SHARE
    done = tricks[0] + tricks[1]
    while done < TRICKS_PER_DEAL:
        hand = hands[seat]
        available = hand | up[seat]
        if led < 0:
            legal = available
        else:
            # `legal_mask` and `follower_wins` written out: the cards that take the trick are
            # the stronger ones of its suit, or a trump on a plain card.
            stronger = STRONGER[led]
            following = available & SUIT_MASK[led >> 3]
            if following:
                legal = following & stronger or following
            else:
                legal = available & trump_mask or available
            takes = stronger | trump_mask if led >> 3 != trump else stronger
        if legal & (legal - 1):
            if random() < share:
                choices = legal
            elif led >= 0 and legal & takes:
                choices = 1 << (legal.bit_length() - 1)
            else:
                choices = legal & MANILLES if led < 0 else 0
                if choices and trump >= 0:
                    other = hands[1 - seat] | up[1 - seat]
                    if other & trump_mask:
                        for suit_mask in plain_suits:
                            if not other & suit_mask:
                                choices &= ~suit_mask
                if not choices:
                    choices = legal & plain or legal
                    for level in dump_order:
                        if choices & level:
                            choices &= level
                            break
            count = choices.bit_count()
            if count > 1:
                skip = int(random() * count)
                while skip:
                    choices &= choices - 1
                    skip -= 1
            bit = choices & -choices
        else:
            bit = legal
        card = bit.bit_length() - 1
        if record is not None:
            record.append(card)
        if hand & bit:
            hands[seat] = hand ^ bit
        else:
            below = under[card]
            up[seat] ^= bit if below < 0 else bit | (1 << below)
        if led < 0:
            led = card
            seat = 1 - seat
            continue
        if not bit & takes:
            seat = 1 - seat
        points[seat] += CARD_POINTS[led] + CARD_POINTS[card]
        tricks[seat] += 1
        done += 1
        led = NO_CARD
    playout.to_act = seat
    playout.led = led
    return playout


def deck_indices(deck) -> list[int]:
    """Return a validated deck (cards in the notation) as card indices."""
    return [CARD_INDEX[card] for card in validate_deck(deck)]
