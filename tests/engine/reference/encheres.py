"""Reference *Manille aux enchères* at four and at three (manille-variants.md, *French Manille
aux enchères*; *Records of all these variants*; Decisions 1-9)."""

from dataclasses import dataclass

from .common import (
    FRENCH_CARDS,
    SUITS,
    FrenchTricks,
    check_action_keys,
    check_deals,
    check_end,
    check_french_deck,
    check_head,
    check_names,
    forfeit_end,
    french_hands,
    is_integer,
    refused,
    turn_refusal,
)
from .trois import check_three_player_decks, three_player_hands

FORMATS = {"to-100": 100, "to-120": 120, "to-150": 150}
ACTION_TYPES = {
    "bid": {"points": is_integer},
    "pass": {},
    # A suit only: no trump (`suit: null`) is malformed here (Decision 1).
    "trump": {"suit": lambda suit: suit in tuple(SUITS)},
    "play": {"card": lambda card: card in FRENCH_CARDS},
}
PHASE_TYPES = {"bid": ("bid", "pass"), "trump": ("trump",), "play": ("play",)}


@dataclass(frozen=True)
class Rules:
    variant: str
    seat_count: int
    minimum: int
    maximum: int
    trick_count: int


FOUR = Rules("manille-encheres", seat_count=4, minimum=18, maximum=68, trick_count=8)
THREE = Rules("manille-encheres-3", seat_count=3, minimum=24, maximum=70, trick_count=10)
RULES = {rules.variant: rules for rules in (FOUR, THREE)}


def check_record(record: dict) -> None:
    rules = RULES[record["variant"]]
    check_head(record, variant=rules.variant, seat_count=rules.seat_count, formats=FORMATS)
    check_names(record["players"])
    check_deals(
        record,
        seat_count=rules.seat_count,
        check_deck=check_french_deck if rules.seat_count == 4 else lambda deck: None,
        check_action=lambda action: check_action_keys(action, ACTION_TYPES),
    )
    if rules.seat_count == 3:
        check_three_player_decks(record, is_removed=True)
    check_end(record, rules.seat_count)


class Deal:
    """A deal: the auction among the seats below the target, the bidder's trump, the play."""

    def __init__(self, rules: Rules, deck: list, dealer: int, bidders: list):
        self.rules = rules
        self.dealer = dealer
        seats = rules.seat_count
        self.hands = three_player_hands(deck, dealer) if seats == 3 else french_hands(deck, dealer)
        self.bidders = bidders
        self.bids: list[tuple[int, int | None]] = []
        self.passed: set[int] = set()
        self.highest: tuple[int, int] | None = None
        self.trump = None
        self.tricks: FrenchTricks | None = None
        self.phase = "bid"
        self.to_act = self.next_bidder(dealer)

    def next_bidder(self, seat: int) -> int:
        """Give the next seat after `seat` still in the auction (a pass is final)."""
        for step in range(1, self.rules.seat_count + 1):
            other = (seat + step) % self.rules.seat_count
            if other in self.bidders and other not in self.passed:
                return other
        raise AssertionError("an auction with nobody in it")

    @property
    def is_void(self) -> bool:
        return self.phase == "void"

    @property
    def is_over(self) -> bool:
        return self.is_void or (self.phase == "play" and self.tricks.is_over)

    @property
    def bidder(self) -> int | None:
        return None if self.highest is None else self.highest[0]

    def seat_to_act(self) -> int | None:
        if self.is_over:
            return None
        return self.tricks.to_play if self.phase == "play" else self.to_act

    def lowest_bid(self) -> int:
        return self.rules.minimum if self.highest is None else self.highest[1] + 1

    def refusal(self, action: dict):
        refusal = turn_refusal(
            self.is_over, self.seat_to_act(), action, PHASE_TYPES.get(self.phase, ())
        )
        if refusal is not None:
            return refusal
        if action["type"] == "bid":
            if action["points"] < self.lowest_bid():
                return refused("bid_too_low", f"the lowest bid is {self.lowest_bid()}")
            if action["points"] > self.rules.maximum:
                return refused("bid_too_high", f"the highest bid is {self.rules.maximum}")
        if action["type"] == "play":
            return self.tricks.card_refusal(action["seat"], action["card"])
        return None

    def apply(self, action: dict) -> None:
        seat = action["seat"]
        if action["type"] == "play":
            self.tricks.play(seat, action["card"])
        elif action["type"] == "trump":
            self.trump = action["suit"]
            self.phase = "play"
            bidder = self.bidder
            self.tricks = FrenchTricks(
                self.hands,
                leader=(self.dealer + 1) % self.rules.seat_count,
                trump=self.trump,
                trick_count=self.rules.trick_count,
                # The defenders are partners in play (Decision 6).
                sides=lambda other: other == bidder,
            )
        else:
            self.bid(seat, action.get("points"))

    def bid(self, seat: int, points: int | None) -> None:
        self.bids.append((seat, points))
        if points is None:
            self.passed.add(seat)
        else:
            self.highest = (seat, points)
        still_in = [other for other in self.bidders if other not in self.passed]
        if not still_in:
            self.phase = "void"
        elif self.highest is not None and (
            self.highest[1] == self.rules.maximum or still_in == [self.highest[0]]
        ):
            self.phase = "trump"
            self.to_act = self.highest[0]
        else:
            self.to_act = self.next_bidder(seat)


