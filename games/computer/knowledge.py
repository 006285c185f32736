"""What a computer player knows of the deal in play, read from its player view alone.

The known cards (its hand, both tables' face-up cards, every card played, from `deal_actions`),
the unknown ones (the opponent's hand and every face-down card), and what the opponent's plays
showed of his hand: a suit he failed to follow, the cards he failed to beat with, the trumps he
failed to play (manille-2p.md, *Play*: the follower's obligations). `sample` deals the unknown
cards again, consistently with all of it: one determinization of the deal.
"""

import random

from games.engine.core import (
    ALL_CARDS,
    CARD_INDEX,
    NO_CARD,
    NO_TRUMP,
    STRONGER,
    SUIT_INDEX,
    SUIT_MASK,
    Playout,
    cards_of,
    mask_of,
)


class Knowledge:
    """One seat's knowledge of the deal in play (`view` is its `player_view`).

    `likely`, if set (`inference.informed`), tests a drawn opponent's hand against what his
    announcements make likely: `sample` draws again, up to `DRAWS` times, a hand that fails
    it, keeping one only `UNLIKELY_KEPT` of the time.
    """

    DRAWS = 20
    UNLIKELY_KEPT = 0.1

    def __init__(self, view: dict) -> None:
        self.likely = None
        seat = view["seat"]
        self.seat = seat
        self.opponent = 1 - seat
        trump = view["trump"]
        self.trump = SUIT_INDEX[trump] if trump is not None else NO_TRUMP
        self.hand = mask_of(view["hand"])
        self.up = [0, 0]
        # The face-up cards with a face-down card under them, per seat.
        self.covered: list[list[int]] = [[], []]
        for owner in (0, 1):
            for stack in view["stacks"][owner]:
                if stack["up"] is not None:
                    card = CARD_INDEX[stack["up"]]
                    self.up[owner] |= 1 << card
                    if stack["down"]:
                        self.covered[owner].append(card)
        plays = [
            (action["seat"], CARD_INDEX[action["card"]])
            for action in view.get("deal_actions") or ()
            if action["type"] == "play"
        ]
        self.played = 0
        for _seat, card in plays:
            self.played |= 1 << card
        # What the opponent's hand cannot hold, shown by the tricks he followed.
        forbidden = 0
        # The suits he showed he no longer holds (his hand and face-up cards).
        self.voids: set[int] = set()
        for index in range(0, len(plays) - 1, 2):
            (_leader, led), (follower, card) = plays[index], plays[index + 1]
            if follower != self.opponent:
                continue
            led_suit = led >> 3
            if card >> 3 != led_suit:
                forbidden |= SUIT_MASK[led_suit]
                self.voids.add(led_suit)
                if self.trump >= 0 and card >> 3 != self.trump:
                    forbidden |= SUIT_MASK[self.trump]
                    self.voids.add(self.trump)
            elif card > led:
                forbidden |= STRONGER[led]
        self.forbidden = forbidden
        self.unknown = ALL_CARDS & ~(self.hand | self.up[0] | self.up[1] | self.played)
        self.opponent_hand_count = view["hand_counts"][self.opponent]
        self.trick = [CARD_INDEX[entry["card"]] for entry in view["trick"]]
        self.led = self.trick[0] if self.trick else NO_CARD
        self.to_act = view["seat_to_act"]
        self.points = tuple(view["card_points"])
        self.tricks = tuple(view["tricks_won"])
        self.multiplier = view["multiplier"]

    @property
    def available(self) -> int:
        """The cards this seat may play from (hand and face-up table cards)."""
        return self.hand | self.up[self.seat]

    @property
    def opponent_may_play(self) -> int:
        """The cards the opponent may hold available now: his face-up cards, and the unknown
        cards his plays did not rule out of his hand."""
        return self.up[self.opponent] | (self.unknown & ~self.forbidden)

    def table_card(self, card: int) -> bool:
        """Tell whether `card` is one of this seat's face-up table cards."""
        return bool(self.up[self.seat] >> card & 1)

    @property
    def gone(self) -> int:
        """Cards that can no longer be played by anyone (played, or in the trick)."""
        return self.played

    def sample(
        self,
        rng: random.Random,
        *,
        trump: int | None = None,
        to_act: int | None = None,
        multiplier: int | None = None,
    ) -> Playout:
        """Deal the unknown cards again at random, consistently with what was seen (the trump,
        the seat to act and the multiplier as the view says, unless told).

        Every consistent deal is equally likely: the opponent's hand is drawn among the cards
        he may still hold (those his announcements make likely first, when `likely` is set),
        the rest goes face down.
        """
        count = self.opponent_hand_count
        allowed = self.unknown & ~self.forbidden
        allowed_cards = cards_of(allowed)
        if len(allowed_cards) < count:  # cannot happen with a true view: keep going anyway
            allowed_cards = cards_of(self.unknown)
        likely = self.likely
        for _draw in range(self.DRAWS if likely is not None else 1):
            chosen = 0
            for card in rng.sample(allowed_cards, count):
                chosen |= 1 << card
            if likely is None or likely(chosen) or rng.random() < self.UNLIKELY_KEPT:
                break
        rest = cards_of(self.unknown & ~chosen)
        rng.shuffle(rest)
        under = [NO_CARD] * 32
        position = 0
        for owner in (0, 1):
            for card in self.covered[owner]:
                under[card] = rest[position]
                position += 1
        hands = [0, 0]
        hands[self.seat] = self.hand
        hands[self.opponent] = chosen
        return Playout(
            hands,
            self.up,
            under,
            self.trump if trump is None else trump,
            self.to_act if to_act is None else to_act,
            self.led,
            self.points,
            self.tricks,
            self.multiplier if multiplier is None else multiplier,
        )
