"""Reference Manni (manille-variants.md, *Manni*; *Records of all these variants*; Decisions
23-27)."""

from .common import (
    SUITS,
    Malformed,
    check_action_keys,
    check_deals,
    check_end,
    check_head,
    check_names,
    forfeit_end,
    refused,
    trick_power,
    turn_refusal,
)

VARIANT = "manni"
SEAT_COUNT = 3
FORMATS = ("manni-10",)
PLUS_TARGET = 10
BASE_TRICKS = 4
RANKS = "23456789TJQKA"
CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
# The ace is low in a nullo deal only.
NULLO_RANKS = "A23456789TJQK"

# The deal 4-3-3-3: deck indices of the Manni, then of each seat by his distance from the dealer.
MANNI_INDICES = (0, 1, 2, 3, 13, 14, 15, 16, 26, 27, 28, 29, 39, 40, 41, 42)
HAND_INDICES = {
    1: (4, 5, 6, 17, 18, 19, 30, 31, 32, 43, 44, 45),
    2: (7, 8, 9, 20, 21, 22, 33, 34, 35, 46, 47, 48),
    0: (10, 11, 12, 23, 24, 25, 36, 37, 38, 49, 50, 51),
}
# The last card dealt onto the pile is on top (Decision 25).
MANNI_DRAW_ORDER = (42, 41, 40, 39, 29, 28, 27, 26, 16, 15, 14, 13, 3, 2, 1, 0)
EXCHANGE_LIMITS = {1: 7, 2: 5}


def is_card_list(cards) -> bool:
    return (
        isinstance(cards, list)
        and all(isinstance(card, str) and card in CARDS for card in cards)
        and len(set(cards)) == len(cards)
    )


ACTION_TYPES = {"exchange": {"cards": is_card_list}, "play": {"card": lambda card: card in CARDS}}


def contract_of(cut: str) -> tuple[str, str | None]:
    """Give the contract and the trump the cut card decides."""
    if cut[0] in "2345":
        return "nullo", None
    if cut[0] in "6789":
        return "trump", cut[1]
    return "no-trump", None


def check_deck(deck: list) -> None:
    if sorted(deck) != sorted(CARDS):
        raise Malformed("a deck of the 52 cards")


def check_record(record: dict) -> None:
    check_head(record, variant=VARIANT, seat_count=SEAT_COUNT, formats=FORMATS)
    check_names(record["players"])
    check_deals(
        record,
        seat_count=SEAT_COUNT,
        check_deck=check_deck,
        check_action=lambda action: check_action_keys(action, ACTION_TYPES),
    )
    check_end(record, SEAT_COUNT)


def deal_points(contract: str, tricks: list) -> tuple[list, list]:
    """Give the plus and minus points of a deal's tricks."""
    above = [max(0, count - BASE_TRICKS) for count in tricks]
    below = [max(0, BASE_TRICKS - count) for count in tricks]
    return (below, above) if contract == "nullo" else (above, below)


