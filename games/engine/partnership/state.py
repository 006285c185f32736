"""The immutable state of a partnership match: phases, actions, the deal and the match so far.

Implements manille-4p.md: *Trump*, *Mee and tegen*, *Play of a trick*, *The match* (what a state
holds) and *Records* (the action shapes: `look`, `blind`, `trump` with a suit or null, `mee`,
`tegen`, `pass`, `play` with a card; seats 0 to 3); manille-variants.md, *French Manille
parlée* (the questions `ask_card` with a card, `ask_count` with a suit, `show`; the replay
summaries' `questions` and `conductors`).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple

from .. import match
from ..match import DealRecord as DealRecord  # where the engine found it before match.py
from ..match import MatchProgress as MatchProgress  # a partnership match remembers no more
from ..match_scoring import Scoring
from .questions import ASK_CARD, ASK_COUNT, SHOW, Question, conductors_of, questions_of
from .rulesets import RULESETS, MatchFormat, Ruleset, TableOptions
from .seats import SEAT_COUNT, TEAMS


class Phase(StrEnum):
    """Who must decide what: the phases of a match, in order."""

    DEALING = "dealing"  # waiting for a deck (before each deal)
    LOOK = "look"  # Flemish, blind option on: the dealer looks at his cards or goes blind
    TRUMP = "trump"  # Flemish: the dealer names a trump suit or no trump
    MEE = "mee"  # Flemish, mee/tegen on: d+1 then d+3 say mee or pass
    TEGEN = "tegen"  # after a mee: d+2 then d say tegen or pass
    PLAY = "play"  # eight tricks of four cards
    MATCH_OVER = "match_over"


DEAL_PHASES = frozenset({Phase.LOOK, Phase.TRUMP, Phase.MEE, Phase.TEGEN, Phase.PLAY})

ACTION_SHAPE = match.ActionShape(
    seat_count=SEAT_COUNT,
    takes={
        "look": (),
        "blind": (),
        "trump": (match.SUIT_KEY,),
        "mee": (),
        "tegen": (),
        "pass": (),
        "play": (match.CARD_KEY,),
        # *Parlée* only; another game's phases take none of them (`wrong_phase`).
        ASK_CARD: (match.CARD_KEY,),
        ASK_COUNT: (match.SUIT_KEY,),
        SHOW: (),
    },
    null_suit_types=frozenset({"trump"}),
    are_keys_required=True,
)
ACTION_TYPES = tuple(ACTION_SHAPE.takes)

# The action types each phase accepts (`blind` is checked before the phase: see rules.apply).
PHASE_TYPES = {
    Phase.LOOK: ("look", "blind"),
    Phase.TRUMP: ("trump",),
    Phase.MEE: ("mee", "pass"),
    Phase.TEGEN: ("tegen", "pass"),
    Phase.PLAY: ("play",),
}


@dataclass(frozen=True, slots=True)
class Action(match.Action):
    """One decision of one seat. `trump` carries `suit` (S H D C, or None for no trump); `play`
    carries `card`; the questions `ask_card` a card, `ask_count` a suit. A badly shaped action
    cannot be built: RuleError `malformed`. A record writes `suit` on every `trump` (null for
    no trump) and must carry it; an `answer` a record writes on a question is ignored."""

    shape = ACTION_SHAPE


class DealState(NamedTuple):
    """The deal being played. Tricks and card points are counted by team (`[team 0, team 1]`);
    `card_points` holds the cards' points only (French trick points are added when scoring).

    A named tuple rather than a dataclass because a new one is built for every card played.
    """

    dealer: int
    deck: tuple[str, ...]
    # The trump suit; None before it is named, or in a no-trump deal (`no_trump`).
    trump: str | None
    no_trump: bool
    blind: bool
    mee: bool
    tegen: bool
    doubled_by_tie: bool
    # French: the card turned up (deck index 31, the dealer's); None in Flemish deals.
    turned_up: str | None
    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    to_act: int
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_winner: int | None
    tricks_won: tuple[int, int]
    card_points: tuple[int, int]
    actions: tuple[Action, ...]
    # docs/engine.md, *Verifiable deals*: None when the deal was dealt without a salt.
    salt: str | None = None
    commitment: str | None = None

    @property
    def multiplier(self) -> int:
        """Return the product of the factors known so far: no trump x2 (blind x4), mee x2 or
        tegen x4 (never more), the 30-30 carried x2. No cap (Decision)."""
        trump_factor = 4 if self.blind else 2 if self.no_trump else 1
        announcement_factor = 4 if self.tegen else 2 if self.mee else 1
        return trump_factor * announcement_factor * (2 if self.doubled_by_tie else 1)

    @property
    def is_turned_up_held(self) -> bool:
        """Tell whether the dealer still holds the turned-up card (French)."""
        return self.turned_up is not None and self.turned_up in self.hands[self.dealer]

    @property
    def plays(self) -> tuple[tuple[int, str], ...]:
        """Return every card played in the deal so far, (seat, card) in order: all four seats
        saw each of them."""
        return tuple((action.seat, action.card) for action in self.actions if action.type == "play")

    @property
    def questions(self) -> tuple[Question, ...]:
        """Return every question asked in the deal so far (*parlée*), with its answer, in
        order: computed from the actions and the hands, never stored (`questions.py`)."""
        return questions_of(self.actions, self.hands)

    @property
    def conductors(self) -> tuple[int | None, int | None]:
        """Return each team's conductor in the deal (*parlée*), or None where nobody asked."""
        return conductors_of(self.actions)


