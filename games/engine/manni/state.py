"""The immutable state of a match of Manni: its phases, actions, deal and match.

Implements manille-variants.md, *Manni* (three seats each for himself, the exchange with the
Manni, twelve tricks, plus and minus points kept apart, the format `manni-10`) and *Records of
all these variants* (the actions `exchange` with its `cards` and `play` with its `card`; the
summaries by seat: `dealer`, `cut`, `contract`, `trump`, `exchanged`, `tricks`, `plus`, `minus`,
`complete`).
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, NamedTuple

from .. import match
from ..errors import MALFORMED, OPTIONS_NOT_ALLOWED, RuleError
from ..match import MatchFormat, is_seat, seat_words
from .cards import CARD_SET
from .deck import HAND_SIZE, SEAT_COUNT

VARIANT = "manni"

FORMAT_MANNI_10 = "manni-10"
# The target is the plus points a seat must reach (not a score): the match ends after the deal
# that brings some seat to 10 plus points, the highest score winning (`rules.match_winner`).
FORMATS = {FORMAT_MANNI_10: MatchFormat(name=FORMAT_MANNI_10, target=10, deal_count=None)}
DEFAULT_FORMAT = FORMAT_MANNI_10
OPTION_DEFAULTS: dict[str, bool] = {}

# Each seat alone is a side: the registry's teams ((0,), (1,), (2,)).
TEAMS = ((0,), (1,), (2,))

# Tricks a seat takes without scoring: a fair share of twelve (seed 003).
PAR_TRICKS = 4


class Phase(StrEnum):
    """Who must decide what: the phases of a match, in order."""

    DEALING = "dealing"  # waiting for a deck (before each deal)
    EXCHANGE = "exchange"  # d+1, d+2, then the dealer exchange with the Manni
    PLAY = "play"  # twelve tricks of three cards
    MATCH_OVER = "match_over"


DEAL_PHASES = frozenset({Phase.EXCHANGE, Phase.PLAY})

ACTION_TYPES = ("exchange", "play")
CARDS_KEY = "cards"


def _malformed(message: str) -> RuleError:
    return RuleError(MALFORMED, message)


@dataclass(frozen=True, slots=True)
class Action(match.Action):
    """One decision of one seat: `{"seat", "type": "exchange", "cards": [...]}` (the cards he
    discards, in any order; none for no exchange) or `{"seat", "type": "play", "card"}`.

    The shared `match.ActionShape` knows the 32 Manille cards and no list of cards, so the
    shape is checked here. A badly shaped action cannot be built: RuleError `malformed`.
    """

    cards: tuple[str, ...] | None = None

    def __post_init__(self) -> None:
        if isinstance(self.cards, list):
            object.__setattr__(self, "cards", tuple(self.cards))
        _check_shape(self)

    @classmethod
    def from_json(cls, obj: object) -> "Action":
        """Build an action from its record form; a missing or null key its type takes, or a
        key it does not take, is malformed (game-record.md, *Replaying*)."""
        if not isinstance(obj, dict):
            raise _malformed(f"an action must be a JSON object, not {obj!r}")
        if "seat" not in obj or "type" not in obj:
            raise _malformed("an action needs a seat and a type")
        kind = obj["type"]
        if kind == "exchange" and obj.get(CARDS_KEY) is None:
            raise _malformed("an exchange action needs its cards: a list, empty for none")
        if kind == "play" and obj.get(match.CARD_KEY) is None:
            raise _malformed("a play action needs a card")
        cards = obj.get(CARDS_KEY)
        if cards is not None and not isinstance(cards, list):
            raise _malformed(f"an exchange's cards are a list of cards, not {cards!r}")
        return cls(
            seat=obj["seat"],
            type=kind,
            suit=obj.get(match.SUIT_KEY),
            card=obj.get(match.CARD_KEY),
            cards=None if cards is None else tuple(cards),
        )

    def to_json(self) -> dict:
        """Return the action as written in a game record."""
        if self.type == "exchange":
            return {"seat": self.seat, "type": self.type, CARDS_KEY: list(self.cards)}
        return {"seat": self.seat, "type": self.type, match.CARD_KEY: self.card}


def _check_shape(action: Action) -> None:
    if not is_seat(action.seat, SEAT_COUNT):
        raise _malformed(f"an action's seat must be {seat_words(SEAT_COUNT)}, not {action.seat!r}")
    kind = action.type
    if not isinstance(kind, str) or kind not in ACTION_TYPES:
        raise _malformed(f"unknown action type {kind!r}: one of {', '.join(ACTION_TYPES)}")
    if action.suit is not None:
        raise _malformed(f"a {kind} action has no suit")
    if kind == "play":
        if action.cards is not None:
            raise _malformed("a play action has no cards: one card")
        if not isinstance(action.card, str) or action.card not in CARD_SET:
            raise _malformed(
                f"unknown card {action.card!r}: rank 2 3 4 5 6 7 8 9 T J Q K A, suit S H D C"
            )
        return
    if action.card is not None:
        raise _malformed("an exchange action has no card: its cards")
    cards = action.cards
    if not isinstance(cards, tuple):
        raise _malformed(f"an exchange's cards are a list of cards, not {cards!r}")
    for card in cards:
        if not isinstance(card, str) or card not in CARD_SET:
            raise _malformed(f"unknown card {card!r} in an exchange")
    if len(set(cards)) != len(cards):
        raise _malformed("an exchange names each card once")


class DealState(NamedTuple):
    """The deal being played, by seat where it is a seat's.

    A named tuple rather than a dataclass because a new one is built for every card played.
    """

    dealer: int
    deck: tuple[str, ...]
    # Deck index 51, the dealer's, seen by all (Decision 24), and what it names.
    cut: str
    contract: str
    trump: str | None
    hands: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    # The Manni's cards not drawn yet, the top first (Decision 25).
    manni: tuple[str, ...]
    # Each seat's discards, face down, out of play.
    discards: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    # How many cards each seat exchanged, None before his turn (public: all see him draw).
    exchanged: tuple[int | None, int | None, int | None]
    to_act: int
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_winner: int | None
    tricks_won: tuple[int, int, int]
    actions: tuple[Action, ...]
    # docs/engine.md, *Verifiable deals*: None when the deal was dealt without a salt.
    salt: str | None = None
    commitment: str | None = None

    @property
    def is_over(self) -> bool:
        """Tell whether the twelve tricks are taken."""
        return sum(self.tricks_won) == HAND_SIZE

    @property
    def plays(self) -> tuple[tuple[int, str], ...]:
        """Return every card played in the deal so far, (seat, card) in order."""
        return tuple((action.seat, action.card) for action in self.actions if action.type == "play")


@dataclass(frozen=True, slots=True)
class DealSummary(match.DealSummaryBase):
    """The outcome of a deal, complete or cut short, by seat (manille-variants.md, *Records of
    all these variants*). `score` (plus − minus of the deal) is what it adds to `totals`, as in
    every game's summary; a deal cut short scores nothing."""

    dealer: int
    cut: str
    contract: str
    trump: str | None
    exchanged: tuple[int | None, int | None, int | None]
    tricks: tuple[int, int, int]
    plus: tuple[int, int, int]
    minus: tuple[int, int, int]
    score: tuple[int, int, int]
    complete: bool