class Deal:
    """A deal: the exchange d+1, d+2, dealer, then twelve tricks led by d+1."""

    def __init__(self, deck: list, dealer: int):
        self.dealer = dealer
        self.cut = deck[51]
        self.contract, self.trump = contract_of(self.cut)
        self.hands = {
            (dealer + distance) % SEAT_COUNT: [deck[index] for index in indices]
            for distance, indices in HAND_INDICES.items()
        }
        self.pile = [deck[index] for index in MANNI_DRAW_ORDER]
        self.exchanged: list[int | None] = [None] * SEAT_COUNT
        self.exchange_order = [(dealer + distance) % SEAT_COUNT for distance in (1, 2, 0)]
        self.phase = "exchange"
        self.to_act = self.exchange_order[0]
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0] * SEAT_COUNT
        self.tricks_played = 0

    @property
    def is_over(self) -> bool:
        return self.tricks_played == 12

    def seat_to_act(self) -> int | None:
        return None if self.is_over else self.to_act

    def exchange_limit(self, seat: int) -> int:
        distance = (seat - self.dealer) % SEAT_COUNT
        return EXCHANGE_LIMITS.get(distance, len(self.pile))

    def strength(self, card: str) -> int:
        return (NULLO_RANKS if self.contract == "nullo" else RANKS).index(card[0])

    def refusal(self, action: dict):
        refusal = turn_refusal(self.is_over, self.to_act, action, (self.phase,))
        if refusal is not None:
            return refusal
        seat = action["seat"]
        hand = self.hands[seat]
        if action["type"] == "exchange":
            missing = [card for card in action["cards"] if card not in hand]
            if missing:
                return refused("card_not_available", f"the {missing[0]} is not in the hand")
            if len(action["cards"]) > self.exchange_limit(seat):
                return refused("exchange_limit", f"up to {self.exchange_limit(seat)} cards")
            return None
        card = action["card"]
        if card not in hand:
            return refused("card_not_available", f"the {card} is not in the hand")
        if self.trick:
            led = self.trick[0][1][1]
            if card[1] != led and any(own[1] == led for own in hand):
                return refused("must_follow_suit", "must follow suit")
        return None

    def apply(self, action: dict) -> None:
        seat = action["seat"]
        if action["type"] == "exchange":
            count = len(action["cards"])
            for card in action["cards"]:
                self.hands[seat].remove(card)
            self.hands[seat].extend(self.pile[:count])
            self.pile = self.pile[count:]
            self.exchanged[seat] = count
            position = self.exchange_order.index(seat)
            if position == 2:
                self.phase = "play"
                self.to_act = (self.dealer + 1) % SEAT_COUNT
            else:
                self.to_act = self.exchange_order[position + 1]
            return
        self.hands[seat].remove(action["card"])
        self.trick.append((seat, action["card"]))
        if len(self.trick) < SEAT_COUNT:
            self.to_act = (seat + 1) % SEAT_COUNT
            return
        led = self.trick[0][1][1]
        winner, _ = max(
            self.trick, key=lambda play: trick_power(play[1], led, self.trump, self.strength)
        )
        self.tricks[winner] += 1
        self.tricks_played += 1
        self.trick = []
        self.to_act = winner


class Match:
    """Plus and minus points kept apart; some seat at 10 plus, the one highest score wins."""

    def __init__(self, record: dict):
        self.first_dealer = record["first_dealer"]
        self.plus = [0] * SEAT_COUNT
        self.minus = [0] * SEAT_COUNT
        self.summaries: list[dict] = []
        self.deal: Deal | None = None
        self.finished = False
        self.winner = None
        self.loser = None
        self.end = None

    @property
    def totals(self) -> list:
        return [plus - minus for plus, minus in zip(self.plus, self.minus, strict=True)]

    def start_deal(self, deck: list) -> None:
        self.deal = Deal(deck, (self.first_dealer + len(self.summaries)) % SEAT_COUNT)

    def summary(self, *, is_complete: bool) -> dict:
        deal = self.deal
        plus, minus = [0] * SEAT_COUNT, [0] * SEAT_COUNT
        if is_complete:
            plus, minus = deal_points(deal.contract, deal.tricks)
        return {
            "dealer": deal.dealer,
            "cut": deal.cut,
            "contract": deal.contract,
            "trump": deal.trump,
            "exchanged": list(deal.exchanged),
            "tricks": list(deal.tricks),
            "plus": plus,
            "minus": minus,
            "score": [
                seat_plus - seat_minus for seat_plus, seat_minus in zip(plus, minus, strict=True)
            ],
            "complete": is_complete,
        }

    def finish_deal(self) -> None:
        summary = self.summary(is_complete=True)
        self.summaries.append(summary)
        self.plus = [total + plus for total, plus in zip(self.plus, summary["plus"], strict=True)]
        self.minus = [
            total + minus for total, minus in zip(self.minus, summary["minus"], strict=True)
        ]
        self.deal = None
        totals = self.totals
        highest = max(totals)
        if max(self.plus) >= PLUS_TARGET and totals.count(highest) == 1:
            self.finished = True
            self.winner = totals.index(highest)

    def forfeit(self, end: dict) -> None:
        self.finished = True
        self.loser = end["seat"]
        self.end = forfeit_end(end)
        others = [seat for seat in range(SEAT_COUNT) if seat != self.loser]
        first, second = (self.totals[seat] for seat in others)
        self.winner = None if first == second else others[0] if first > second else others[1]

    def output(self) -> dict:
        deals = list(self.summaries)
        if self.deal is not None:
            deals.append(self.summary(is_complete=False))
        return {
            "ok": True,
            "deals": deals,
            "totals": self.totals,
            "finished": self.finished,
            "winner": self.winner,
            "plus": list(self.plus),
            "minus": list(self.minus),
            "loser": self.loser,
            "end": self.end,
        }
