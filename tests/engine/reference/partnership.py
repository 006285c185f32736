"""Reference *Manille parlée* and *à trois avec un mort*: *muette* with partners' questions, or
with a dummy (manille-4p.md, *French Manille muette*; manille-variants.md, *French Manille
parlée*, *French Manille à trois avec un mort*, *Records of all these variants*)."""

from .common import (
    FRENCH_CARDS,
    FRENCH_RANKS,
    SUITS,
    FrenchTricks,
    Malformed,
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

SEAT_COUNT = 4
FORMATS = {"first-to-34": 34, "first-to-44": 44}
HALF = 34
PLAY = {"play": {"card": lambda card: card in FRENCH_CARDS}}
QUESTIONS = {
    "ask_card": {"card": lambda card: card in FRENCH_CARDS},
    "ask_count": {"suit": lambda suit: suit in tuple(SUITS)},
    "show": {},
}
ACTION_TYPES = {"manille-parlee": PLAY | QUESTIONS, "manille-mort": PLAY}


def team_of(seat: int) -> int:
    return seat % 2


def strongest_first(cards: list) -> list:
    """Order cards by suit, S H D C, then strongest first."""
    return sorted(cards, key=lambda card: (SUITS.index(card[1]), FRENCH_RANKS.index(card[0])))


def check_dummy(record: dict) -> None:
    """Check `dummy` and the `null` at its seat in `players` (Decision 18)."""
    dummy = record.get("dummy")
    if not is_integer(dummy) or not 0 <= dummy < SEAT_COUNT:
        raise Malformed("dummy: a seat 0-3")
    players = record["players"]
    if players[dummy] is not None:
        raise Malformed("players: null at the dummy's seat")
    check_names([name for seat, name in enumerate(players) if seat != dummy])
    end = record.get("end")
    if end is not None and end["seat"] == dummy:
        raise Malformed("the dummy does not forfeit")


def check_record(record: dict) -> None:
    variant = record["variant"]
    check_head(record, variant=variant, seat_count=SEAT_COUNT, formats=FORMATS)
    check_deals(
        record,
        seat_count=SEAT_COUNT,
        check_deck=check_french_deck,
        check_action=lambda action: check_action_keys(action, ACTION_TYPES[variant]),
    )
    check_end(record, SEAT_COUNT)
    if variant == "manille-mort":
        check_dummy(record)
    else:
        check_names(record["players"])


class Deal:
    """A deal of *muette*: index 31 turned up, its suit trump; d+1 leads eight tricks; in
    *parlée* the seat to play may ask his partner one question first."""

    def __init__(self, deck: list, dealer: int, *, has_questions: bool):
        self.dealer = dealer
        self.turned_up = deck[31]
        self.trump = deck[31][1]
        self.has_questions = has_questions
        self.tricks = FrenchTricks(
            french_hands(deck, dealer),
            leader=(dealer + 1) % SEAT_COUNT,
            trump=self.trump,
            trick_count=8,
            sides=team_of,
        )
        self.questions: list[dict] = []
        self.conductors: list[int | None] = [None, None]
        self.is_shown = [False, False]
        self.has_asked_this_turn = False

    @property
    def is_over(self) -> bool:
        return self.tricks.is_over

    def seat_to_act(self) -> int | None:
        return None if self.is_over else self.tricks.to_play

    def refusal(self, action: dict):
        types = ("play", *QUESTIONS) if self.has_questions else ("play",)
        refusal = turn_refusal(self.is_over, self.tricks.to_play, action, types)
        if refusal is not None:
            return refusal
        if action["type"] == "play":
            return self.tricks.card_refusal(action["seat"], action["card"])
        team = team_of(action["seat"])
        if self.conductors[team] not in (None, action["seat"]):
            return refused("not_conductor", f"seat {self.conductors[team]} conducts")
        if self.has_asked_this_turn or self.is_shown[team]:
            return refused("question_limit", "one question per turn, none after a show")
        return None

    def apply(self, action: dict) -> None:
        seat = action["seat"]
        if action["type"] == "play":
            self.tricks.play(seat, action["card"])
            self.has_asked_this_turn = False
            return
        team = team_of(seat)
        self.conductors[team] = seat
        self.has_asked_this_turn = True
        partner_hand = self.tricks.hands[(seat + 2) % SEAT_COUNT]
        question = {"seat": seat, "type": action["type"]}
        if action["type"] == "ask_card":
            question["card"] = action["card"]
            question["answer"] = action["card"] in partner_hand
        elif action["type"] == "ask_count":
            question["suit"] = action["suit"]
            question["answer"] = sum(1 for card in partner_hand if card[1] == action["suit"])
        else:
            question["answer"] = strongest_first(partner_hand)
            self.is_shown[team] = True
        self.questions.append(question)


class Match:
    """Teams {0, 2} and {1, 3}; a team scores its points above 34; first to the target."""

    def __init__(self, record: dict):
        self.variant = record["variant"]
        self.dummy = record.get("dummy")
        self.first_dealer = record["first_dealer"]
        self.target = FORMATS[record["format"]]
        self.totals = [0, 0]
        self.summaries: list[dict] = []
        self.deal: Deal | None = None
        self.finished = False
        self.winner = None
        self.end = None

    def start_deal(self, deck: list) -> None:
        dealer = (self.first_dealer + len(self.summaries)) % SEAT_COUNT
        self.deal = Deal(deck, dealer, has_questions=self.variant == "manille-parlee")

    def summary(self, *, is_complete: bool) -> dict:
        deal = self.deal
        tricks = [deal.tricks.tricks[team] + deal.tricks.tricks[team + 2] for team in (0, 1)]
        points = [deal.tricks.points[team] + deal.tricks.points[team + 2] for team in (0, 1)]
        score = [0, 0]
        if is_complete:
            score = [max(0, team_points - HALF) for team_points in points]
        summary = {
            "dealer": deal.dealer,
            "trump": deal.trump,
            "blind": False,
            "mee": False,
            "tegen": False,
            "turned_up": deal.turned_up,
            "tricks": tricks,
            "card_points": points,
            "capot": is_complete and 8 in tricks,
            "doubled_by_tie": False,
            "multiplier": 1,
            "score": score,
            "complete": is_complete,
        }
        if deal.has_questions:
            summary["questions"] = [dict(question) for question in deal.questions]
            summary["conductors"] = list(deal.conductors)
        return summary

    def finish_deal(self) -> None:
        summary = self.summary(is_complete=True)
        self.summaries.append(summary)
        self.totals = [
            total + score for total, score in zip(self.totals, summary["score"], strict=True)
        ]
        self.deal = None
        # Only one team scores in a deal: at most one reaches the target.
        for team, total in enumerate(self.totals):
            if total >= self.target:
                self.finished = True
                self.winner = team

    def forfeit(self, end: dict) -> None:
        self.finished = True
        self.winner = 1 - team_of(end["seat"])
        self.end = forfeit_end(end)

    def output(self) -> dict:
        deals = list(self.summaries)
        if self.deal is not None:
            deals.append(self.summary(is_complete=False))
        output = {
            "ok": True,
            "deals": deals,
            "totals": list(self.totals),
            "finished": self.finished,
            "winner": self.winner,
            "end": self.end,
        }
        if self.variant == "manille-mort":
            output["dummy"] = self.dummy
        return output
