"""The game record of a partnership match: write one, replay and verify one.

Implements manille-4p.md, *Records* (four players, first dealer 0 to 3, the dealer passing to
the next seat, Flemish `options`, the action types, the malformed cases, the summaries by team)
on top of game-record.md, *Format* and *Replaying*. Exit statuses: 0 legal record, 1 illegal
action, 2 malformed record.
"""

from ..errors import MALFORMED, RuleError
from .dealing import validate_deck
from .rules import FORFEIT_REASONS, apply, deal_start, forfeit, new_match
from .rulesets import RULESETS
from .scoring import cut_deal_summary
from .seats import SEAT_COUNT, SEATS
from .state import DEAL_PHASES, Action, MatchState, Phase

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


def record_from_state(state: MatchState, *, players: list[str]) -> dict:
    """Return the game record of the match so far (the deal in progress included)."""
    deals = [
        {
            "dealer": record.dealer,
            "deck": list(record.deck),
            "actions": [action.to_json() for action in record.actions],
        }
        for record in state.progress.records
    ]
    if state.phase in DEAL_PHASES:
        deal = state.deal
        deals.append(
            {
                "dealer": deal.dealer,
                "deck": list(deal.deck),
                "actions": [action.to_json() for action in deal.actions],
            }
        )
    document: dict = {
        "variant": state.variant,
        "format": state.format,
        "players": list(players),
        "first_dealer": state.progress.first_dealer,
    }
    options = state.ruleset.options_to_json(state.options)
    if options:
        document["options"] = options
    document["deals"] = deals
    if state.end is not None:
        document["end"] = state.end
    return document


def _record_error(code: str, message: str) -> tuple[int, dict]:
    return EXIT_MALFORMED, {
        "ok": False,
        "error": {"deal": None, "action": None, "code": code, "message": message},
    }


def _illegal_document(deal: int, action: int, error: RuleError) -> tuple[int, dict]:
    return EXIT_ILLEGAL, {
        "ok": False,
        "error": {"deal": deal, "action": action, "code": error.code, "message": error.message},
    }


class _Malformed(Exception):
    """A record that is not well-formed; `code` is `malformed` or `options_not_allowed`."""

    def __init__(self, message: str, code: str = MALFORMED) -> None:
        super().__init__(message)
        self.code = code


def _require(obj: dict, key: str, where: str):
    if key not in obj:
        raise _Malformed(f"{where} has no {key!r}")
    return obj[key]


def _parse(document: object):
    """Check the whole record's shape before any play.

    Return (variant, format, first dealer, options, [(deck, actions)], end).
    """
    if not isinstance(document, dict):
        raise _Malformed("a record is a JSON object")
    variant = _require(document, "variant", "the record")
    if not isinstance(variant, str) or variant not in RULESETS:
        raise _Malformed(f"unknown partnership variant {variant!r}: one of {', '.join(RULESETS)}")
    ruleset = RULESETS[variant]
    match_format = _require(document, "format", "the record")
    if not isinstance(match_format, str) or match_format not in ruleset.formats:
        raise _Malformed(
            f"format {match_format!r} is not a {variant} format: "
            f"one of {', '.join(ruleset.formats)}"
        )
    players = _require(document, "players", "the record")
    if (
        not isinstance(players, list)
        or len(players) != SEAT_COUNT
        or not all(isinstance(player, str) for player in players)
    ):
        raise _Malformed("players must be a list of four names")
    first_dealer = _require(document, "first_dealer", "the record")
    if type(first_dealer) is not int or first_dealer not in SEATS:
        raise _Malformed(f"first_dealer must be 0 to 3, not {first_dealer!r}")
    options = document.get("options")
    try:
        ruleset.options(options)
    except RuleError as error:
        raise _Malformed(error.message, error.code) from error
    deals = _require(document, "deals", "the record")
    if not isinstance(deals, list):
        raise _Malformed("deals must be a list")
    parsed = []
    for deal_index, deal in enumerate(deals):
        where = f"deal {deal_index}"
        if not isinstance(deal, dict):
            raise _Malformed(f"{where} is not a JSON object")
        dealer = _require(deal, "dealer", where)
        expected_dealer = (first_dealer + deal_index) % SEAT_COUNT
        if type(dealer) is not int or dealer != expected_dealer:
            raise _Malformed(
                f"{where}: dealer out of turn, seat {expected_dealer} deals it, not {dealer!r}"
            )
        try:
            deck = validate_deck(_require(deal, "deck", where))
        except RuleError as error:
            raise _Malformed(f"{where}: {error.message}") from error
        actions_json = _require(deal, "actions", where)
        if not isinstance(actions_json, list):
            raise _Malformed(f"{where}: actions must be a list")
        actions = []
        for action_index, item in enumerate(actions_json):
            try:
                actions.append(Action.from_json(item))
            except RuleError as error:
                raise _Malformed(f"{where}, action {action_index}: {error.message}") from error
        parsed.append((deck, actions))
    end = document.get("end")
    if end is not None and (
        not isinstance(end, dict)
        or end.get("type") != "forfeit"
        or type(end.get("seat")) is not int
        or end.get("seat") not in SEATS
        or end.get("reason") not in FORFEIT_REASONS
    ):
        raise _Malformed(
            'end must be {"type": "forfeit", "seat": 0 to 3, "reason": "timeout" or "left"}'
        )
    return variant, match_format, first_dealer, options, parsed, end


def _output(state: MatchState) -> dict:
    summaries = [summary.to_json() for summary in state.progress.summaries]
    if state.phase in DEAL_PHASES:
        summaries.append(cut_deal_summary(state.ruleset, state.deal).to_json())
    return {
        "ok": True,
        "deals": summaries,
        "totals": list(state.totals),
        "finished": state.is_finished,
        "winner": state.winner,
        "end": state.end,
    }


def replay_document(document: object) -> tuple[int, dict]:
    """Replay an already decoded record of `manille-flemish` or `manille-french`.

    Return (exit status, output document) as game-record.md, *Replaying*, describes, with the
    summaries, totals and winner by team.
    """
    try:
        variant, match_format, first_dealer, options, deals, end = _parse(document)
    except _Malformed as error:
        return _record_error(error.code, str(error))
    state = new_match(
        variant=variant, format=match_format, first_dealer=first_dealer, options=options
    )
    for deal_index, (deck, actions) in enumerate(deals):
        if state.phase is Phase.MATCH_OVER:
            return _record_error(
                MALFORMED,
                f"deal {deal_index}: the match was already won after deal {deal_index - 1}",
            )
        if state.phase is not Phase.DEALING:
            return _record_error(
                MALFORMED,
                f"deal {deal_index}: deal {deal_index - 1} is unfinished but another deal follows",
            )
        state = deal_start(state, deck)
        for action_index, action in enumerate(actions):
            try:
                state = apply(state, action)
            except RuleError as error:
                return _illegal_document(deal_index, action_index, error)
    if end is not None:
        if state.phase is Phase.MATCH_OVER:
            return _record_error(
                MALFORMED, "the match was already won by points: it cannot end by forfeit"
            )
        state = forfeit(state, seat=end["seat"], reason=end["reason"])
    return EXIT_LEGAL, _output(state)
