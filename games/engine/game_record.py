"""The game record of any game: write one from a state, check its shape, replay it.

Implements game-record.md, *Format* and *Replaying*, and manille-4p.md, *Records*, once for every
game: what a game's records say differently (its variant names, seats, formats, options, deck,
actions and rules) is its `RecordRules`, built by the game's own record module. Exit statuses:
0 legal record, 1 illegal action, 2 malformed record; verifying (docs/engine.md, *Verifiable
deals*) adds 3 for a deal whose deck cannot be checked against its commitment.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from . import match
from .commitments import deck_commitment, is_hex_digest
from .errors import COMMITMENT_MISMATCH, COMMITMENT_MISSING, MALFORMED, RuleError

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_UNVERIFIED = 3

_COUNT_WORDS = {2: "two", 3: "three", 4: "four"}


@dataclass(frozen=True, slots=True)
class RecordRules:
    """What one game's records say differently from another's; the rest is written once here.

    A state says the rest itself (`match.MatchStateBase`): its `variant`, its `options_json`
    (empty: no `options` key) and the summary of a deal cut short (`cut_summary()`)."""

    # The variant names this game plays (one game module may play several rulesets).
    variants: tuple[str, ...]
    seat_count: int
    action_class: type[match.Action]
    # Return the deck as a tuple, or raise RuleError `malformed` naming what is wrong.
    validate_deck: Callable[[object], tuple[str, ...]]
    # The formats of a variant, by name.
    formats: Callable[[str], Mapping[str, Any]]
    # The message for `format` when it is none of `formats(variant)`: (variant, format) -> text.
    format_error: Callable[[str, object], str]
    # Check a record's `options` (None when absent) for a variant; raise RuleError
    # (`malformed`, `options_not_allowed`) if they are not the game's.
    check_options: Callable[[str, object], None]
    # (variant=, format=, first_dealer=, options=) -> a new match waiting for its first deck.
    new_match: Callable[..., Any]
    deal_start: Callable[..., Any]
    apply: Callable[[Any, Any], Any]
    forfeit: Callable[..., Any]
    # Check the decks of the whole record against each other and the options (variant,
    # options, decks); raise RuleError `malformed` if they disagree (*à trois*: every deal lacks
    # the same pair of sevens, or none). None: each deck stands alone.
    check_decks: Callable[[str, object, tuple[tuple[str, ...], ...]], None] | None = None
    # The match's own keys of the replay output beyond `totals`, `finished`, `winner` (each for
    # himself: `loser`), from the final state. None: none.
    match_output: Callable[[Any], dict] | None = None
    # Check a record's `players` and the top-level keys of the game's own for a variant (the
    # whole record); return the keyword arguments they add to `new_match`, or raise RuleError
    # `malformed` (*avec un mort*: `dummy`, and no name at its seat). None: `players` are
    # names, one per seat, and nothing more.
    check_head: Callable[[str, dict], dict] | None = None
    # The top-level keys of the game's own that a record of `state` writes (*avec un mort*:
    # `dummy`). None: none.
    head_to_json: Callable[[Any], dict] | None = None
    # The action types a record of the variant may hold, or None for every type of
    # `action_class` (another's is `malformed`: *parlée* has no Flemish `mee`). None: all.
    action_types: Callable[[str], frozenset[str] | None] | None = None

    def record_from_state(self, state, *, players: list[str]) -> dict:
        """Return the game record of the match so far (the deal in progress included)."""
        return record_from_state(self, state, players=players)

    def replay_document(self, document: object) -> tuple[int, dict]:
        """Replay an already decoded record of one of the game's variants (`replay_document`)."""
        return replay_document(self, document)

    def verify_document(self, document: object) -> tuple[int, dict]:
        """Replay an already decoded record, then check every deal's deck against its
        commitment (`verify_document`)."""
        return verify_document(self, document)


class ParsedDeal(NamedTuple):
    """One deal of a record whose shape is checked."""

    deck: tuple[str, ...]
    actions: tuple[match.Action, ...]
    salt: str | None
    commitment: str | None


class ParsedRecord(NamedTuple):
    """A record whose shape is checked, before any rule is."""

    variant: str
    format: str
    first_dealer: int
    options: object
    deals: tuple[ParsedDeal, ...]
    end: dict | None
    # The keyword arguments the record's own keys add to `new_match` (`check_head`).
    head: dict


class RecordMalformed(Exception):
    """A record that is not well-formed; `code` is `malformed` or `options_not_allowed`."""

    def __init__(self, message: str, code: str = MALFORMED) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


# --- writing ----------------------------------------------------------------------------------


def record_from_state(rules: RecordRules, state, *, players: list[str]) -> dict:
    """Return the game record of the match so far (the deal in progress included)."""
    document: dict = {
        "variant": state.variant,
        "format": state.format,
        "players": list(players),
        "first_dealer": state.progress.first_dealer,
    }
    if rules.head_to_json is not None:
        document.update(rules.head_to_json(state))
    options = state.options_json
    if options:
        document["options"] = options
    document["deals"] = [record.to_json() for record in state.deal_records]
    if state.end is not None:
        document["end"] = state.end
    return document


