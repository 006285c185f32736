"""The immutable state of a match of *Manille à trois*: its phases, actions, deal and match.

Implements manille-variants.md, *French Manille à trois* (three seats each for himself, ten
tricks, each seat's points above 17, `first-to-34` / `first-to-44`, the option
`sevens_removed`) and *Records of all these variants* (the action `play`; the summaries by seat:
`dealer`, `trump`, `turned_up`, `removed`, `talon`, `tricks`, `card_points`, `score`,
`complete`).
"""

from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple

from .. import match
from ..errors import MALFORMED, OPTIONS_NOT_ALLOWED, RuleError
from ..match import MatchFormat
from ..match_scoring import Scoring
from .deck import HAND_SIZE, SEAT_COUNT, talon_of

VARIANT = "manille-a-trois"

FORMAT_FIRST_TO_34 = "first-to-34"
FORMAT_FIRST_TO_44 = "first-to-44"
FORMATS = {
    FORMAT_FIRST_TO_34: MatchFormat(name=FORMAT_FIRST_TO_34, target=34, deal_count=None),
    FORMAT_FIRST_TO_44: MatchFormat(name=FORMAT_FIRST_TO_44, target=44, deal_count=None),
}
DEFAULT_FORMAT = FORMAT_FIRST_TO_34

OPTION_SEVENS_REMOVED = "sevens_removed"
# Decision 11: the pair of sevens is out unless the table says otherwise.
OPTION_DEFAULTS = {OPTION_SEVENS_REMOVED: True}

# Each seat alone is a side: the registry's teams ((0,), (1,), (2,)).
TEAMS = ((0,), (1,), (2,))

# Ten tricks of three cards; a trick is worth a point besides its cards (70 in a deal, the talon
# going to the dealer); each seat scores his points above 17 (Decision 14), nothing carried.
SCORING = Scoring(
    tricks_per_deal=HAND_SIZE,
    trick_points=1,
    half=17,
    capot_base=None,
    maximum_score=None,
    is_tie_carried=False,
    is_each_side_scoring=True,
)


class Phase(StrEnum):
    """Who must decide what: the phases of a match, in order."""

    DEALING = "dealing"  # waiting for a deck (before each deal)
    PLAY = "play"  # ten tricks of three cards
    MATCH_OVER = "match_over"


DEAL_PHASES = frozenset({Phase.PLAY})

ACTION_SHAPE = match.ActionShape(
    seat_count=SEAT_COUNT, takes={"play": (match.CARD_KEY,)}, are_keys_required=True
)


@dataclass(frozen=True, slots=True)
class Action(match.Action):
    """One card played by one seat (`{"seat", "type": "play", "card"}`). A badly shaped action
    cannot be built: RuleError `malformed`."""

    shape = ACTION_SHAPE


@dataclass(frozen=True, slots=True)
class TableOptions:
    """The optional rule of a table: one pair of sevens out (30 cards) or the talon (32)."""

    sevens_removed: bool = True


def table_options(given: object = None) -> TableOptions:
    """Return the table options from `given` (a dict, or None for the defaults).

    A key the game does not have raises `options_not_allowed`; a value that is not a boolean
    raises `malformed`."""
    if given is None:
        given = {}
    if not isinstance(given, dict):
        raise RuleError(MALFORMED, f"options must be a JSON object, not {given!r}")
    unknown = sorted(key for key in given if key not in OPTION_DEFAULTS)
    if unknown:
        raise RuleError(
            OPTIONS_NOT_ALLOWED,
            f"{VARIANT} has no option {', '.join(map(repr, unknown))} "
            f"(its options: {', '.join(OPTION_DEFAULTS)})",
        )
    for key, value in given.items():
        if type(value) is not bool:
            raise RuleError(MALFORMED, f"option {key!r} must be true or false, not {value!r}")
    return TableOptions(**{**OPTION_DEFAULTS, **given})


class DealState(NamedTuple):
    """The deal being played. Tricks and card points are counted by seat; `card_points` holds
    the cards' points only (the trick points are added when scoring), the talon's included in
    the dealer's once the last trick is taken.

    A named tuple rather than a dataclass because a new one is built for every card played.
    """

    dealer: int
    deck: tuple[str, ...]
    trump: str
    # Deck index 29, the dealer's: its suit is trump (Decision 12).
    turned_up: str
    # The match's pair of sevens out of the deck, or None (the 32 cards, a talon).
    removed: tuple[str, str] | None
    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    to_act: int
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_winner: int | None
    tricks_won: tuple[int, int, int]
    card_points: tuple[int, int, int]
    actions: tuple[Action, ...]
    # Always False: nothing is carried from a deal to the next (`match_rules.new_deal`).
    doubled_by_tie: bool = False
    # docs/engine.md, *Verifiable deals*: None when the deal was dealt without a salt.
    salt: str | None = None
    commitment: str | None = None

    @property
    def multiplier(self) -> int:
        """Return 1: nothing multiplies a deal at three."""
        return 1

    @property
    def talon(self) -> tuple[str, ...] | None:
        """Return the two cards dealt to nobody (32-card deals), or None."""
        return talon_of(self.deck)

    @property
    def is_turned_up_held(self) -> bool:
        """Tell whether the dealer still holds the turned-up card."""
        return self.turned_up in self.hands[self.dealer]

    @property
    def is_over(self) -> bool:
        """Tell whether the ten tricks are taken."""
        return sum(self.tricks_won) == HAND_SIZE

    @property
    def plays(self) -> tuple[tuple[int, str], ...]:
        """Return every card played in the deal so far, (seat, card) in order."""
        return tuple((action.seat, action.card) for action in self.actions)


@dataclass(frozen=True, slots=True)
class DealSummary(match.DealSummaryBase):
    """The outcome of a deal, complete or cut short, by seat (manille-variants.md, *Records of
    all these variants*): `card_points` are the points, tricks and (complete deals) the talon
    for the dealer included."""

    dealer: int
    trump: str
    turned_up: str
    removed: tuple[str, str] | None
    talon: tuple[str, ...] | None
    tricks: tuple[int, int, int]
    card_points: tuple[int, int, int]
    score: tuple[int, int, int]
    complete: bool


@dataclass(frozen=True, slots=True)
class MatchProgress(match.MatchProgress):
    """What a match remembers between deals, and the pair of sevens out of all its decks (None
    before the first deal, or without the option)."""

    removed: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class MatchState(match.MatchStateBase):
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    format: str
    options: TableOptions
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    seat_count: ClassVar[int] = SEAT_COUNT
    summary_class: ClassVar[type[DealSummary]] = DealSummary
    scoring: ClassVar[Scoring] = SCORING
    variant: ClassVar[str] = VARIANT

    @property
    def match_format(self) -> MatchFormat:
        """Return the format's parameter object."""
        return FORMATS[self.format]

    @property
    def options_json(self) -> dict:
        """Return the table options as a record writes them."""
        return {OPTION_SEVENS_REMOVED: self.options.sevens_removed}

    @property
    def removed(self) -> tuple[str, str] | None:
        """Return the pair of sevens out of every deck of the match, once dealt, or None."""
        return self.progress.removed

    @property
    def loser(self) -> int | None:
        """Return the seat that forfeited, or None (a match won on points has no loser named)."""
        return None if self.progress.forfeit is None else self.progress.forfeit[0]