class Match:
    """Until only one loser: a seat at the target is frozen and no longer bids (Decision 8)."""

    def __init__(self, record: dict):
        self.rules = RULES[record["variant"]]
        self.first_dealer = record["first_dealer"]
        self.target = FORMATS[record["format"]]
        seats = self.rules.seat_count
        self.totals = [0] * seats
        self.reached: list[int | None] = [None] * seats
        self.summaries: list[dict] = []
        self.deal: Deal | None = None
        self.finished = False
        self.loser = None
        self.end = None

    def start_deal(self, deck: list) -> None:
        seats = self.rules.seat_count
        dealer = (self.first_dealer + len(self.summaries)) % seats
        bidders = [seat for seat in range(seats) if self.reached[seat] is None]
        self.deal = Deal(self.rules, deck, dealer, bidders)

    def summary(self, *, is_complete: bool) -> dict:
        deal = self.deal
        seats = self.rules.seat_count
        tricks = list(deal.tricks.tricks) if deal.tricks else [0] * seats
        points = list(deal.tricks.points) if deal.tricks else [0] * seats
        bidder = deal.bidder
        bid = None if deal.highest is None else deal.highest[1]
        score = [0] * seats
        made = None
        is_vole = False
        if is_complete and not deal.is_void:
            made = points[bidder] >= bid
            is_vole = tricks[bidder] == self.rules.trick_count
            # A seat at the target scores nothing; a bidder is never one.
            winners = [bidder] if made else [seat for seat in range(seats) if seat != bidder]
            for seat in winners:
                if self.reached[seat] is None:
                    score[seat] = bid
        return {
            "dealer": deal.dealer,
            "bids": [{"seat": seat, "points": bid_points} for seat, bid_points in deal.bids],
            "bidder": bidder,
            "bid": bid,
            "trump": deal.trump,
            "tricks": tricks,
            "card_points": points,
            "bidder_points": None if bidder is None else points[bidder],
            "made": made,
            "vole": is_vole,
            "score": score,
            "complete": is_complete,
        }

    def finish_deal(self) -> None:
        summary = self.summary(is_complete=True)
        deal_index = len(self.summaries)
        self.summaries.append(summary)
        self.totals = [
            total + score for total, score in zip(self.totals, summary["score"], strict=True)
        ]
        self.deal = None
        for seat, total in enumerate(self.totals):
            if self.reached[seat] is None and total >= self.target:
                self.reached[seat] = deal_index
        below = [seat for seat, reached in enumerate(self.reached) if reached is None]
        if len(below) == 1:
            self.finished = True
            self.loser = below[0]

    def forfeit(self, end: dict) -> None:
        self.finished = True
        self.loser = end["seat"]
        self.end = forfeit_end(end)

    def output(self) -> dict:
        deals = list(self.summaries)
        if self.deal is not None:
            deals.append(self.summary(is_complete=False))
        return {
            "ok": True,
            "deals": deals,
            "totals": list(self.totals),
            "finished": self.finished,
            "winner": None,
            "reached": list(self.reached),
            "loser": self.loser,
            "end": self.end,
        }
