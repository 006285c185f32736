"""Reference *Manille à trois* (manille-variants.md, *Common to the French variants*: the
three-player deck and deal; *French Manille à trois*; *Records of all these variants*)."""

from .common import (
    FRENCH_CARDS,
    FrenchTricks,
    Malformed,
    card_points,
    check_action_keys,
    check_deals,
    check_end,
    check_french_deck,
    check_head,
    check_names,
    forfeit_end,
    missing_sevens,
    turn_refusal,
)

VARIANT = "manille-a-trois"
SEAT_COUNT = 3
FORMATS = {"first-to-34": 34, "first-to-44": 44}
ACTION_TYPES = {"play": {"card": lambda card: card in FRENCH_CARDS}}
ABOVE = 17

# The 4-4-2 deal from d+1: deck indices by the seat's distance from the dealer.
THREE_PLAYER_MAP = {
    1: (0, 1, 2, 3, 12, 13, 14, 15, 24, 25),
    2: (4, 5, 6, 7, 16, 17, 18, 19, 26, 27),
    0: (8, 9, 10, 11, 20, 21, 22, 23, 28, 29),
}


def three_player_hands(deck: list, dealer: int) -> dict:
    """Deal 4, 4, 2 from d+1; indices 30-31, if any, are the talon."""
    return {
        (dealer + distance) % SEAT_COUNT: [deck[index] for index in indices]
        for distance, indices in THREE_PLAYER_MAP.items()
    }


def is_sevens_removed(record: dict) -> bool:
    return record.get("options", {}).get("sevens_removed", True)


def check_three_player_decks(record: dict, is_removed: bool) -> None:
    """Check every deck: 30 cards lacking one pair of sevens, the same all match, or 32."""
    pairs = set()
    for deal in record["deals"]:
        deck = deal["deck"]
        if not is_removed:
            check_french_deck(deck)
            continue
        pair = missing_sevens(deck)
        if pair is None:
            raise Malformed("a deck of 30 cards lacking a pair of sevens of one colour")
        pairs.add(pair)
    if len(pairs) > 1:
        raise Malformed("every deal lacks the same pair of sevens")


def check_record(record) -> None:
    options = check_head(
        record,
        variant=VARIANT,
        seat_count=SEAT_COUNT,
        formats=FORMATS,
        option_keys=("sevens_removed",),
    )
    check_names(record["players"])
    check_deals(
        record,
        seat_count=SEAT_COUNT,
        check_deck=lambda deck: None,
        check_action=lambda action: check_action_keys(action, ACTION_TYPES),
    )
    check_three_player_decks(record, options.get("sevens_removed", True))
    check_end(record, SEAT_COUNT)


class Deal:
    """A deal: index 29 turned up, its suit trump, the dealer's; d+1 leads ten tricks."""

    def __init__(self, deck: list, dealer: int):
        self.dealer = dealer
        self.turned_up = deck[29]
        self.trump = deck[29][1]
        self.talon = deck[30:32] or None
        self.tricks = FrenchTricks(
            three_player_hands(deck, dealer),
            leader=(dealer + 1) % SEAT_COUNT,
            trump=self.trump,
            trick_count=10,
            sides=lambda seat: seat,
        )

    @property
    def is_over(self) -> bool:
        return self.tricks.is_over

    def seat_to_act(self) -> int | None:
        return None if self.is_over else self.tricks.to_play

    def refusal(self, action: dict):
        refusal = turn_refusal(self.is_over, self.tricks.to_play, action, ("play",))
        return refusal or self.tricks.card_refusal(action["seat"], action["card"])

    def apply(self, action: dict) -> None:
        self.tricks.play(action["seat"], action["card"])


class Match:
    """The match: every seat scores his points above 17; the highest total at the target wins."""

    def __init__(self, record: dict):
        self.first_dealer = record["first_dealer"]
        self.target = FORMATS[record["format"]]
        self.removed = None
        self.totals = [0] * SEAT_COUNT
        self.summaries: list[dict] = []
        self.deal: Deal | None = None
        self.finished = False
        self.winner = None
        self.loser = None
        self.end = None

    def start_deal(self, deck: list) -> None:
        self.removed = missing_sevens(deck)
        self.deal = Deal(deck, (self.first_dealer + len(self.summaries)) % SEAT_COUNT)

    def summary(self, *, is_complete: bool) -> dict:
        deal = self.deal
        points = list(deal.tricks.points)
        score = [0] * SEAT_COUNT
        if is_complete:
            # The talon counts for the dealer, once the deal is over (Decision 13).
            points[deal.dealer] += sum(card_points(card) for card in deal.talon or ())
            score = [max(0, seat_points - ABOVE) for seat_points in points]
        return {
            "dealer": deal.dealer,
            "trump": deal.trump,
            "turned_up": deal.turned_up,
            "removed": list(self.removed) if self.removed else None,
            "talon": deal.talon,
            "tricks": list(deal.tricks.tricks),
            "card_points": points,
            "score": score,
            "complete": is_complete,
        }

    def finish_deal(self) -> None:
        summary = self.summary(is_complete=True)
        self.summaries.append(summary)
        self.totals = [
            total + score for total, score in zip(self.totals, summary["score"], strict=True)
        ]
        self.deal = None
        highest = max(self.totals)
        if highest >= self.target and self.totals.count(highest) == 1:
            self.finished = True
            self.winner = self.totals.index(highest)

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
            "totals": list(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "loser": self.loser,
            "end": self.end,
        }
