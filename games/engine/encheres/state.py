"""The immutable state of a match of *Manille aux enchères*, at four or at three: its rulesets,
phases, actions, deal and match.

Implements manille-variants.md, *French Manille aux enchères* (`manille-encheres`: four seats,
the 32 cards, bids 18 to 68; `manille-encheres-3`: three seats, the 30-card deck, bids 24 to 70;
each seat for himself; the phases `bid`, `trump`, `play`; the match to 100, 120 or 150 until
only one seat has not reached the target) and *Records of all these variants* (the actions
`bid`, `pass`, `trump`, `play`; the summaries by seat: `dealer`, `bids`, `bidder`, `bid`,
`trump`, `tricks`, `card_points`, `bidder_points`, `made`, `vole`, `score`, `complete`). The two
variants differ only by their `Ruleset`, a parameter object.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import ClassVar, NamedTuple

from .. import match
from ..errors import MALFORMED, OPTIONS_NOT_ALLOWED, RuleError
from ..match import MatchFormat
from ..match_scoring import Scoring, side_points

VARIANT_FOUR = "manille-encheres"
VARIANT_THREE = "manille-encheres-3"

FORMAT_TO_100 = "to-100"
FORMAT_TO_120 = "to-120"
FORMAT_TO_150 = "to-150"
FORMATS = MappingProxyType(
    {
        name: MatchFormat(name=name, target=target, deal_count=None)
        for name, target in ((FORMAT_TO_100, 100), (FORMAT_TO_120, 120), (FORMAT_TO_150, 150))
    }
)
DEFAULT_FORMAT = FORMAT_TO_100

# Card points in a deal (the 30-card deck lacks two sevens, worth nothing: still 60).
CARD_POINTS_PER_DEAL = 60


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What makes the game at four differ from the game at three: nothing else does."""

    variant: str
    seat_count: int
    # The cards each seat receives round the table, packet after packet from d+1.
    packets: tuple[int, ...]
    deck_size: int
    bid_minimum: int
    bid_maximum: int

    @property
    def tricks_per_deal(self) -> int:
        return self.deck_size // self.seat_count

    @property
    def points_per_deal(self) -> int:
        """Return every point of a deal: its cards and one per trick (68 at four, 70 at three)."""
        return CARD_POINTS_PER_DEAL + self.tricks_per_deal

    @property
    def teams(self) -> tuple[tuple[int, ...], ...]:
        """Return the registry's teams: each seat alone (he scores alone)."""
        return tuple((seat,) for seat in range(self.seat_count))

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.seat_count))

    @property
    def scoring(self) -> Scoring:
        """Return the shared scoring's values that the views and a cut deal use: one point per
        trick (the bid itself is scored by `rules.score`)."""
        return Scoring(
            tricks_per_deal=self.tricks_per_deal,
            trick_points=1,
            half=0,
            capot_base=None,
            maximum_score=None,
            is_tie_carried=False,
            is_each_side_scoring=True,
        )


# Decision 2: the minimum is the first number above a fair share (68/4 = 17, 70/3 = 23 1/3),
# the maximum every point of the deal (la vole). The 4 by 4 map of muette; 4-4-2 at three.
FOUR = Ruleset(
    variant=VARIANT_FOUR,
    seat_count=4,
    packets=(4, 4),
    deck_size=32,
    bid_minimum=18,
    bid_maximum=68,
)
THREE = Ruleset(
    variant=VARIANT_THREE,
    seat_count=3,
    packets=(4, 4, 2),
    deck_size=30,
    bid_minimum=24,
    bid_maximum=70,
)
RULESETS = MappingProxyType({ruleset.variant: ruleset for ruleset in (FOUR, THREE)})


def ruleset_of(variant: object) -> Ruleset:
    """Return the ruleset of `variant`, or raise RuleError `malformed`."""
    if not isinstance(variant, str) or variant not in RULESETS:
        raise RuleError(
            MALFORMED, f"unknown enchères variant {variant!r}: one of {', '.join(RULESETS)}"
        )
    return RULESETS[variant]


def check_options(variant: str, given: object) -> None:
    """Accept no option: absent or `{}`; a key is `options_not_allowed`, another value
    `malformed` (manille-variants.md, *Records*: none)."""
    if given is None:
        return
    if not isinstance(given, dict):
        raise RuleError(MALFORMED, f"options must be a JSON object, not {given!r}")
    if given:
        raise RuleError(
            OPTIONS_NOT_ALLOWED,
            f"{variant} has no option {', '.join(map(repr, sorted(given)))}: it has none",
        )


