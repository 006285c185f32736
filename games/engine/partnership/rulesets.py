"""The two partnership games and their match formats as parameter objects.

Implements manille-4p.md: *Flemish Manille* and *French Manille muette* differ only by the values
below (the deal's packets, where trump comes from, the announcements, the scoring: points per
trick, half, capot, the 30-30 carry; the formats and the table options), never by scattered
conditions in the rules. manille-variants.md, *French Manille parlée*: *muette* with every value
kept, plus the partners' questions (`has_questions`); *French Manille à trois avec un mort*:
*muette* with every value kept, one seat's hand an exposed dummy played by its partner
(`has_dummy`).
"""

from dataclasses import dataclass, replace

from ..errors import MALFORMED, OPTIONS_NOT_ALLOWED, RuleError
from ..match import MatchFormat
from ..match_scoring import Scoring

VARIANT_FLEMISH = "manille-flemish"
VARIANT_FRENCH = "manille-french"
VARIANT_PARLEE = "manille-parlee"
VARIANT_MORT = "manille-mort"

FORMAT_BOOM_101 = "boom-101"
FORMAT_BOOM_61 = "boom-61"
FORMAT_BOOMPJE_12 = "boompje-12"
FORMAT_FIRST_TO_34 = "first-to-34"
FORMAT_FIRST_TO_44 = "first-to-44"

TRUMP_NAMED_BY_DEALER = "named"
TRUMP_TURNED_UP = "turned_up"

OPTION_BLIND = "blind"
OPTION_MEE_TEGEN = "mee_tegen"

# Thirty-two cards, four seats: eight tricks of four cards in every partnership game.
TRICKS_PER_DEAL = 8


@dataclass(frozen=True, slots=True)
class TableOptions:
    """The optional rules of a table (Flemish: blind no trump, mee/tegen), and the seat of the
    dummy (*avec un mort*), fixed for the match: not an option a record writes in `options`,
    but a rule of the table that every state carries as the options are carried."""

    blind: bool = False
    mee_tegen: bool = False
    dummy: int | None = None


@dataclass(frozen=True, slots=True)
class Ruleset:
    """One partnership game, as manille-4p.md describes it."""

    variant: str
    # Cards per packet, dealt to d+1, d+2, d+3 then the dealer, packet after packet.
    packets: tuple[int, ...]
    trump_source: str
    # Eight tricks; the points per trick, the half, capot, no cap, the 30-30 carry.
    scoring: Scoring
    formats: dict[str, MatchFormat]
    default_format: str
    # The options this game has, with their default values (an empty dict: no option at all).
    option_defaults: dict[str, bool]
    # How the site draws the table; in the engine and the record the next seat is always s + 1.
    direction: str
    # Whether the seat to play may first question his partner (*parlée*: `ask_card`,
    # `ask_count`, `show`); the rules, views and summaries of such a game carry the questions.
    has_questions: bool = False
    # Whether one seat is a dummy whose hand lies face up, played by its partner (*avec un
    # mort*); the match then has its dummy's seat (`TableOptions.dummy`).
    has_dummy: bool = False
    # The action types its records hold (manille-variants.md, *Records of all these variants*),
    # another's being malformed; None: every partnership type, another phase's refused as
    # `wrong_phase` (manille-4p.md's two games, docs/engine-4p.md).
    record_action_types: frozenset[str] | None = None

    def options(self, given: object = None) -> TableOptions:
        """Return the table options from `given` (a dict, or None for the defaults).

        A key the game does not have raises `options_not_allowed`; a value that is not a
        boolean raises `malformed`.
        """
        if given is None:
            given = {}
        if not isinstance(given, dict):
            raise RuleError(MALFORMED, f"options must be a JSON object, not {given!r}")
        unknown = sorted(key for key in given if key not in self.option_defaults)
        if unknown:
            known = ", ".join(self.option_defaults) or "none"
            raise RuleError(
                OPTIONS_NOT_ALLOWED,
                f"{self.variant} has no option {', '.join(map(repr, unknown))} "
                f"(its options: {known})",
            )
        for key, value in given.items():
            if type(value) is not bool:
                raise RuleError(MALFORMED, f"option {key!r} must be true or false, not {value!r}")
        values = {**self.option_defaults, **given}
        return TableOptions(
            blind=values.get(OPTION_BLIND, False), mee_tegen=values.get(OPTION_MEE_TEGEN, False)
        )

    def options_to_json(self, options: TableOptions) -> dict:
        """Return the options as a record writes them: only the keys this game has."""
        values = {OPTION_BLIND: options.blind, OPTION_MEE_TEGEN: options.mee_tegen}
        return {key: values[key] for key in self.option_defaults}


FLEMISH = Ruleset(
    variant=VARIANT_FLEMISH,
    packets=(3, 2, 3),
    trump_source=TRUMP_NAMED_BY_DEALER,
    # Scoring a deal: the excess over 30, capot 60, no cap; a 30-30 doubles the next deal.
    scoring=Scoring(
        tricks_per_deal=TRICKS_PER_DEAL,
        trick_points=0,
        half=30,
        capot_base=60,
        maximum_score=None,
        is_tie_carried=True,
    ),
    formats={
        FORMAT_BOOM_101: MatchFormat(name=FORMAT_BOOM_101, target=101, deal_count=None),
        FORMAT_BOOM_61: MatchFormat(name=FORMAT_BOOM_61, target=61, deal_count=None),
        # Never ends on 101: only the deal count (and then the first difference) decides.
        FORMAT_BOOMPJE_12: MatchFormat(name=FORMAT_BOOMPJE_12, target=None, deal_count=12),
    },
    default_format=FORMAT_BOOM_101,
    # Blind no trump: off by default (Decision); mee/tegen: on by default (Decision).
    option_defaults={OPTION_BLIND: False, OPTION_MEE_TEGEN: True},
    direction="clockwise",
)

FRENCH = Ruleset(
    variant=VARIANT_FRENCH,
    packets=(4, 4),
    trump_source=TRUMP_TURNED_UP,
    scoring=Scoring(
        tricks_per_deal=TRICKS_PER_DEAL,
        # Each trick is worth a point: 68 in a deal, a team scores its excess over 34.
        trick_points=1,
        half=34,
        # Decision: no capot bonus (all eight tricks are simply 68, i.e. 34 points).
        capot_base=None,
        maximum_score=None,
        # Decision: nothing is carried after 34-34.
        is_tie_carried=False,
    ),
    formats={
        FORMAT_FIRST_TO_34: MatchFormat(name=FORMAT_FIRST_TO_34, target=34, deal_count=None),
        FORMAT_FIRST_TO_44: MatchFormat(name=FORMAT_FIRST_TO_44, target=44, deal_count=None),
    },
    default_format=FORMAT_FIRST_TO_34,
    option_defaults={},
    direction="counter-clockwise",
)

# *Muette* exactly (its deal, trump, scoring and formats), the partners talking besides.
PARLEE = replace(
    FRENCH,
    variant=VARIANT_PARLEE,
    has_questions=True,
    record_action_types=frozenset({"play", "ask_card", "ask_count", "show"}),
)
# *Muette* and its play (the follower rule sees the dummy as its holder's partner), three people.
MORT = replace(
    FRENCH, variant=VARIANT_MORT, has_dummy=True, record_action_types=frozenset({"play"})
)

RULESETS: dict[str, Ruleset] = {
    FLEMISH.variant: FLEMISH,
    FRENCH.variant: FRENCH,
    PARLEE.variant: PARLEE,
    MORT.variant: MORT,
}