# --- checking the shape -----------------------------------------------------------------------


def _require(obj: dict, key: str, where: str):
    if key not in obj:
        raise RecordMalformed(f"{where} has no {key!r}")
    return obj[key]


def _optional_digest(deal: dict, key: str, where: str, words: str) -> str | None:
    # docs/engine.md, *Verifiable deals*: replay ignores them, but only once they have the
    # right shape; null counts as absent.
    value = deal.get(key)
    if value is not None and not is_hex_digest(value):
        raise RecordMalformed(f"{where}: {words}, not {value!r}")
    return value


def check_players(players: object, seat_count: int, *, empty_seat: int | None = None) -> None:
    """Raise RuleError `malformed` unless `players` is a list of a name per seat, with null at
    `empty_seat` (a dummy's, where nobody sits) and there only."""
    if (
        isinstance(players, list)
        and len(players) == seat_count
        and all(
            player is None if seat == empty_seat else isinstance(player, str)
            for seat, player in enumerate(players)
        )
    ):
        return
    names = f"players must be a list of {_COUNT_WORDS[seat_count]} names"
    if empty_seat is None:
        raise RuleError(MALFORMED, names)
    raise RuleError(MALFORMED, f"{names}, null at the dummy's seat {empty_seat} and only there")


def _parse_deal(
    rules: RecordRules, variant: str, deal: object, deal_index: int, first_dealer: int
) -> ParsedDeal:
    where = f"deal {deal_index}"
    if not isinstance(deal, dict):
        raise RecordMalformed(f"{where} is not a JSON object")
    dealer = _require(deal, "dealer", where)
    expected_dealer = match.dealer_of(first_dealer, deal_index, rules.seat_count)
    if type(dealer) is not int or dealer != expected_dealer:
        raise RecordMalformed(
            f"{where}: dealer out of turn, seat {expected_dealer} deals it, not {dealer!r}"
        )
    try:
        deck = rules.validate_deck(_require(deal, "deck", where))
    except RuleError as error:
        raise RecordMalformed(f"{where}: {error.message}") from error
    salt = _optional_digest(deal, "salt", where, "a salt is 64 lowercase hexadecimal digits")
    commitment = _optional_digest(
        deal, "commitment", where, "a commitment is a SHA-256 digest in 64 hexadecimal digits"
    )
    actions_json = _require(deal, "actions", where)
    if not isinstance(actions_json, list):
        raise RecordMalformed(f"{where}: actions must be a list")
    types = None if rules.action_types is None else rules.action_types(variant)
    actions = []
    for action_index, item in enumerate(actions_json):
        try:
            action = rules.action_class.from_json(item)
        except RuleError as error:
            raise RecordMalformed(f"{where}, action {action_index}: {error.message}") from error
        if types is not None and action.type not in types:
            raise RecordMalformed(
                f"{where}, action {action_index}: {variant} has no action {action.type!r} "
                f"(its actions: {', '.join(sorted(types))})"
            )
        actions.append(action)
    return ParsedDeal(deck, tuple(actions), salt, commitment)


def parse_record(rules: RecordRules, document: object) -> ParsedRecord:
    """Check the whole record's shape before any play; raise RecordMalformed if it is not one."""
    if not isinstance(document, dict):
        raise RecordMalformed("a record is a JSON object")
    variant = _require(document, "variant", "the record")
    if not isinstance(variant, str) or variant not in rules.variants:
        raise RecordMalformed(
            f"unknown variant {variant!r}: this engine plays {', '.join(rules.variants)}"
        )
    match_format = _require(document, "format", "the record")
    if not isinstance(match_format, str) or match_format not in rules.formats(variant):
        raise RecordMalformed(rules.format_error(variant, match_format))
    players = _require(document, "players", "the record")
    try:
        if rules.check_head is None:
            check_players(players, rules.seat_count)
            head: dict = {}
        else:
            head = rules.check_head(variant, document)
    except RuleError as error:
        raise RecordMalformed(error.message, error.code) from error
    seats = match.seat_words(rules.seat_count)
    first_dealer = _require(document, "first_dealer", "the record")
    if not match.is_seat(first_dealer, rules.seat_count):
        raise RecordMalformed(f"first_dealer must be {seats}, not {first_dealer!r}")
    options = document.get("options")
    try:
        rules.check_options(variant, options)
    except RuleError as error:
        raise RecordMalformed(error.message, error.code) from error
    deals = _require(document, "deals", "the record")
    if not isinstance(deals, list):
        raise RecordMalformed("deals must be a list")
    parsed = tuple(
        _parse_deal(rules, variant, deal, deal_index, first_dealer)
        for deal_index, deal in enumerate(deals)
    )
    if rules.check_decks is not None:
        try:
            rules.check_decks(variant, options, tuple(deal.deck for deal in parsed))
        except RuleError as error:
            raise RecordMalformed(error.message, error.code) from error
    end = document.get("end")
    if end is not None and (
        not isinstance(end, dict)
        or end.get("type") != "forfeit"
        or not match.is_seat(end.get("seat"), rules.seat_count)
        or end.get("reason") not in match.FORFEIT_REASONS
    ):
        raise RecordMalformed(
            f'end must be {{"type": "forfeit", "seat": {seats}, "reason": "timeout" or "left"}}'
        )
    return ParsedRecord(variant, match_format, first_dealer, options, parsed, end, head)