class Phase(StrEnum):
    """Who must decide what: the phases of a match, in order."""

    DEALING = "dealing"  # waiting for a deck (before each deal)
    BID = "bid"  # each seat still in the auction bids or passes
    TRUMP = "trump"  # the bidder names a suit
    PLAY = "play"  # eight tricks of four cards (ten of three)
    MATCH_OVER = "match_over"


DEAL_PHASES = frozenset({Phase.BID, Phase.TRUMP, Phase.PLAY})
PHASE_TYPES = MappingProxyType(
    {Phase.BID: ("bid", "pass"), Phase.TRUMP: ("trump",), Phase.PLAY: ("play",)}
)


def _action_shape(seat_count: int) -> match.ActionShape:
    # Every key is written, and `suit: null` is malformed: the bidder names a suit (Decision 1).
    return match.ActionShape(
        seat_count=seat_count,
        takes={
            "bid": (match.POINTS_KEY,),
            "pass": (),
            "trump": (match.SUIT_KEY,),
            "play": (match.CARD_KEY,),
        },
        are_keys_required=True,
    )


@dataclass(frozen=True, slots=True)
class Action(match.Action):
    """One decision at four seats: a bid, a pass, a trump named or a card played. A badly shaped
    action cannot be built: RuleError `malformed`."""

    shape = _action_shape(FOUR.seat_count)


@dataclass(frozen=True, slots=True)
class ActionThree(match.Action):
    """One decision at three seats (seat 3 is none)."""

    shape = _action_shape(THREE.seat_count)


ACTION_CLASSES = MappingProxyType({VARIANT_FOUR: Action, VARIANT_THREE: ActionThree})


class DealState(NamedTuple):
    """The deal being played. Tricks and card points are counted by seat; `card_points` holds
    the cards' points only (the trick points are added when scoring).

    A named tuple rather than a dataclass because a new one is built for every card played.
    """

    dealer: int
    deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    to_act: int
    # Every bid and pass in order: (seat, points), points None for a pass.
    bids: tuple[tuple[int, int | None], ...]
    # The highest bid so far and its seat (the bidder once the auction is over), or None.
    bidder: int | None
    bid: int | None
    # Named by the bidder (phase trump); None before, and in a deal where everybody passed.
    trump: str | None
    trick: tuple[tuple[int, str], ...]
    last_trick: tuple[tuple[int, str], ...]
    last_winner: int | None
    tricks_won: tuple[int, ...]
    card_points: tuple[int, ...]
    actions: tuple[match.Action, ...]
    # Always False: nothing is carried from a deal to the next (`match_rules.new_deal`).
    doubled_by_tie: bool = False
    # docs/engine.md, *Verifiable deals*: None when the deal was dealt without a salt.
    salt: str | None = None
    commitment: str | None = None

    @property
    def multiplier(self) -> int:
        """Return 1: nothing multiplies a deal of enchères."""
        return 1

    @property
    def passed(self) -> frozenset[int]:
        """Return the seats that have passed in the auction (a pass is final: Decision 3)."""
        return frozenset(seat for seat, points in self.bids if points is None)

    @property
    def plays(self) -> tuple[tuple[int, str], ...]:
        """Return every card played in the deal so far, (seat, card) in order."""
        return tuple((action.seat, action.card) for action in self.actions if action.type == "play")


@dataclass(frozen=True, slots=True)
class DealSummary(match.DealSummaryBase):
    """The outcome of a deal, complete or cut short, by seat (manille-variants.md, *Records of
    all these variants*): `card_points` are each seat's points, his tricks' included."""

    dealer: int
    bids: tuple[tuple[int, int | None], ...]
    bidder: int | None
    bid: int | None
    trump: str | None
    tricks: tuple[int, ...]
    card_points: tuple[int, ...]
    # The bidder's points (None when everybody passed); made: None too, or while unfinished.
    bidder_points: int | None
    made: bool | None
    # The bidder took every trick.
    vole: bool
    score: tuple[int, ...]
    complete: bool

    def to_json(self) -> dict:
        """Return the summary in the replay output's shape, each bid `{"seat", "points"}`."""
        result = match.DealSummaryBase.to_json(self)
        result["bids"] = [{"seat": seat, "points": points} for seat, points in self.bids]
        return result

    @classmethod
    def from_json(cls, obj: dict) -> "DealSummary":
        """Build a summary back from `to_json`'s shape."""
        bids = tuple((entry["seat"], entry["points"]) for entry in obj["bids"])
        values = {name: match.tuple_value(obj[name]) for name in match.field_names(cls)}
        return cls(**{**values, "bids": bids})