@dataclass(frozen=True, slots=True)
class DealSummary(match.DealSummaryBase):
    """The outcome of a deal, complete or cut short (manille-4p.md, *Records*), by team."""

    dealer: int
    trump: str | None
    blind: bool
    mee: bool
    tegen: bool
    turned_up: str | None
    tricks: tuple[int, int]
    card_points: tuple[int, int]
    capot: bool
    doubled_by_tie: bool
    multiplier: int
    score: tuple[int, int]
    complete: bool


@dataclass(frozen=True, slots=True)
class QuestionsDealSummary(DealSummary):
    """The outcome of a deal of a game with questions (*parlée*): *muette*'s, plus every
    question with its answer, in order, and each team's conductor (None where nobody asked)."""

    questions: tuple[Question, ...]
    conductors: tuple[int | None, int | None]

    def to_json(self) -> dict:
        """Return the summary in the replay output's shape, each question as its JSON form."""
        # Named rather than super(): a slots dataclass is a rebuilt class, which zero-argument
        # super() does not find.
        result = DealSummary.to_json(self)
        result["questions"] = [question.to_json() for question in self.questions]
        return result

    @classmethod
    def from_json(cls, obj: dict) -> "QuestionsDealSummary":
        """Build a summary back from `to_json`'s shape."""
        values = {name: match.tuple_value(obj[name]) for name in match.field_names(cls)}
        values["questions"] = tuple(Question.from_json(item) for item in obj["questions"])
        return cls(**values)


@dataclass(frozen=True, slots=True)
class MatchState(match.MatchStateBase):
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    variant: str
    format: str
    options: TableOptions
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    # The games' constants, shared by every state (`match.MatchStateBase`).
    seat_count: ClassVar[int] = SEAT_COUNT

    @property
    def summary_class(self) -> type[DealSummary]:
        """Return the class of the game's deal summaries (`match.MatchStateBase`): *muette*'s
        with the questions in a game that has them."""
        return QuestionsDealSummary if RULESETS[self.variant].has_questions else DealSummary

    @property
    def ruleset(self) -> Ruleset:
        """Return the game's parameter object."""
        return RULESETS[self.variant]

    @property
    def scoring(self) -> Scoring:
        """Return how the game scores a deal."""
        return RULESETS[self.variant].scoring

    @property
    def match_format(self) -> MatchFormat:
        """Return the format's parameter object."""
        return RULESETS[self.variant].formats[self.format]

    @property
    def options_json(self) -> dict:
        """Return the table options as a record writes them: only the keys this game has."""
        return RULESETS[self.variant].options_to_json(self.options)

    @property
    def winning_seats(self) -> tuple[int, int] | None:
        """Return the two seats of the winning team, or None while the match goes on."""
        return None if self.progress.winner is None else TEAMS[self.progress.winner]
