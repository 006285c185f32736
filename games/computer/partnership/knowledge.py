"""What a computer player knows of a partnership deal, read from its player view alone.

The known cards (its hand and every card played: `plays`), the unknown ones (the three other
hands), how many each of them holds (`hand_counts`), and what the others' plays showed of their
hands. manille-4p.md, *What a follower may play*, obliges a follower to follow, to beat an
opponent's winning card of the led suit, to trump or overtrump an opponent: a seat that played a
card the rule would have refused had he held card `x` did not hold `x`. The rule is asked of the
shared `games.engine.tricks.obligation` itself (one card against the card played: the rule's
cases are "hold any card of this set", so one card is enough to decide), so what the computer
infers can never disagree with what the engine enforces.

French: the turned-up card is the dealer's until he plays it (every seat saw it).

`sample` deals the unknown cards to the three other seats again, consistently with all of it:
one determinization of the deal.
"""

import random
from functools import lru_cache

from games.engine.cards import CARDS
from games.engine.core import (
    ALL_CARDS,
    CARD_INDEX,
    NO_TRUMP,
    SUIT_INDEX,
    SUIT_MASK,
    cards_of,
    mask_of,
)
from games.engine.partnership.rulesets import RULESETS
from games.engine.tricks import obligation, winning_index

from .playout import PartnershipPlayout

# Attempts at a consistent deal before the constraints are given up (never seen in tests).
_SAMPLE_ATTEMPTS = 40


@lru_cache(maxsize=8192)
def _shown_void(
    card: str, trick_cards: tuple[str, ...], trump: str | None, is_partner_winning: bool
):
    """Return the mask of the cards that a follower who played `card` on `trick_cards` cannot
    have held: those that would have made the follower rule refuse `card`. (Remembered: every
    decision of a deal reads the same past tricks again.)"""
    if (
        card
        not in obligation([card], trick_cards, trump, is_partner_winning=is_partner_winning).allowed
    ):
        return 0  # cannot happen in a legal deal: infer nothing
    forbidden = 0
    for other in CARDS:
        if other == card:
            continue
        rule = obligation([card, other], trick_cards, trump, is_partner_winning=is_partner_winning)
        if card not in rule.allowed:
            forbidden |= 1 << CARD_INDEX[other]
    return forbidden


