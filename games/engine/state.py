"""The immutable match state: phases, actions, the deal in progress and the match so far.

Implements manille-2p.md, sections *Announcements*, *Play* and *The match* (what a state holds),
and game-record.md, section *Format* (the action shapes).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from .cards import CARD_SET, SUITS
from .errors import MALFORMED, RuleError
from .formats import FORMATS


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

ACTION_TYPES = ("trump", "roll", "buque", "surbuque", "pass", "play")

BUQUE_NONE = "none"
BUQUE_BUQUE = "buque"
BUQUE_SURBUQUE = "surbuque"
BUQUE_FACTORS = {BUQUE_NONE: 1, BUQUE_BUQUE: 2, BUQUE_SURBUQUE: 4}


def _malformed(message: str) -> RuleError:
    return RuleError(MALFORMED, message)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: `trump` (with `suit`), `roll`, `buque`, `surbuque`, `pass`,
    `play` (with `card`). A badly shaped action cannot be built: RuleError `malformed`."""

    seat: int
    type: str
    suit: str | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat not in (0, 1):
            raise _malformed(f"an action's seat must be 0 or 1, not {self.seat!r}")
        if self.type not in ACTION_TYPES:
            raise _malformed(f"unknown action type {self.type!r}: one of {', '.join(ACTION_TYPES)}")
        if self.type == "trump":
            if not isinstance(self.suit, str) or self.suit not in SUITS:
                raise _malformed(f"a trump action needs a suit among S H D C, not {self.suit!r}")
        elif self.suit is not None:
            raise _malformed(f"a {self.type} action has no suit")
        if self.type == "play":
            if not isinstance(self.card, str) or self.card not in CARD_SET:
                raise _malformed(f"unknown card {self.card!r}: rank 7 8 9 T J Q K A, suit S H D C")
        elif self.card is not None:
            raise _malformed(f"a {self.type} action has no card")

    @classmethod
    def from_json(cls, obj: object) -> "Action":
        """Build an action from `{"seat", "type", "suit"?, "card"?}`; other keys are ignored."""
        if not isinstance(obj, dict):
            raise _malformed(f"an action must be a JSON object, not {obj!r}")
        if "seat" not in obj or "type" not in obj:
            raise _malformed("an action needs a seat and a type")
        return cls(seat=obj["seat"], type=obj["type"], suit=obj.get("suit"), card=obj.get("card"))

    def to_json(self) -> dict:
        """Return the action as written in a game record."""
        result: dict = {"seat": self.seat, "type": self.type}
        if self.suit is not None:
            result["suit"] = self.suit
        if self.card is not None:
            result["card"] = self.card
        return result


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
class DealSummary:
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

    def to_json(self) -> dict:
        """Return the summary in the replay output's shape."""
        return {
            "dealer": self.dealer,
            "trump": self.trump,
            "rolled": self.rolled,
            "buque": self.buque,
            "tricks": list(self.tricks),
            "card_points": list(self.card_points),
            "capot": self.capot,
            "doubled_by_tie": self.doubled_by_tie,
            "multiplier": self.multiplier,
            "score": list(self.score),
            "complete": self.complete,
        }

    @classmethod
    def from_json(cls, obj: dict) -> "DealSummary":
        """Build a summary back from `to_json`'s shape."""
        return cls(
            dealer=obj["dealer"],
            trump=obj["trump"],
            rolled=obj["rolled"],
            buque=obj["buque"],
            tricks=tuple(obj["tricks"]),
            card_points=tuple(obj["card_points"]),
            capot=obj["capot"],
            doubled_by_tie=obj["doubled_by_tie"],
            multiplier=obj["multiplier"],
            score=tuple(obj["score"]),
            complete=obj["complete"],
        )


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as the game record keeps it: dealer, deck order and every action."""

    dealer: int
    deck: tuple[str, ...]
    actions: tuple[Action, ...]


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """What the match remembers between deals; it changes only when a deal ends."""

    first_dealer: int
    totals: tuple[int, int]
    # One x2 waiting for the next deal after a 30-30; it stays until a deal is won.
    is_tie_pending: bool
    has_rolled: tuple[bool, bool]
    # Deals already over (complete, or cut short by a forfeit), in order.
    summaries: tuple[DealSummary, ...]
    records: tuple[DealRecord, ...]
    winner: int | None
    # (seat, reason) of a forfeit, if the match ended so.
    forfeit: tuple[int, str] | None


@dataclass(frozen=True, slots=True)
class MatchState:
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    format: str
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    @property
    def match_format(self):
        """Return the format's parameter object."""
        return FORMATS[self.format]

    @property
    def first_dealer(self) -> int:
        return self.progress.first_dealer

    @property
    def totals(self) -> tuple[int, int]:
        return self.progress.totals

    @property
    def winner(self) -> int | None:
        return self.progress.winner

    @property
    def is_finished(self) -> bool:
        return self.phase is Phase.MATCH_OVER

    @property
    def completed_deal_count(self) -> int:
        return sum(1 for summary in self.progress.summaries if summary.complete)

    @property
    def deal_number(self) -> int:
        """Return the 1-based number of the deal in play (or about to be dealt)."""
        archived = len(self.progress.records)
        if self.phase in DEAL_PHASES:
            return archived + 1
        if self.phase is Phase.DEALING:
            return archived + 1
        return max(archived, 1)

    @property
    def end(self) -> dict | None:
        """Return `{"type": "forfeit", "seat", "reason"}` for a forfeit, else None."""
        if self.progress.forfeit is None:
            return None
        seat, reason = self.progress.forfeit
        return {"type": "forfeit", "seat": seat, "reason": reason}
