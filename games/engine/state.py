"""The immutable match state: phases, actions, the deal in progress and the match so far.

Implements manille-2p.md, sections *Announcements*, *Play* and *The match* (what a state holds),
and game-record.md, section *Format* (the action shapes).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple

from . import match
from .formats import FORMATS, SCORING
from .match import DealRecord as DealRecord  # where the engine found it before match.py
from .match_scoring import Scoring

VARIANT = "manille-2p"
SEAT_COUNT = 2


class Phase(StrEnum):
    """Who must decide what: the phases of a match, in order."""

    DEALING = "dealing"  # waiting for a deck (before each deal)
    TRUMP = "trump"  # the dealer names trump or rolls
    BUQUE = "buque"  # the non-dealer buques or passes
    SURBUQUE = "surbuque"  # the dealer sur-buques or passes
    PLAY = "play"  # sixteen tricks
    MATCH_OVER = "match_over"


ANNOUNCEMENT_PHASES = frozenset({Phase.TRUMP, Phase.BUQUE, Phase.SURBUQUE})
DEAL_PHASES = frozenset({Phase.TRUMP, Phase.BUQUE, Phase.SURBUQUE, Phase.PLAY})

BUQUE_NONE = "none"
BUQUE_BUQUE = "buque"
BUQUE_SURBUQUE = "surbuque"
BUQUE_FACTORS = {BUQUE_NONE: 1, BUQUE_BUQUE: 2, BUQUE_SURBUQUE: 4}

ACTION_SHAPE = match.ActionShape(
    seat_count=SEAT_COUNT,
    takes={
        "trump": (match.SUIT_KEY,),
        "roll": (),
        "buque": (),
        "surbuque": (),
        "pass": (),
        "play": (match.CARD_KEY,),
    },
)
ACTION_TYPES = tuple(ACTION_SHAPE.takes)


@dataclass(frozen=True, slots=True)
class Action(match.Action):
    """One decision of one seat: `trump` (with `suit`), `roll`, `buque`, `surbuque`, `pass`,
    `play` (with `card`). A badly shaped action cannot be built: RuleError `malformed`."""

    shape = ACTION_SHAPE


class DealState(NamedTuple):
    """The deal being played.

    A named tuple rather than a dataclass because a new one is built for every card played and
    building a tuple is several times cheaper; it is just as immutable.
    `stacks[seat]` holds four table stacks; each stack is a tuple of its remaining cards, the
    first one face up, the one under it (if any) face down.
    """

    dealer: int
    deck: tuple[str, ...]
    trump: str | None
    rolled: bool
    buque: str
    doubled_by_tie: bool
    roll_forced: bool
    hands: tuple[tuple[str, ...], tuple[str, ...]]
    stacks: tuple[tuple[tuple[str, ...], ...], tuple[tuple[str, ...], ...]]
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
        """Return the product of the factors known so far (rolled, buque, pending 30-30)."""
        return (
            (2 if self.rolled else 1)
            * BUQUE_FACTORS[self.buque]
            * (2 if self.doubled_by_tie else 1)
        )

    @property
    def is_surbuque_impossible(self) -> bool:
        """Tell whether sur-buque is ruled out: a rolled deal carrying a 30-30 doubling."""
        return self.rolled and self.doubled_by_tie


@dataclass(frozen=True, slots=True)
class DealSummary(match.DealSummaryBase):
    """The outcome of a deal, complete or cut short (game-record.md, *Replaying*)."""

    dealer: int
    trump: str | None
    rolled: bool
    buque: str
    tricks: tuple[int, int]
    card_points: tuple[int, int]
    capot: bool
    doubled_by_tie: bool
    multiplier: int
    score: tuple[int, int]
    complete: bool


@dataclass(frozen=True, slots=True)
class MatchProgress(match.MatchProgress):
    """What the match remembers between deals; it changes only when a deal ends."""

    # Who has rolled in his regular deals (six deals: a dealer who never did rolls his third).
    has_rolled: tuple[bool, bool]


@dataclass(frozen=True, slots=True)
class MatchState(match.MatchStateBase):
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    format: str
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    # The game's constants, shared by every state (`match.MatchStateBase`).
    variant: ClassVar[str] = VARIANT
    seat_count: ClassVar[int] = SEAT_COUNT
    summary_class: ClassVar[type[DealSummary]] = DealSummary
    scoring: ClassVar[Scoring] = SCORING

    @property
    def match_format(self):
        """Return the format's parameter object."""
        return FORMATS[self.format]

    @property
    def options_json(self) -> dict:
        """Return the table options as a record writes them: the game has none."""
        return {}
