"""What every game's match is made of, whatever its seats and its rules.

Implements game-record.md, *Format* (the action shape shared by every variant: a seat, a type and
the keys the type takes; a deal written as its dealer, its deck and its actions, each dealer the
next seat after the previous one) and the parts of manille-2p.md and manille-4p.md, *The match*,
that the games share: the formats (a target or a number of deals), the winner after a deal,
forfeits, and what a match remembers between deals. docs/engine.md, *Verifiable deals*: a deal
record keeps its salt and commitment (`commitments.py`).

Each game subclasses `Action` (its `ActionShape`), `DealSummaryBase` (the fields of its deal's
header) and `MatchProgress` (what else it remembers), and its `MatchState` takes the properties of
`MatchStateBase`; nothing here knows one game's phases beyond `dealing`, `play` and `match_over`,
which every game has. The rules every game applies the same way are `match_rules.py`, the scoring
`match_scoring.py`, the canonical JSON form `match_json.py`.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any, ClassVar

from .cards import CARD_SET, CARDS, SUITS
from .errors import MALFORMED, RuleError
from .match_scoring import Scoring, cut_deal_summary

# The phases every game has, by their value (each game's `Phase` is a StrEnum holding these).
PHASE_DEALING = "dealing"
PHASE_PLAY = "play"
PHASE_MATCH_OVER = "match_over"
_BETWEEN_DEALS = frozenset({PHASE_DEALING, PHASE_MATCH_OVER})

FORFEIT_REASONS = ("timeout", "left")

# The keys an action may take besides `seat` and `type`.
SUIT_KEY = "suit"
CARD_KEY = "card"
# A bid of *aux enchères* (manille-variants.md): an integer number of points.
POINTS_KEY = "points"


def seat_words(seat_count: int) -> str:
    """Write the seats of a game for a message: `0 or 1`, `0 to 3`."""
    if seat_count == 2:
        return "0 or 1"
    return f"0 to {seat_count - 1}"


def is_seat(value: object, seat_count: int) -> bool:
    """Tell whether `value` is a seat of a game of `seat_count` seats (a bool is no seat)."""
    return type(value) is int and 0 <= value < seat_count


def dealer_of(first_dealer: int, deal_index: int, seat_count: int) -> int:
    """Return the dealer of the deal at 0-based `deal_index`: the deal passes to the next seat.

    With two seats this is manille-2p.md's alternation."""
    return (first_dealer + deal_index) % seat_count


# --- actions ----------------------------------------------------------------------------------


def _malformed(message: str) -> RuleError:
    return RuleError(MALFORMED, message)