@dataclass(frozen=True, slots=True)
class MatchProgress(match.MatchProgress):
    """What a match remembers between deals; besides `totals` (plus − minus by seat), the plus
    and the minus points, kept apart until the match ends (seed 003)."""

    plus: tuple[int, ...] = (0,) * SEAT_COUNT
    minus: tuple[int, ...] = (0,) * SEAT_COUNT


def check_options(given: object) -> None:
    """Raise RuleError unless `given` is no option at all (None or `{}`): Manni has none."""
    if given is None:
        return
    if not isinstance(given, dict):
        raise RuleError(MALFORMED, f"options must be a JSON object, not {given!r}")
    if given:
        raise RuleError(
            OPTIONS_NOT_ALLOWED,
            f"{VARIANT} has no option {', '.join(map(repr, sorted(given)))}",
        )


@dataclass(frozen=True, slots=True)
class MatchState(match.MatchStateBase):
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    format: str
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    seat_count: ClassVar[int] = SEAT_COUNT
    summary_class: ClassVar[type[DealSummary]] = DealSummary
    variant: ClassVar[str] = VARIANT

    @property
    def match_format(self) -> MatchFormat:
        """Return the format's parameter object."""
        return FORMATS[self.format]

    @property
    def options_json(self) -> dict:
        """Return the table options as a record writes them: none."""
        return {}

    @property
    def plus(self) -> tuple[int, ...]:
        """Return each seat's plus points over the deals scored."""
        return self.progress.plus

    @property
    def minus(self) -> tuple[int, ...]:
        """Return each seat's minus points over the deals scored."""
        return self.progress.minus

    @property
    def loser(self) -> int | None:
        """Return the seat that forfeited, or None (a match won on points names no loser)."""
        return None if self.progress.forfeit is None else self.progress.forfeit[0]

    def cut_summary(self) -> DealSummary:
        """Return the summary of the deal in play cut short now: its exchanges and tricks so
        far, no plus, no minus, no score."""
        return deal_summary(self.deal, plus=(0,) * 3, minus=(0,) * 3, complete=False)


def deal_summary(
    deal: DealState, *, plus: Sequence[int], minus: Sequence[int], complete: bool
) -> DealSummary:
    """Summarise `deal` with its plus and minus points."""
    return DealSummary(
        dealer=deal.dealer,
        cut=deal.cut,
        contract=deal.contract,
        trump=deal.trump,
        exchanged=deal.exchanged,
        tricks=deal.tricks_won,
        plus=tuple(plus),
        minus=tuple(minus),
        score=tuple(gain - loss for gain, loss in zip(plus, minus, strict=True)),
        complete=complete,
    )