class PartnershipKnowledge:
    """One seat's knowledge of the deal in play (`view` is its `player_view`).

    `likely`, if set (`inference.informed`), tests a drawn deal against what the announcements
    make likely: `sample_hands` draws again, up to `DRAWS` times, a deal that fails it, keeping
    one only `UNLIKELY_KEPT` of the time.
    """

    DRAWS = 20
    UNLIKELY_KEPT = 0.1

    def __init__(self, view: dict) -> None:
        self.likely = None
        self._plan: tuple | None = None
        seat = view["seat"]
        self.seat = seat
        self.team = seat % 2
        self.partner = (seat + 2) % 4
        self.ruleset = RULESETS[view["variant"]]
        trump = view["trump"]
        self.trump_suit = trump
        self.trump = SUIT_INDEX[trump] if trump is not None else NO_TRUMP
        self.hand = mask_of(view["hand"])
        self.counts = list(view["hand_counts"])
        self.dealer = view["dealer"]
        self.multiplier = view["multiplier"]
        self.to_act = view["seat_to_act"]
        plays = [(entry["seat"], entry["card"]) for entry in view["plays"]]
        self.played = 0
        for _seat, card in plays:
            self.played |= 1 << CARD_INDEX[card]
        # What each seat's hand cannot hold, shown by the tricks it followed.
        self.forbidden = [0, 0, 0, 0]
        for start in range(0, len(plays), 4):
            trick = plays[start : start + 4]
            cards = [card for _seat, card in trick]
            for position in range(1, len(trick)):
                follower, card = trick[position]
                if follower == seat:
                    continue
                before = tuple(cards[:position])
                winner = trick[winning_index(before, trump)][0]
                self.forbidden[follower] |= _shown_void(
                    card, before, trump, (winner - follower) % 2 == 0
                )
        # French: the turned-up card stays the dealer's until he plays it.
        self.forced = [0, 0, 0, 0]
        turned_up = view.get("turned_up")
        if turned_up and turned_up["is_held"] and turned_up["seat"] != seat:
            self.forced[turned_up["seat"]] = 1 << CARD_INDEX[turned_up["card"]]
        # The hands on the table (the dummy's, a parlée hand shown) are everyone's knowledge:
        # those cards are that seat's, and it holds nothing else.
        for other, shown in enumerate(view.get("shown_hands") or ()):
            if shown and other != seat:
                shown_mask = mask_of(shown)
                self.forced[other] |= shown_mask
                for third in range(4):
                    if third not in (seat, other):
                        self.forbidden[third] |= shown_mask
                self.forbidden[other] |= ALL_CARDS & ~shown_mask
        self.unknown = ALL_CARDS & ~(self.hand | self.played)
        self.trick = [(entry["seat"], CARD_INDEX[entry["card"]]) for entry in view["trick"]]
        # Card points of the tricks already taken, by team (the view adds French trick points).
        per_trick = self.ruleset.scoring.trick_points
        self.tricks = tuple(view["tricks_won"])
        self.points = tuple(
            points - per_trick * tricks
            for points, tricks in zip(view["card_points"], self.tricks, strict=True)
        )

    def others(self) -> list[int]:
        return [other for other in range(4) if other != self.seat]

    def may_hold(self, other: int) -> int:
        """The unknown cards `other` may still hold."""
        return self.unknown & ~self.forbidden[other]

    def is_void(self, other: int, suit: int) -> bool:
        """Tell whether `other` cannot hold a card of `suit` (shown void, or none left)."""
        return not (self.may_hold(other) & SUIT_MASK[suit])

    def sample_hands(self, rng: random.Random) -> list[int]:
        """Deal the unknown cards to the other three seats at random, each his count, no seat
        a card he has shown he cannot hold (a deal the announcements make likely first, when
        `likely` is set)."""
        likely = self.likely
        if likely is None:
            return self._deal(rng)
        for _draw in range(self.DRAWS):
            hands = self._deal(rng)
            if likely(hands) or rng.random() < self.UNLIKELY_KEPT:
                return hands
        return hands

    def _deal(self, rng: random.Random) -> list[int]:
        """One deal of the unknown cards, consistent with the plays.

        The most constrained cards go first, each to a seat that may hold it, chosen in
        proportion to the places left in the hands (close to uniform over the consistent
        deals); a dead end starts again.
        """
        plan = self._plan
        if plan is None:
            plan = self._plan = self._deal_plan()
        others, loose_cards, options, option_count, start_room = plan
        hands = [0, 0, 0, 0]
        hands[self.seat] = self.hand
        cards = list(loose_cards)
        for _attempt in range(_SAMPLE_ATTEMPTS):
            rng.shuffle(cards)
            cards.sort(key=option_count.__getitem__)
            room = list(start_room)
            for other in others:
                hands[other] = self.forced[other]
            for card in cards:
                seats = [other for other in options[card] if room[other] > 0]
                if not seats:
                    break
                total = sum(room[other] for other in seats)
                pick = rng.random() * total
                for other in seats:
                    pick -= room[other]
                    if pick < 0:
                        break
                hands[other] |= 1 << card
                room[other] -= 1
            else:
                return hands
        # Not found (a view the rules cannot produce): deal without the shown voids.
        rng.shuffle(cards)
        position = 0
        for other in others:
            count = self.counts[other] - self.forced[other].bit_count()
            hands[other] = self.forced[other]
            for card in cards[position : position + count]:
                hands[other] |= 1 << card
            position += count
        return hands

    def _deal_plan(self) -> tuple:
        """What every deal of this knowledge starts from, worked out once (a decision deals
        a few thousand times): the other seats, the cards no seat is forced to hold, the seats
        each may go to and how many, and the room left in each hand."""
        others = self.others()
        loose = self.unknown
        for other in others:
            loose &= ~self.forced[other]
        loose_cards = cards_of(loose)
        options = {
            card: [other for other in others if not (self.forbidden[other] >> card) & 1]
            for card in loose_cards
        }
        option_count = {card: len(seats) for card, seats in options.items()}
        room = [0, 0, 0, 0]
        for other in others:
            room[other] = self.counts[other] - self.forced[other].bit_count()
        return others, loose_cards, options, option_count, room

    def sample(
        self,
        rng: random.Random,
        *,
        trump: int | None = None,
        to_act: int | None = None,
        multiplier: int | None = None,
    ) -> PartnershipPlayout:
        """One determinization of the deal: the unknown cards dealt again, the rest as seen."""
        return PartnershipPlayout(
            self.sample_hands(rng),
            self.trump if trump is None else trump,
            self.to_act if to_act is None else to_act,
            ruleset=self.ruleset,
            multiplier=self.multiplier if multiplier is None else multiplier,
            trick=self.trick,
            points=self.points,
            tricks=self.tricks,
        )
