"""The game record: write a match down, replay and verify one.

Implements game-record.md, sections *Format* and *Replaying*. Exit statuses: 0 legal record,
1 illegal action, 2 malformed record.
"""

from .dealing import validate_deck
from .errors import MALFORMED, RuleError
from .formats import FORMATS
from .rules import FORFEIT_REASONS, apply, deal_start, forfeit, new_match
from .scoring import cut_deal_summary
from .state import DEAL_PHASES, Action, MatchState, Phase

VARIANT = "manille-2p"

EXIT_LEGAL = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


def record_from_state(state: MatchState, *, players: list[str]) -> dict:
    """Return the game record of the match so far (the deal in progress included)."""
    records = list(state.progress.records)
    deals = [
        {
            "dealer": record.dealer,
            "deck": list(record.deck),
            "actions": [action.to_json() for action in record.actions],
        }
        for record in records
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
    document = {
        "variant": VARIANT,
        "format": state.format,
        "players": list(players),
        "first_dealer": state.progress.first_dealer,
        "deals": deals,
    }
    if state.end is not None:
        document["end"] = state.end
    return document


def _malformed_document(message: str) -> tuple[int, dict]:
    return EXIT_MALFORMED, {
        "ok": False,
        "error": {"deal": None, "action": None, "code": MALFORMED, "message": message},
    }


def _illegal_document(deal: int, action: int | None, error: RuleError) -> tuple[int, dict]:
    return EXIT_ILLEGAL, {
        "ok": False,
        "error": {"deal": deal, "action": action, "code": error.code, "message": error.message},
    }


class _Malformed(Exception):
    pass


def _require(obj: dict, key: str, where: str):
    if key not in obj:
        raise _Malformed(f"{where} has no {key!r}")
    return obj[key]


def _parse(document: dict):
    """Check the record's shape; return (format, first dealer, [(dealer, deck, actions)], end)."""
    if not isinstance(document, dict):
        raise _Malformed("a record is a JSON object")
    variant = _require(document, "variant", "the record")
    if variant != VARIANT:
        raise _Malformed(f"unknown variant {variant!r}: this engine plays {VARIANT!r}")
    match_format = _require(document, "format", "the record")
    if not isinstance(match_format, str) or match_format not in FORMATS:
        raise _Malformed(f"unknown format {match_format!r}: one of {', '.join(FORMATS)}")
    players = _require(document, "players", "the record")
    if (
        not isinstance(players, list)
        or len(players) != 2
        or not all(isinstance(player, str) for player in players)
    ):
        raise _Malformed("players must be a list of two names")
    first_dealer = _require(document, "first_dealer", "the record")
    if type(first_dealer) is not int or first_dealer not in (0, 1):
        raise _Malformed(f"first_dealer must be 0 or 1, not {first_dealer!r}")
    deals = _require(document, "deals", "the record")
    if not isinstance(deals, list):
        raise _Malformed("deals must be a list")
    parsed = []
    for deal_index, deal in enumerate(deals):
        where = f"deal {deal_index}"
        if not isinstance(deal, dict):
            raise _Malformed(f"{where} is not a JSON object")
        dealer = _require(deal, "dealer", where)
        expected_dealer = first_dealer if deal_index % 2 == 0 else 1 - first_dealer
        if dealer != expected_dealer or type(dealer) is not int:
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
    if end is not None:
        if (
            not isinstance(end, dict)
            or end.get("type") != "forfeit"
            or type(end.get("seat")) is not int
            or end.get("seat") not in (0, 1)
            or end.get("reason") not in FORFEIT_REASONS
        ):
            raise _Malformed(
                'end must be {"type": "forfeit", "seat": 0 or 1, "reason": "timeout" or "left"}'
            )
    return match_format, first_dealer, parsed, end


def _output(state: MatchState) -> dict:
    summaries = [summary.to_json() for summary in state.progress.summaries]
    if state.phase in DEAL_PHASES:
        summaries.append(cut_deal_summary(state.deal).to_json())
    return {
        "ok": True,
        "deals": summaries,
        "totals": list(state.totals),
        "finished": state.is_finished,
        "winner": state.winner,
        "end": state.end,
    }


def replay_record(text_or_obj) -> tuple[int, dict]:
    """Replay a record of any variant (JSON text, bytes or an already parsed object).

    The record's `variant` picks the game through the registry (`variants.py`); return (exit
    status, output document) as game-record.md, *Replaying*, describes.
    """
    # Imported here: the registry itself imports this module for the two-player game.
    from .variants import replay_record as replay_any_record

    return replay_any_record(text_or_obj)


def replay_two_player_document(document) -> tuple[int, dict]:
    """Replay an already decoded `manille-2p` record through the two-player rules."""
    try:
        match_format, first_dealer, deals, end = _parse(document)
    except _Malformed as error:
        return _malformed_document(str(error))
    state = new_match(format=match_format, first_dealer=first_dealer)
    for deal_index, (deck, actions) in enumerate(deals):
        if state.phase is Phase.MATCH_OVER:
            return _malformed_document(
                f"deal {deal_index}: the match was already won after deal {deal_index - 1}"
            )
        if state.phase is not Phase.DEALING:
            return _malformed_document(
                f"deal {deal_index}: deal {deal_index - 1} is unfinished but another deal follows"
            )
        state = deal_start(state, deck)
        for action_index, action in enumerate(actions):
            try:
                state = apply(state, action)
            except RuleError as error:
                return _illegal_document(deal_index, action_index, error)
    if end is not None:
        if state.phase is Phase.MATCH_OVER:
            return _malformed_document(
                "the match was already won by points: it cannot end by forfeit"
            )
        state = forfeit(state, seat=end["seat"], reason=end["reason"])
    return EXIT_LEGAL, _output(state)