@dataclass(frozen=True, slots=True)
class ActionShape:
    """What the actions of one game look like: its seats, its types and the keys each takes."""

    seat_count: int
    # Every action type, in the order messages list them, with the keys it takes (`suit`,
    # `card`).
    takes: Mapping[str, tuple[str, ...]]
    # The types whose suit may be null (no trump).
    null_suit_types: frozenset[str] = frozenset()
    # Whether a record must write every key its type takes, a null one included: a missing key
    # is then malformed even where null is a value (a no-trump `trump`).
    are_keys_required: bool = False

    def check(self, action: "Action") -> None:
        """Raise RuleError `malformed` naming what is wrong with `action`'s shape, if anything."""
        if not is_seat(action.seat, self.seat_count):
            raise _malformed(
                f"an action's seat must be {seat_words(self.seat_count)}, not {action.seat!r}"
            )
        kind = action.type
        if not isinstance(kind, str) or kind not in self.takes:
            raise _malformed(f"unknown action type {kind!r}: one of {', '.join(self.takes)}")
        self._check_suit(kind, action.suit)
        card = action.card
        if CARD_KEY in self.takes[kind]:
            if not isinstance(card, str) or card not in CARD_SET:
                raise _malformed(f"unknown card {card!r}: rank 7 8 9 T J Q K A, suit S H D C")
        elif card is not None:
            raise _malformed(f"a {kind} action has no card")
        points = action.points
        if POINTS_KEY in self.takes[kind]:
            # A bool is an int to Python, never a number of points to a record.
            if type(points) is not int:
                raise _malformed(f"a {kind} action's points are an integer, not {points!r}")
        elif points is not None:
            raise _malformed(f"a {kind} action has no points")

    def _check_suit(self, kind: str, suit: object) -> None:
        if SUIT_KEY not in self.takes[kind]:
            if suit is not None:
                raise _malformed(f"a {kind} action has no suit")
            return
        if isinstance(suit, str) and suit in SUITS:
            return
        if kind not in self.null_suit_types:
            raise _malformed(f"a {kind} action needs a suit among S H D C, not {suit!r}")
        if suit is not None:
            raise _malformed(f"a {kind} action's suit is one of S H D C or null, not {suit!r}")

    def missing_key(self, obj: dict) -> str | None:
        """Return the message for a key that `obj`'s type takes and `obj` lacks, if required."""
        if not self.are_keys_required:
            return None
        kind = obj["type"]
        if not isinstance(kind, str):
            return None
        for key in self.takes.get(kind, ()):
            if key in obj:
                continue
            if key == SUIT_KEY and kind in self.null_suit_types:
                return f"a {kind} action needs a suit: S H D C, or null for no trump"
            return f"a {kind} action needs a {key}"
        return None


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one seat: `seat`, `type`, and the keys its type takes (`suit`, `card`,
    `points`).

    Each game subclasses it with its own `shape`; a badly shaped action cannot be built
    (RuleError `malformed`), and an action of one game is never an action of another.
    """

    seat: int
    type: str
    suit: str | None = None
    card: str | None = None
    points: int | None = None

    shape: ClassVar[ActionShape]

    def __post_init__(self) -> None:
        self.shape.check(self)

    @classmethod
    def from_json(cls, obj: object) -> "Action":
        """Build an action from `{"seat", "type", "suit"?, "card"?, "points"?}`; other keys are
        ignored."""
        if not isinstance(obj, dict):
            raise _malformed(f"an action must be a JSON object, not {obj!r}")
        if "seat" not in obj or "type" not in obj:
            raise _malformed("an action needs a seat and a type")
        missing = cls.shape.missing_key(obj)
        if missing is not None:
            raise _malformed(missing)
        return cls(
            seat=obj["seat"],
            type=obj["type"],
            suit=obj.get("suit"),
            card=obj.get("card"),
            points=obj.get("points"),
        )

    def to_json(self) -> dict:
        """Return the action as written in a game record: every key its type takes."""
        result: dict = {"seat": self.seat, "type": self.type}
        for key in self.shape.takes[self.type]:
            result[key] = getattr(self, key)
        return result


def actions_to_json(actions: Sequence[Action]) -> list[dict]:
    """Return actions in the record's form."""
    return [action.to_json() for action in actions]


def actions_from_json(action_class: type[Action], items) -> tuple[Action, ...]:
    """Build a game's actions back from the record's form."""
    return tuple(action_class.from_json(item) for item in items)


def play_actions(action_class: type[Action], seat_count: int) -> tuple[dict[str, Action], ...]:
    """Return, for each seat, its `play` action of every card.

    Actions are immutable, so the rules hand the legal ones out from such tables instead of
    building them again at every move."""
    return tuple(
        {card: action_class(seat=seat, type="play", card=card) for card in CARDS}
        for seat in range(seat_count)
    )


def seat_choices(
    action_class: type[Action], seat_count: int, choices: Sequence[Mapping[str, Any]]
) -> tuple[tuple[Action, ...], ...]:
    """Return, for each seat, the actions `choices` describe (each its type and keys), in order."""
    return tuple(
        tuple(action_class(seat=seat, **choice) for choice in choices) for seat in range(seat_count)
    )


@cache
def field_names(dataclass_type: type) -> tuple[str, ...]:
    """Return the names of a dataclass's fields, in order."""
    return tuple(field.name for field in fields(dataclass_type))


def json_value(value):
    """Return a state's value in its JSON form: tuples as lists, actions as their records."""
    if isinstance(value, tuple):
        return [json_value(item) for item in value]
    if isinstance(value, Action):
        return value.to_json()
    return value


