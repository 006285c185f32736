"""The variant registry: every game the engine plays, found by the name its records carry.

Implements game-record.md, *Format* (`variant`), manille-4p.md, *Records*, and docs/engine.md,
*Verifiable deals* (`advance` deals each deck with a salt and its commitment), and
manille-variants.md, *French Manille parlée*, *à trois avec un mort* and *Phases and registry*
(their registry entries): the replay, the site and the computer players look a game up here
(`manille-2p`, `manille-flemish`, `manille-french`, `manille-parlee`, `manille-mort`,
`manille-a-trois`, `manille-encheres`, `manille-encheres-3`, `manni`) and call the same
functions whatever the game. Everything the site needs to know about a game that differs from
another (its name, formats and options in words, the words of its phases and buttons, whether
it is ranked, the deck it deals) is here too, so that the site names no game. A record of a
variant that is not here is malformed.
"""

import json
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType, ModuleType

from . import encheres, game_record, manni, partnership, trois, two_player_record
from . import rules as two_player_rules
from . import serialization as two_player_serialization
from . import views as two_player_views
from .cards import draw_dealer_among, shuffled_deck
from .commitments import salt_from
from .encheres import record as encheres_record
from .encheres import rules as encheres_rules
from .encheres import serialization as encheres_serialization
from .encheres import views as encheres_views
from .errors import MALFORMED, RuleError
from .formats import FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS
from .formats import FORMATS as TWO_PLAYER_FORMATS
from .game_record import EXIT_ILLEGAL, EXIT_LEGAL, EXIT_MALFORMED, EXIT_UNVERIFIED, RecordRules
from .labels import gettext_noop
from .manni import record as manni_record
from .manni import rules as manni_rules
from .manni import serialization as manni_serialization
from .manni import views as manni_views
from .match import MatchFormat
from .partnership import record as partnership_record
from .partnership import rules as partnership_rules
from .partnership import serialization as partnership_serialization
from .partnership import views as partnership_views
from .tricks import trick_winner
from .trois import record as trois_record
from .trois import rules as trois_rules
from .trois import serialization as trois_serialization
from .trois import views as trois_views

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "EXIT_MALFORMED",
    "EXIT_UNVERIFIED",
    "ENCHERES",
    "ENCHERES_THREE",
    "FLEMISH",
    "FRENCH",
    "MANNI",
    "MORT",
    "PARLEE",
    "TROIS",
    "TWO_PLAYER",
    "VARIANTS",
    "VARIANT_TWO_PLAYER",
    "Variant",
    "replay_record",
    "variant_get",
    "verify_record",
]

VARIANT_TWO_PLAYER = two_player_record.VARIANT


