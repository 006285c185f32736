"""The partners' questions of *Manille parlée*: what was asked, what the server answered, who
conducts each team, whose hand lies on the table.

Implements manille-variants.md, *French Manille parlée* (*The questions*, *Views and forfeits*,
*Record*) and Decisions 19-22. A question is kept in the deal only as its action, in its place
among the cards: its answer is a function of the deal (the partner's hand at that moment), so
the state holds nothing else, a record writes the question without its answer, and everything
here is computed back from the deal's actions and its hands now.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import sort_cards
from ..errors import NOT_CONDUCTOR, QUESTION_LIMIT, RuleError
from .seats import TEAMS, partner_of, team_of

ASK_CARD = "ask_card"
ASK_COUNT = "ask_count"
SHOW = "show"
QUESTION_TYPES = (ASK_CARD, ASK_COUNT, SHOW)


@dataclass(frozen=True, slots=True)
class Question:
    """One question and the server's answer: `ask_card` carries `card` and answers a bool,
    `ask_count` carries `suit` and answers a count, `show` answers the partner's cards then,
    strongest first by suit (S H D C)."""

    seat: int
    type: str
    card: str | None
    suit: str | None
    answer: bool | int | tuple[str, ...]

    def to_json(self) -> dict:
        """Return `{"seat", "type", "card" | "suit", "answer"}` (no subject for `show`)."""
        result: dict = {"seat": self.seat, "type": self.type}
        if self.type == ASK_CARD:
            result["card"] = self.card
        elif self.type == ASK_COUNT:
            result["suit"] = self.suit
        result["answer"] = list(self.answer) if self.type == SHOW else self.answer
        return result

    @classmethod
    def from_json(cls, obj: dict) -> "Question":
        """Build a question back from `to_json`'s form (a stored state's, not a user's)."""
        answer = obj["answer"]
        return cls(
            seat=obj["seat"],
            type=obj["type"],
            card=obj.get("card"),
            suit=obj.get("suit"),
            answer=tuple(answer) if obj["type"] == SHOW else answer,
        )


def _answer(action, hand) -> bool | int | tuple[str, ...]:
    if action.type == ASK_CARD:
        return action.card in hand
    if action.type == ASK_COUNT:
        return sum(1 for card in hand if card[1] == action.suit)
    return tuple(sort_cards(hand))


def questions_of(actions: Sequence, hands: Sequence[Sequence[str]]) -> tuple[Question, ...]:
    """Return every question of a deal with its answer, in order, from its `actions` and the
    `hands` held now.

    Walked backwards from now: putting back each card as its play is passed gives every hand as
    it was at each earlier question, so each answer is the partner's true hand at that moment.
    """
    if not any(action.type in QUESTION_TYPES for action in actions):
        return ()
    held = [set(hand) for hand in hands]
    answered = []
    for action in reversed(actions):
        if action.type == "play":
            held[action.seat].add(action.card)
        elif action.type in QUESTION_TYPES:
            answer = _answer(action, held[partner_of(action.seat)])
            answered.append(Question(action.seat, action.type, action.card, action.suit, answer))
    return tuple(reversed(answered))


def conductors_of(actions: Sequence) -> tuple[int | None, int | None]:
    """Return the conductor of each team in the deal: the first of its seats to ask, or None."""
    conductors: list[int | None] = [None] * len(TEAMS)
    for action in actions:
        if action.type in QUESTION_TYPES and conductors[team_of(action.seat)] is None:
            conductors[team_of(action.seat)] = action.seat
    return (conductors[0], conductors[1])


def shown_seats_of(actions: Sequence) -> tuple[int, ...]:
    """Return the seats whose hands are on the table, in the order they were shown: the
    partner of each seat that asked `show`."""
    return tuple(partner_of(action.seat) for action in actions if action.type == SHOW)


def question_refusal(actions: Sequence, seat: int) -> RuleError | None:
    """Return the error refusing a question by `seat`, the seat to play, after `actions` (the
    deal's so far), or None when he may ask: `not_conductor` when his partner conducts, then
    `question_limit` when he has asked this turn or his team has had a hand shown."""
    conductor = None
    has_shown = False
    team = team_of(seat)
    for action in actions:
        if action.type in QUESTION_TYPES and team_of(action.seat) == team:
            if conductor is None:
                conductor = action.seat
            has_shown = has_shown or action.type == SHOW
    if conductor is not None and conductor != seat:
        return RuleError(
            NOT_CONDUCTOR,
            f"seat {conductor} conducts his team in this deal: only he asks, "
            f"seat {seat} only answers",
        )
    if has_shown:
        return RuleError(
            QUESTION_LIMIT,
            f"seat {partner_of(seat)}'s hand is on the table: his team asks nothing more "
            "in this deal",
        )
    # He is the seat to play: a question of his as the last action was asked in this turn.
    if actions and actions[-1].seat == seat and actions[-1].type in QUESTION_TYPES:
        return RuleError(
            QUESTION_LIMIT, f"seat {seat} has asked his question this turn: he must play a card"
        )
    return None