def tuple_value(value):
    """Return a value read from JSON as the state holds it: lists as tuples."""
    if isinstance(value, list):
        return tuple([tuple_value(item) for item in value])
    return value


# --- deals and formats ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class DealRecord:
    """A deal as the game record keeps it: dealer, deck order and every action, and the salt
    and commitment that let anyone check the deck was fixed before the deal (None when the deal
    was dealt without them)."""

    dealer: int
    deck: tuple[str, ...]
    actions: tuple[Action, ...]
    salt: str | None = None
    commitment: str | None = None

    @classmethod
    def from_deal(cls, deal) -> "DealRecord":
        """Return the record of a game's deal state (its dealer, deck, actions and seal)."""
        return cls(deal.dealer, deal.deck, deal.actions, deal.salt, deal.commitment)

    def to_json(self) -> dict:
        """Return the deal as a game record writes it; salt and commitment only when known."""
        result: dict = {"dealer": self.dealer}
        if self.commitment is not None:
            result["commitment"] = self.commitment
        if self.salt is not None:
            result["salt"] = self.salt
        result["deck"] = list(self.deck)
        result["actions"] = actions_to_json(self.actions)
        return result

    @classmethod
    def from_json(cls, obj: dict, action_class: type[Action]) -> "DealRecord":
        """Build a deal record back from `to_json`'s form (a stored state's, not a user's)."""
        return cls(
            dealer=obj["dealer"],
            deck=tuple(obj["deck"]),
            actions=actions_from_json(action_class, obj["actions"]),
            salt=obj.get("salt"),
            commitment=obj.get("commitment"),
        )


@dataclass(frozen=True, slots=True)
class MatchFormat:
    """What makes a match format: a target total, or a fixed number of deals, or both."""

    name: str
    # The first side whose total reaches the target after a deal wins; None: no target.
    target: int | None
    # After this many complete deals the higher total wins; equal totals play one more deal at
    # a time until they differ. None: deals go on until the target is reached.
    deal_count: int | None


def match_winner(
    match_format: MatchFormat, totals: Sequence[int], completed_deals: int
) -> int | None:
    """Return the side (an index of `totals`) that has won after a complete deal, or None.

    A target format ends when a total reaches the target and no other total equals the highest
    (manille-variants.md, *à trois*, where several seats may score in a deal: the highest total
    wins; a shared highest total plays on, one deal at a time). A deal-count format ends after
    its deals when one total is higher than every other, else after the first further deal that
    makes it so.
    """
    best = max(totals)
    leaders = [side for side, total in enumerate(totals) if total == best]
    if len(leaders) != 1:
        return None
    if match_format.target is not None and best >= match_format.target:
        return leaders[0]
    count = match_format.deal_count
    if count is not None and completed_deals >= count:
        return leaders[0]
    return None


# --- the summary of a deal -------------------------------------------------------------------


@cache
def _summary_fields(summary_class: type) -> tuple[tuple[bool, str], ...]:
    """Return (is it the outcome's, name) of each field of a summary, in order."""
    outcome = {"tricks", "card_points", "capot", "score", "complete"}
    return tuple((name in outcome, name) for name in field_names(summary_class))


class DealSummaryBase:
    """What every game's `DealSummary` shares: how it is made from a deal, and its JSON form.

    A game's summary is a frozen dataclass of its fields, in the order its records write them:
    the deal's header, each the deal state's attribute of the same name (`dealer`, `trump`, the
    game's announcements, `doubled_by_tie`, `multiplier`), and the outcome (`tricks`,
    `card_points` by side, `capot`, `score` by side, `complete`).
    """

    __slots__ = ()

    @classmethod
    def of_deal(cls, deal, *, card_points, capot: bool, score, complete: bool):
        """Summarise `deal` (a game's deal state) with the outcome given."""
        outcome = {
            "tricks": deal.tricks_won,
            "card_points": card_points,
            "capot": capot,
            "score": score,
            "complete": complete,
        }
        return cls(
            *[
                outcome[name] if is_outcome else getattr(deal, name)
                for is_outcome, name in _summary_fields(cls)
            ]
        )

    def to_json(self) -> dict:
        """Return the summary in the replay output's shape."""
        return {name: json_value(getattr(self, name)) for name in field_names(type(self))}

    @classmethod
    def from_json(cls, obj: dict):
        """Build a summary back from `to_json`'s shape."""
        return cls(**{name: tuple_value(obj[name]) for name in field_names(cls)})