# --- replaying --------------------------------------------------------------------------------


def malformed_document(message: str, code: str = MALFORMED) -> tuple[int, dict]:
    """Return (2, the output document) for a record that is not well-formed."""
    return EXIT_MALFORMED, {
        "ok": False,
        "error": {"deal": None, "action": None, "code": code, "message": message},
    }


def _illegal_document(deal: int, action: int, error: RuleError) -> tuple[int, dict]:
    return EXIT_ILLEGAL, {
        "ok": False,
        "error": {"deal": deal, "action": action, "code": error.code, "message": error.message},
    }


def _output(rules: RecordRules, state) -> dict:
    summaries = [summary.to_json() for summary in state.progress.summaries]
    if state.is_deal_in_play:
        summaries.append(state.cut_summary().to_json())
    return {
        "ok": True,
        "deals": summaries,
        "totals": list(state.totals),
        "finished": state.is_finished,
        "winner": state.winner,
        **(rules.match_output(state) if rules.match_output is not None else {}),
        "end": state.end,
    }


def replay_parsed(rules: RecordRules, record: ParsedRecord) -> tuple[int, dict]:
    """Replay a record whose shape is checked; return (exit status, output document).

    A deal listed after the match was won, a deal after an unfinished one and a forfeit after a
    match won on points make the record malformed: it contradicts itself as a whole.
    """
    state = rules.new_match(
        variant=record.variant,
        format=record.format,
        first_dealer=record.first_dealer,
        options=record.options,
        **record.head,
    )
    for deal_index, deal in enumerate(record.deals):
        if state.is_finished:
            return malformed_document(
                f"deal {deal_index}: the match was already won after deal {deal_index - 1}"
            )
        if not state.is_waiting_for_deal:
            return malformed_document(
                f"deal {deal_index}: deal {deal_index - 1} is unfinished but another deal follows"
            )
        state = rules.deal_start(state, deal.deck)
        for action_index, action in enumerate(deal.actions):
            try:
                state = rules.apply(state, action)
            except RuleError as error:
                return _illegal_document(deal_index, action_index, error)
    end = record.end
    if end is not None:
        if state.is_finished:
            return malformed_document(
                "the match was already won by points: it cannot end by forfeit"
            )
        state = rules.forfeit(state, seat=end["seat"], reason=end["reason"])
    return EXIT_LEGAL, _output(rules, state)


def replay_document(rules: RecordRules, document: object) -> tuple[int, dict]:
    """Replay an already decoded record of one of `rules`' variants.

    Return (exit status, output document) as game-record.md, *Replaying*, describes.
    """
    try:
        record = parse_record(rules, document)
    except RecordMalformed as error:
        return malformed_document(error.message, error.code)
    return replay_parsed(rules, record)


# --- verifying --------------------------------------------------------------------------------


def _unverified_document(deal: int, code: str, message: str) -> tuple[int, dict]:
    return EXIT_UNVERIFIED, {
        "ok": False,
        "error": {"deal": deal, "action": None, "code": code, "message": message},
    }


def verify_document(rules: RecordRules, document: object) -> tuple[int, dict]:
    """Replay an already decoded record, then check every deal's deck against its commitment.

    Return replay's (1 or 2, document) for an illegal or malformed record; (3, error) for the
    first deal without a salt and a commitment (`commitment_missing`) or whose deck and salt do
    not give its commitment (`commitment_mismatch`); else (0, replay's output with `"verified":
    true` and the `commitments` in deal order).
    """
    try:
        record = parse_record(rules, document)
    except RecordMalformed as error:
        return malformed_document(error.message, error.code)
    status, output = replay_parsed(rules, record)
    if status != EXIT_LEGAL:
        return status, output
    for deal_index, deal in enumerate(record.deals):
        missing = [key for key in ("salt", "commitment") if getattr(deal, key) is None]
        if missing:
            return _unverified_document(
                deal_index,
                COMMITMENT_MISSING,
                f"deal {deal_index} has no {' and no '.join(missing)}: "
                "its deck cannot be checked against a commitment",
            )
        computed = deck_commitment(deal.deck, deal.salt)
        if computed != deal.commitment:
            return _unverified_document(
                deal_index,
                COMMITMENT_MISMATCH,
                f"deal {deal_index}: the deck and the salt give the commitment {computed}, "
                f"not {deal.commitment}: this is not the deck committed to",
            )
    return EXIT_LEGAL, {
        **output,
        "verified": True,
        "commitments": [deal.commitment for deal in record.deals],
    }
