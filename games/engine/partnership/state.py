"""The immutable state of a partnership match: phases, actions, the deal and the match so far.

Implements manille-4p.md: *Trump*, *Mee and tegen*, *Play of a trick*, *The match* (what a state
holds) and *Records* (the action shapes: `look`, `blind`, `trump` with a suit or null, `mee`,
`tegen`, `pass`, `play` with a card; seats 0 to 3).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from ..cards import CARD_SET, SUITS
from ..errors import MALFORMED, RuleError
from .rulesets import RULESETS, MatchFormat, Ruleset, TableOptions
from .seats import TEAMS


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

ACTION_TYPES = ("look", "blind", "trump", "mee", "tegen", "pass", "play")

# The action types each phase accepts (`blind` is checked before the phase: see rules.apply).
PHASE_TYPES = {
    Phase.LOOK: ("look", "blind"),
    Phase.TRUMP: ("trump",),
    Phase.MEE: ("mee", "pass"),
    Phase.TEGEN: ("tegen", "pass"),
    Phase.PLAY: ("play",),
}


def _malformed(message: str) -> RuleError:
    return RuleError(MALFORMED, message)


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat. `trump` carries `suit` (S H D C, or None for no trump); `play`
    carries `card`. A badly shaped action cannot be built: RuleError `malformed`."""

    seat: int
    type: str
    suit: str | None = None
    card: str | None = None

    def __post_init__(self) -> None:
        if type(self.seat) is not int or self.seat not in (0, 1, 2, 3):
            raise _malformed(f"an action's seat must be 0 to 3, not {self.seat!r}")
        if self.type not in ACTION_TYPES:
            raise _malformed(f"unknown action type {self.type!r}: one of {', '.join(ACTION_TYPES)}")
        if self.type == "trump":
            if self.suit is not None and (not isinstance(self.suit, str) or self.suit not in SUITS):
                raise _malformed(
                    f"a trump action's suit is one of S H D C or null, not {self.suit!r}"
                )
        elif self.suit is not None:
            raise _malformed(f"a {self.type} action has no suit")
        if self.type == "play":
            if not isinstance(self.card, str) or self.card not in CARD_SET:
                raise _malformed(f"unknown card {self.card!r}: rank 7 8 9 T J Q K A, suit S H D C")
        elif self.card is not None:
            raise _malformed(f"a {self.type} action has no card")

    @classmethod
    def from_json(cls, obj: object) -> "Action":
        """Build an action from `{"seat", "type", "suit"?, "card"?}`; other keys are ignored.

        A `trump` action must carry the `suit` key (null is no trump); a `play` the `card` key.
        """
        if not isinstance(obj, dict):
            raise _malformed(f"an action must be a JSON object, not {obj!r}")
        if "seat" not in obj or "type" not in obj:
            raise _malformed("an action needs a seat and a type")
        if obj["type"] == "trump" and "suit" not in obj:
            raise _malformed("a trump action needs a suit: S H D C, or null for no trump")
        if obj["type"] == "play" and "card" not in obj:
            raise _malformed("a play action needs a card")
        return cls(seat=obj["seat"], type=obj["type"], suit=obj.get("suit"), card=obj.get("card"))

    def to_json(self) -> dict:
        """Return the action as written in a game record (`suit` is always there on `trump`)."""
        result: dict = {"seat": self.seat, "type": self.type}
        if self.type == "trump":
            result["suit"] = self.suit
        if self.card is not None:
            result["card"] = self.card
        return result


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


@dataclass(frozen=True, slots=True)
class DealSummary:
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

    def to_json(self) -> dict:
        """Return the summary in the replay output's shape."""
        return {
            "dealer": self.dealer,
            "trump": self.trump,
            "blind": self.blind,
            "mee": self.mee,
            "tegen": self.tegen,
            "turned_up": self.turned_up,
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
            blind=obj["blind"],
            mee=obj["mee"],
            tegen=obj["tegen"],
            turned_up=obj["turned_up"],
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
    # One x2 waiting for the next deal after a Flemish 30-30; it stays until a deal is won.
    is_tie_pending: bool
    summaries: tuple[DealSummary, ...]
    records: tuple[DealRecord, ...]
    # The winning team, once the match is over.
    winner: int | None
    # (seat, reason) of a forfeit, if the match ended so.
    forfeit: tuple[int, str] | None


@dataclass(frozen=True, slots=True)
class MatchState:
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    variant: str
    format: str
    options: TableOptions
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    @property
    def ruleset(self) -> Ruleset:
        """Return the game's parameter object."""
        return RULESETS[self.variant]

    @property
    def match_format(self) -> MatchFormat:
        """Return the format's parameter object."""
        return RULESETS[self.variant].formats[self.format]

    @property
    def first_dealer(self) -> int:
        return self.progress.first_dealer

    @property
    def totals(self) -> tuple[int, int]:
        """Return the totals by team."""
        return self.progress.totals

    @property
    def winner(self) -> int | None:
        """Return the winning team (0 or 1), or None while the match goes on."""
        return self.progress.winner

    @property
    def winning_seats(self) -> tuple[int, int] | None:
        """Return the two seats of the winning team, or None while the match goes on."""
        return None if self.progress.winner is None else TEAMS[self.progress.winner]

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
        if self.phase in DEAL_PHASES or self.phase is Phase.DEALING:
            return archived + 1
        return max(archived, 1)

    @property
    def end(self) -> dict | None:
        """Return `{"type": "forfeit", "seat", "reason"}` for a forfeit, else None."""
        if self.progress.forfeit is None:
            return None
        seat, reason = self.progress.forfeit
        return {"type": "forfeit", "seat": seat, "reason": reason}