# --- the match --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MatchProgress:
    """What a match remembers between deals; it changes only when a deal ends. A game may
    subclass it with what else it carries (who has rolled)."""

    first_dealer: int
    # By side: a seat in the two-player game, a team in the partnership games.
    totals: tuple[int, ...]
    # Deals already over (complete, or cut short by a forfeit), in order.
    summaries: tuple[Any, ...]
    records: tuple[DealRecord, ...]
    winner: int | None
    # (seat, reason) of a forfeit, if the match ended so.
    forfeit: tuple[int, str] | None
    # One x2 waiting for the next deal after a deal where nobody scored, in a game that carries
    # it (`Scoring.is_tie_carried`); it stays until a deal is won.
    is_tie_pending: bool

    @classmethod
    def start(cls, *, first_dealer: int, side_count: int, **changes) -> "MatchProgress":
        """Return the progress of a match that has not dealt yet (`changes`: the game's own)."""
        return cls(
            first_dealer=first_dealer,
            totals=(0,) * side_count,
            summaries=(),
            records=(),
            winner=None,
            forfeit=None,
            is_tie_pending=False,
            **changes,
        )

    def after_deal(self, summary, record: DealRecord, *, totals, winner, **changes):
        """Return the progress once a complete deal is scored (`changes`: the game's own)."""
        return replace(
            self,
            totals=totals,
            summaries=self.summaries + (summary,),
            records=self.records + (record,),
            winner=winner,
            forfeit=None,
            **changes,
        )


class MatchStateBase:
    """The properties every game's `MatchState` has, from its `phase`, `progress` and `deal`.

    Each game's state says, as class attributes, its number of seats and its `DealSummary`
    class, and has a `scoring` (its `match_scoring.Scoring`) and a `match_format`."""

    __slots__ = ()

    seat_count: ClassVar[int]
    summary_class: ClassVar[type[DealSummaryBase]]
    scoring: Scoring

    @property
    def first_dealer(self) -> int:
        return self.progress.first_dealer

    @property
    def totals(self) -> tuple[int, ...]:
        """Return the totals by side (seat or team)."""
        return self.progress.totals

    @property
    def winner(self) -> int | None:
        """Return the winning side (seat or team), or None while the match goes on."""
        return self.progress.winner

    @property
    def is_finished(self) -> bool:
        return self.phase == PHASE_MATCH_OVER

    @property
    def is_waiting_for_deal(self) -> bool:
        """Tell whether the match waits for the next deck (phase `dealing`)."""
        return self.phase == PHASE_DEALING

    @property
    def is_deal_in_play(self) -> bool:
        """Tell whether a deal is being played (its decisions are awaited)."""
        return self.phase not in _BETWEEN_DEALS

    @property
    def completed_deal_count(self) -> int:
        return sum(1 for summary in self.progress.summaries if summary.complete)

    @property
    def deal_number(self) -> int:
        """Return the 1-based number of the deal in play (or about to be dealt)."""
        archived = len(self.progress.records)
        if self.phase == PHASE_MATCH_OVER:
            return max(archived, 1)
        return archived + 1

    @property
    def deal_records(self) -> tuple[DealRecord, ...]:
        """Return every deal dealt so far as its record, the one in play included."""
        records = self.progress.records
        if self.is_deal_in_play:
            return records + (DealRecord.from_deal(self.deal),)
        return records

    @property
    def end(self) -> dict | None:
        """Return `{"type": "forfeit", "seat", "reason"}` for a forfeit, else None."""
        if self.progress.forfeit is None:
            return None
        seat, reason = self.progress.forfeit
        return {"type": "forfeit", "seat": seat, "reason": reason}

    def cut_summary(self) -> DealSummaryBase:
        """Return the summary of the deal in play as if it were cut short now: its tricks and
        points so far, no capot, no score."""
        return cut_deal_summary(self.scoring, self.deal, self.summary_class)