@dataclass(frozen=True, slots=True)
class Variant:
    """One game: its seats and teams, formats, options, the words the site shows for it, and
    the engine functions that play it.

    Every function has the same shape in every game: `legal_actions(state, seat)`,
    `apply(state, action)`, `player_view(state, seat)`, ... Teams are tuples of seats; in the
    two-player game each seat is its own team and has no partner. Every label is a French
    msgid marked for translation (`labels.gettext_noop`): the site passes it through gettext.
    """

    name: str
    seat_count: int
    teams: tuple[tuple[int, ...], ...]
    formats: tuple[str, ...]
    default_format: str
    # The table options the game has, with their defaults (empty: none).
    option_defaults: Mapping[str, bool]
    # How the site draws the table: "clockwise", "counter-clockwise", or None (two seats).
    direction: str | None
    start_match: Callable = field(repr=False)
    deal_start: Callable = field(repr=False)
    seat_to_act: Callable = field(repr=False)
    legal_actions: Callable = field(repr=False)
    apply: Callable = field(repr=False)
    forfeit: Callable = field(repr=False)
    player_view: Callable = field(repr=False)
    public_view: Callable = field(repr=False)
    hidden_hand_seats: Callable = field(repr=False)
    state_to_json: Callable = field(repr=False)
    state_from_json: Callable = field(repr=False)
    record_from_state: Callable = field(repr=False)
    replay_document: Callable = field(repr=False)
    action_from_json: Callable = field(repr=False)
    # rng -> (rounds, first dealer): every round a list of (seat, card), the first with every
    # seat, a later one only the seats tied for highest.
    draw_first_dealer: Callable = field(repr=False)
    # Replay a decoded record, then check every deck against its commitment (exit 3 if not).
    verify_document: Callable = field(repr=False)
    # The action the server takes on a seat's behalf now (the two-player forced roll), or None.
    server_action: Callable = field(repr=False)
    # (state, rng) -> the next deal's deck, shuffled and cut: the 32 cards in most games; the
    # game's own where its deck depends on the match (*à trois*: the 30 cards left once the
    # match's pair of sevens is out, that pair drawn at the first deal).
    deal_deck: Callable = field(repr=False)
    # Each format's parameter object: its target and its number of regular deals.
    match_formats: Mapping[str, MatchFormat] = field(repr=False)
    # The game's name.
    label: str = field(repr=False)
    # Format -> its name; option -> its name on the table's form.
    format_labels: Mapping[str, str] = field(repr=False)
    option_labels: Mapping[str, str] = field(repr=False)
    # Whether the ladder, its points and the quitter rules apply to the game's matches.
    is_rankable: bool = field(repr=False)
    # Phase -> what the seat to act has to do, for the turn line ("À vous : %s").
    phase_labels: Mapping[str, str] = field(repr=False)
    # Action type -> the words of its button (`no_trump`: a `trump` with a null suit); cards are
    # drawn, never named, so `play` has none.
    action_labels: Mapping[str, str] = field(repr=False)
    # Action type (and `no_trump`, `forfeit`) -> the sentence the replay tells it with.
    replay_action_labels: Mapping[str, str] = field(repr=False)
    # The action types that are not a decision of their own and leave the seat's clock running
    # (*parlée*'s questions: "a question is not a move: the seat still has to play, on the
    # same clock").
    clock_keeping_actions: frozenset[str] = field(default=frozenset(), repr=False)
    # The match names a loser and no winner: every other seat has won (*aux enchères*, where
    # `winner` is always null and the winning seats are all but the loser).
    is_loser_named_only: bool = field(default=False, repr=False)
    # (trick: (seat, card) pairs in order, the deal's summary) -> the seat that took it: how
    # the site names the winner of a deal's last trick once the next deal is dealt.
    trick_winner: Callable = field(default=None, repr=False)
    # The seat of a hand that no person holds, face up and played by the seat opposite (*avec
    # un mort*), or None. The site always seats the dummy here; a record may name any seat.
    dummy_seat: int | None = field(default=None, repr=False)

    @property
    def seats(self) -> tuple[int, ...]:
        return tuple(range(self.seat_count))

    @property
    def person_seats(self) -> tuple[int, ...]:
        """Return the seats a person (a member or a computer player) takes: all but the
        dummy's."""
        return tuple(seat for seat in self.seats if seat != self.dummy_seat)

    def decider_of(self, seat: int) -> int:
        """Return the seat of the person who decides for `seat`: the dummy's holder, opposite,
        for the dummy, and every other seat for itself."""
        if seat == self.dummy_seat:
            return (seat + self.seat_count // 2) % self.seat_count
        return seat

    def acting_seat(self, state, seat: int) -> int:
        """Return the seat whose decision the person at `seat` takes now: the seat to act when
        he decides for it (the dummy's holder at the dummy's turn), else his own."""
        to_act = self.seat_to_act(state)
        if to_act is not None and self.decider_of(to_act) == seat:
            return to_act
        return seat

    def new_match(self, *, first_dealer: int, format: str | None = None, options=None):
        """Start a match (phase `dealing`), in the default format and options unless told;
        a game with a dummy has it at `dummy_seat`."""
        dummy = {} if self.dummy_seat is None else {"dummy": self.dummy_seat}
        return self.start_match(
            format=self.default_format if format is None else format,
            first_dealer=first_dealer,
            options=options,
            **dummy,
        )

    def format_target(self, format: str) -> int | None:
        """Return the total that wins a match of `format`, or None (it ends on its deals)."""
        return self.match_formats[format].target

    def format_deal_count(self, format: str) -> int | None:
        """Return the number of regular deals of `format`, or None (it ends on its target)."""
        return self.match_formats[format].deal_count

    def shuffled_deck(self, rng: random.Random) -> list[str]:
        """Shuffle the 32 cards and cut them (the site passes a secure random source)."""
        return shuffled_deck(rng)

    def advance(self, state, rng: random.Random):
        """Play the server's own moves: deal while the match waits for a deal, each deck with a
        fresh salt and its commitment (docs/engine.md, *Verifiable deals*), and take the
        actions the server takes on a seat's behalf (the two-player forced roll).

        Return the state that waits for a seat's decision, or the finished match. The site
        calls it after creating a match and after every action, with a secure `rng`.
        """
        while not state.is_finished:
            if state.is_waiting_for_deal:
                deck = self.deal_deck(state, rng)
                state = self.deal_start(state, deck, salt=salt_from(rng))
                continue
            action = self.server_action(state)
            if action is None:
                break
            state = self.apply(state, action)
        return state

    def team_of(self, seat: int) -> int:
        """Return the team of `seat` (the seat itself in the two-player game)."""
        return next(index for index, team in enumerate(self.teams) if seat in team)

    def partner_of(self, seat: int) -> int | None:
        """Return the partner of `seat`, or None in a game without partners."""
        team = self.teams[self.team_of(seat)]
        return next((other for other in team if other != seat), None)

    def are_partners(self, seat: int, other: int) -> bool:
        """Tell whether two different seats play in the same team."""
        return seat != other and self.team_of(seat) == self.team_of(other)

    def winning_seats(self, state) -> tuple[int, ...] | None:
        """Return the seats of the winning team (`state.winner` is a team), or None; in a game
        that names a loser only, every seat but the loser once the match is over."""
        if self.is_loser_named_only:
            if not state.is_finished or state.loser is None:
                return None
            return tuple(seat for seat in self.seats if seat != state.loser)
        return None if state.winner is None else self.teams[state.winner]


def _first_dealer_draw(seat_count: int) -> Callable:
    """Return the draw of a game of `seat_count` seats: the highest rank deals, the manille
    high, suits not counting, the seats tied for highest drawing again (manille-2p.md and
    manille-4p.md, *First dealer*: with two seats both draw again, the same draw)."""
    seats = tuple(range(seat_count))

    def draw(rng: random.Random) -> tuple[list[list[tuple[int, str]]], int]:
        rounds, dealer = draw_dealer_among(rng, seats)
        return [list(round_) for round_ in rounds], dealer

    return draw


def _trick_winner_of_32_cards(trick, summary) -> int:
    """Return the seat that took `trick` in a deal of the 32 Manille cards (`summary.trump`)."""
    return trick_winner(trick, summary.trump)


def _deal_the_32_cards(state, rng: random.Random) -> list[str]:
    """Return the 32 cards shuffled and cut, whatever the match (every game but *à trois*)."""
    return shuffled_deck(rng)


# The words several games share, marked once.
_DEALING = gettext_noop("distribution")
_PLAY_A_CARD = gettext_noop("jouer une carte")
_PASS = gettext_noop("Passer")
_TRUMP_SUIT = gettext_noop("Atout %(suit)s")
_REPLAY_TRUMP = gettext_noop("%(name)s choisit l'atout %(suit)s")
_REPLAY_PASS = gettext_noop("%(name)s passe")
_REPLAY_PLAY = gettext_noop("%(name)s joue %(card)s")
_REPLAY_FORFEIT = gettext_noop("%(name)s perd par forfait")


def _variant(
    *,
    name: str,
    teams: tuple[tuple[int, ...], ...],
    formats: Mapping[str, MatchFormat],
    default_format: str,
    option_defaults: Mapping[str, bool],
    direction: str | None,
    start_match: Callable,
    rules: ModuleType,
    views: ModuleType,
    serialization: ModuleType,
    record: RecordRules,
    is_rankable: bool,
    label: str,
    format_labels: Mapping[str, str],
    option_labels: Mapping[str, str],
    phase_labels: Mapping[str, str],
    action_labels: Mapping[str, str],
    replay_action_labels: Mapping[str, str],
    clock_keeping_actions: frozenset[str] = frozenset(),
    deal_deck: Callable | None = None,
    is_loser_named_only: bool = False,
    draw_first_dealer: Callable | None = None,
    trick_winner: Callable | None = None,
    dummy_seat: int | None = None,
) -> Variant:
    """Return the registry entry of a game: its values, and the functions of its modules, each
    of the same name and shape in every game (`rules`: `deal_start`, `seat_to_act`,
    `legal_actions`, `apply`, `forfeit`, `hidden_hand_seats`, `server_action`; `views`:
    `player_view`, `public_view`; `serialization`: `state_to_json`, `state_from_json`; its
    `RecordRules`). The labels every game shares (the dealing and the cards on the turn line,
    a card played and a forfeit in the replay) are added here. `deal_deck` and
    `draw_first_dealer` and `trick_winner` default to the 32 Manille cards (Manni has its
    52)."""
    seat_count = record.seat_count
    return Variant(
        name=name,
        seat_count=seat_count,
        teams=teams,
        formats=tuple(formats),
        default_format=default_format,
        option_defaults=MappingProxyType(dict(option_defaults)),
        direction=direction,
        start_match=start_match,
        deal_start=rules.deal_start,
        seat_to_act=rules.seat_to_act,
        legal_actions=rules.legal_actions,
        apply=rules.apply,
        forfeit=rules.forfeit,
        player_view=views.player_view,
        public_view=views.public_view,
        hidden_hand_seats=rules.hidden_hand_seats,
        state_to_json=serialization.state_to_json,
        state_from_json=serialization.state_from_json,
        record_from_state=record.record_from_state,
        replay_document=record.replay_document,
        action_from_json=record.action_class.from_json,
        draw_first_dealer=(
            _first_dealer_draw(seat_count) if draw_first_dealer is None else draw_first_dealer
        ),
        verify_document=record.verify_document,
        server_action=rules.server_action,
        deal_deck=_deal_the_32_cards if deal_deck is None else deal_deck,
        match_formats=MappingProxyType(dict(formats)),
        label=label,
        format_labels=MappingProxyType(dict(format_labels)),
        option_labels=MappingProxyType(dict(option_labels)),
        is_rankable=is_rankable,
        phase_labels=MappingProxyType({**phase_labels, "play": _PLAY_A_CARD, "dealing": _DEALING}),
        action_labels=MappingProxyType(dict(action_labels)),
        replay_action_labels=MappingProxyType(
            {**replay_action_labels, "play": _REPLAY_PLAY, "forfeit": _REPLAY_FORFEIT}
        ),
        clock_keeping_actions=clock_keeping_actions,
        is_loser_named_only=is_loser_named_only,
        trick_winner=_trick_winner_of_32_cards if trick_winner is None else trick_winner,
        dummy_seat=dummy_seat,
    )


TWO_PLAYER = _variant(
    name=VARIANT_TWO_PLAYER,
    teams=((0,), (1,)),
    formats=TWO_PLAYER_FORMATS,
    default_format=FORMAT_FIRST_TO_71,
    option_defaults={},
    direction=None,
    start_match=two_player_rules.new_match,
    rules=two_player_rules,
    views=two_player_views,
    serialization=two_player_serialization,
    record=two_player_record.RECORD_RULES,
    is_rankable=True,
    label=gettext_noop("Manille à deux"),
    format_labels={
        FORMAT_FIRST_TO_71: gettext_noop("premier à 71"),
        FORMAT_SIX_DEALS: gettext_noop("6 donnes"),
    },
    option_labels={},
    phase_labels={
        "trump": gettext_noop("choisir l'atout ou rouler"),
        "buque": gettext_noop("buquer ou passer"),
        "surbuque": gettext_noop("sur-buquer ou passer"),
    },
    action_labels={
        "trump": _TRUMP_SUIT,
        "roll": gettext_noop("Rouler"),
        "buque": gettext_noop("Buquer"),
        "surbuque": gettext_noop("Sur-buquer"),
        "pass": _PASS,
    },
    replay_action_labels={
        "trump": _REPLAY_TRUMP,
        "roll": gettext_noop("%(name)s roule"),
        "buque": gettext_noop("%(name)s buque"),
        "surbuque": gettext_noop("%(name)s sur-buque"),
        "pass": _REPLAY_PASS,
    },
)


def _partnership_variant(
    ruleset: partnership.Ruleset, *, dummy_seat: int | None = None, **labels
) -> Variant:
    return _variant(
        name=ruleset.variant,
        teams=partnership.TEAMS,
        formats=ruleset.formats,
        default_format=ruleset.default_format,
        option_defaults=ruleset.option_defaults,
        direction=ruleset.direction,
        start_match=partial(partnership_rules.new_match, variant=ruleset.variant),
        rules=partnership_rules,
        views=partnership_views,
        serialization=partnership_serialization,
        record=partnership_record.RECORD_RULES,
        # The ladder is the two-player game's (ladder.md).
        is_rankable=False,
        clock_keeping_actions=(
            frozenset(partnership.QUESTION_TYPES) if ruleset.has_questions else frozenset()
        ),
        dummy_seat=dummy_seat,
        **labels,
    )


FLEMISH = _partnership_variant(
    partnership.FLEMISH,
    label=gettext_noop("Manille flamande"),
    format_labels={
        partnership.FORMAT_BOOM_101: gettext_noop("Boom à 101"),
        partnership.FORMAT_BOOM_61: gettext_noop("Boom à 61"),
        partnership.FORMAT_BOOMPJE_12: gettext_noop("Boompje (12 donnes)"),
    },
    option_labels={
        "blind": gettext_noop("Sans-atout aveugle permis"),
        "mee_tegen": gettext_noop("Mee et tegen"),
    },
    phase_labels={
        "look": gettext_noop("regarder ses cartes ou jouer à l'aveugle"),
        "trump": gettext_noop("nommer l'atout"),
        "mee": gettext_noop("mee ou passer"),
        "tegen": gettext_noop("tegen ou passer"),
    },
    action_labels={
        "look": gettext_noop("Regarder mes cartes"),
        "blind": gettext_noop("Sans atout à l'aveugle (×4)"),
        "trump": _TRUMP_SUIT,
        "no_trump": gettext_noop("Sans atout (×2)"),
        "mee": gettext_noop("Mee (×2)"),
        "tegen": gettext_noop("Tegen (×4)"),
        "pass": _PASS,
    },
    replay_action_labels={
        "look": gettext_noop("%(name)s regarde ses cartes"),
        "blind": gettext_noop("%(name)s annonce sans atout à l'aveugle"),
        "trump": _REPLAY_TRUMP,
        "no_trump": gettext_noop("%(name)s joue sans atout"),
        "mee": gettext_noop("%(name)s dit mee"),
        "tegen": gettext_noop("%(name)s dit tegen"),
        "pass": _REPLAY_PASS,
    },
)

# The formats of muette and parlée.
_FRENCH_FORMAT_LABELS = {
    partnership.FORMAT_FIRST_TO_34: gettext_noop("Premier à 34"),
    partnership.FORMAT_FIRST_TO_44: gettext_noop("Premier à 44"),
}

# The turned-up card names trump and nobody announces: the cards are all there is.
FRENCH = _partnership_variant(
    partnership.FRENCH,
    label=gettext_noop("Manille française"),
    format_labels=_FRENCH_FORMAT_LABELS,
    option_labels={},
    phase_labels={},
    action_labels={},
    replay_action_labels={},
)

# *Muette* and its play, plus the questions between partners: buttons, and sentences for the
# replay (its answers are in the deal's summary, `questions`).
PARLEE = _partnership_variant(
    partnership.PARLEE,
    label=gettext_noop("Manille parlée"),
    format_labels=_FRENCH_FORMAT_LABELS,
    option_labels={},
    phase_labels={},
    action_labels={
        "ask_card": gettext_noop("Demander une carte"),
        "ask_count": gettext_noop("Combien de %(suit)s ?"),
        "show": gettext_noop("Montre ton jeu"),
    },
    replay_action_labels={
        "ask_card": gettext_noop("%(name)s demande : as-tu %(card)s ?"),
        "ask_count": gettext_noop("%(name)s demande : combien de %(suit)s as-tu ?"),
        "show": gettext_noop("%(name)s demande : montre ton jeu"),
    },
)

# *Muette* with three people: the dummy at seat 3, face up, played by its holder at seat 1.
MORT = _partnership_variant(
    partnership.MORT,
    dummy_seat=3,
    label=gettext_noop("Manille avec un mort"),
    format_labels=_FRENCH_FORMAT_LABELS,
    option_labels={},
    phase_labels={},
    action_labels={},
    replay_action_labels={},
)

# Three seats each for himself, the turned-up card names trump: the cards are all there is. Its
# deck depends on the match (the pair of sevens out), so it deals its own (`deal_deck`).
TROIS = _variant(
    name=trois.VARIANT,
    teams=trois.TEAMS,
    formats=trois.FORMATS,
    default_format=trois.DEFAULT_FORMAT,
    option_defaults=trois.OPTION_DEFAULTS,
    direction="counter-clockwise",
    start_match=trois_rules.new_match,
    rules=trois_rules,
    views=trois_views,
    serialization=trois_serialization,
    record=trois_record.RECORD_RULES,
    # The ladder is the two-player game's (ladder.md).
    is_rankable=False,
    label=gettext_noop("Manille à trois"),
    format_labels=_FRENCH_FORMAT_LABELS,
    option_labels={"sevens_removed": gettext_noop("Sans une paire de sept (30 cartes)")},
    phase_labels={},
    action_labels={},
    replay_action_labels={},
    deal_deck=trois.deal_deck,
)


def _encheres_variant(ruleset: encheres.Ruleset, *, label: str) -> Variant:
    return _variant(
        name=ruleset.variant,
        teams=ruleset.teams,
        formats=encheres.FORMATS,
        default_format=encheres.DEFAULT_FORMAT,
        option_defaults={},
        direction="counter-clockwise",
        start_match=partial(encheres_rules.new_match, variant=ruleset.variant),
        rules=encheres_rules,
        views=encheres_views,
        serialization=encheres_serialization,
        record=encheres_record.RECORD_RULES[ruleset.variant],
        # The ladder is the two-player game's (ladder.md).
        is_rankable=False,
        label=label,
        format_labels={
            encheres.FORMAT_TO_100: gettext_noop("En 100"),
            encheres.FORMAT_TO_120: gettext_noop("En 120"),
            encheres.FORMAT_TO_150: gettext_noop("En 150"),
        },
        option_labels={},
        phase_labels={
            "bid": gettext_noop("enchérir ou passer"),
            "trump": gettext_noop("nommer l'atout"),
        },
        action_labels={
            "bid": gettext_noop("Enchérir %(points)s"),
            "pass": _PASS,
            "trump": _TRUMP_SUIT,
        },
        replay_action_labels={
            "bid": gettext_noop("%(name)s enchérit %(points)s"),
            "pass": _REPLAY_PASS,
            "trump": _REPLAY_TRUMP,
        },
        # At three the deck lacks the match's pair of sevens, drawn at the first deal.
        deal_deck=encheres.deal_deck,
        is_loser_named_only=True,
    )


# Each for himself, an auction, the highest bidder naming trump: at four and at three.
ENCHERES = _encheres_variant(encheres.FOUR, label=gettext_noop("Manille aux enchères"))
ENCHERES_THREE = _encheres_variant(
    encheres.THREE, label=gettext_noop("Manille aux enchères à trois")
)


def _manni_trick_winner(trick, summary) -> int:
    """Return the seat that took `trick` in a Manni deal: its 52 cards, the ace low in nullo."""
    return manni.trick_winner(trick, summary.contract, summary.trump)


# Three seats each for himself with 52 cards: the cut card names the contract, each seat
# exchanges with the Manni, then plays; its deck and its draw for the first dealer are its own
# (the ace high).
MANNI = _variant(
    name=manni.VARIANT,
    teams=manni.TEAMS,
    formats=manni.FORMATS,
    default_format=manni.DEFAULT_FORMAT,
    option_defaults=manni.OPTION_DEFAULTS,
    direction="clockwise",
    start_match=manni_rules.new_match,
    rules=manni_rules,
    views=manni_views,
    serialization=manni_serialization,
    record=manni_record.RECORD_RULES,
    # The ladder is the two-player game's (ladder.md).
    is_rankable=False,
    label=gettext_noop("Manni"),
    format_labels={manni.DEFAULT_FORMAT: gettext_noop("Premier à 10 points plus")},
    option_labels={},
    phase_labels={"exchange": gettext_noop("échanger avec le Manni")},
    action_labels={"exchange": gettext_noop("Échanger")},
    replay_action_labels={"exchange": gettext_noop("%(name)s échange %(n)s cartes")},
    deal_deck=manni.deal_deck,
    draw_first_dealer=partial(manni.draw_first_dealer, seats=tuple(range(manni.SEAT_COUNT))),
    trick_winner=_manni_trick_winner,
)

VARIANTS: Mapping[str, Variant] = MappingProxyType(
    {
        variant.name: variant
        for variant in (
            TWO_PLAYER,
            FLEMISH,
            FRENCH,
            PARLEE,
            MORT,
            TROIS,
            ENCHERES,
            ENCHERES_THREE,
            MANNI,
        )
    }
)


def variant_get(name: object) -> Variant:
    """Return the registered game called `name`, or raise RuleError `malformed`."""
    if not isinstance(name, str) or name not in VARIANTS:
        raise RuleError(MALFORMED, f"unknown variant {name!r}: one of {', '.join(VARIANTS)}")
    return VARIANTS[name]


def _decoded(text_or_obj) -> tuple[Variant | None, object]:
    """Return (variant, decoded record), or (None, the malformed output) when there is none."""
    document = text_or_obj
    if isinstance(text_or_obj, (str, bytes, bytearray)):
        try:
            document = json.loads(text_or_obj)
        except (ValueError, UnicodeDecodeError) as error:
            return None, game_record.malformed_document(f"not valid JSON: {error}")
    if not isinstance(document, dict):
        return None, game_record.malformed_document("a record is a JSON object")
    if "variant" not in document:
        return None, game_record.malformed_document("the record has no 'variant'")
    try:
        return variant_get(document["variant"]), document
    except RuleError as error:
        return None, game_record.malformed_document(error.message)


def replay_record(text_or_obj) -> tuple[int, dict]:
    """Replay a record of any registered game (JSON text, bytes, or an already parsed object).

    Dispatch on its `variant`; return (exit status, output document) as game-record.md,
    *Replaying*, describes. A record of a variant that is not registered is malformed (2).
    """
    variant, document = _decoded(text_or_obj)
    if variant is None:
        return document
    return variant.replay_document(document)


def verify_record(text_or_obj) -> tuple[int, dict]:
    """Replay a record of any registered game, then check every deal's deck against its
    commitment (docs/engine.md, *Verifiable deals*).

    Return replay's (1 or 2, document) for an illegal or malformed record; (3, `{"ok": false,
    "error": {"deal", "action": null, "code": "commitment_missing" | "commitment_mismatch",
    "message"}}`) for the first deal that cannot be checked or does not match; else (0, replay's
    output with `"verified": true` and `"commitments"`).
    """
    variant, document = _decoded(text_or_obj)
    if variant is None:
        return document
    return variant.verify_document(document)