@dataclass(frozen=True, slots=True)
class MatchProgress(match.MatchProgress):
    """What a match remembers between deals, and what enchères adds: the 0-based deal at whose
    end each seat reached the target (None: not yet), the loser once only he is left, and the
    pair of sevens out of every deck at three (None before the first deal, and at four)."""

    reached: tuple[int | None, ...] = ()
    loser: int | None = None
    removed: tuple[str, str] | None = None


@dataclass(frozen=True, slots=True)
class MatchState(match.MatchStateBase):
    """A whole match at one moment. `deal` is the deal in play (or the last one, kept for the
    views, once the phase is DEALING or MATCH_OVER: it is then already in `progress`)."""

    variant: str
    format: str
    phase: Phase
    dealer: int
    progress: MatchProgress
    deal: DealState | None

    summary_class: ClassVar[type[DealSummary]] = DealSummary

    @property
    def ruleset(self) -> Ruleset:
        return RULESETS[self.variant]

    @property
    def seat_count(self) -> int:
        return RULESETS[self.variant].seat_count

    @property
    def scoring(self) -> Scoring:
        return RULESETS[self.variant].scoring

    @property
    def match_format(self) -> MatchFormat:
        """Return the format's parameter object."""
        return FORMATS[self.format]

    @property
    def options_json(self) -> dict:
        """Return the table options as a record writes them: none."""
        return {}

    @property
    def removed(self) -> tuple[str, str] | None:
        """Return the pair of sevens out of every deck of the match (at three, once dealt)."""
        return self.progress.removed

    @property
    def reached(self) -> tuple[int | None, ...]:
        return self.progress.reached

    @property
    def loser(self) -> int | None:
        """Return the loser: the seat that forfeited, else the last seat below the target once
        the match is over, else None."""
        if self.progress.forfeit is not None:
            return self.progress.forfeit[0]
        return self.progress.loser

    def is_in_auction(self, seat: int) -> bool:
        """Tell whether `seat` may bid this deal: he has not reached the target (Decision 8)."""
        return self.progress.reached[seat] is None

    def cut_summary(self) -> DealSummary:
        """Return the summary of the deal in play as if it were cut short now: its tricks and
        points so far, no score, `made` None."""
        return deal_summary(self, self.deal, complete=False)


# --- scoring a deal (here beside the state: a cut summary is the state's own) ------------------


def deal_score(
    ruleset: Ruleset,
    reached: Sequence[int | None],
    bidder: int | None,
    bid: int | None,
    bidder_points: int | None,
) -> tuple[int, ...]:
    """Return each seat's score of a complete deal: the bidder scores the bid (never more) when
    his points reach it, else each defender scores it; a seat that has reached the target
    scores nothing; a void deal scores nothing (*Scoring a deal*, Decision 7: no vole bonus)."""
    score = [0] * ruleset.seat_count
    if bidder is None:
        return tuple(score)
    if bidder_points >= bid:
        score[bidder] = bid
    else:
        for seat in ruleset.seats:
            if seat != bidder and reached[seat] is None:
                score[seat] = bid
    return tuple(score)


def deal_summary(state: MatchState, deal: DealState, *, complete: bool) -> DealSummary:
    """Summarise `deal` of `state`'s match: scored when `complete`, else cut short (no score,
    `made` None)."""
    ruleset = state.ruleset
    points = side_points(ruleset.scoring, deal.tricks_won, deal.card_points)
    bidder = deal.bidder
    bidder_points = None if bidder is None else points[bidder]
    is_played = complete and bidder is not None
    if complete:
        score = deal_score(ruleset, state.progress.reached, bidder, deal.bid, bidder_points)
    else:
        score = (0,) * ruleset.seat_count
    return DealSummary(
        dealer=deal.dealer,
        bids=deal.bids,
        bidder=bidder,
        bid=deal.bid,
        trump=deal.trump,
        tricks=deal.tricks_won,
        card_points=points,
        bidder_points=bidder_points,
        made=(bidder_points >= deal.bid) if is_played else None,
        vole=bidder is not None and deal.tricks_won[bidder] == ruleset.tricks_per_deal,
        score=score,
        complete=complete,
    )
