"""What every game's views show the same way: whose turn it is, the deal's header, the last
trick, the legal actions, the match.

Implements game-record.md, *Exporting* (no deck order, no salt leaves the server through a view)
and docs/engine.md, *Verifiable deals* (each deal's commitment is public from the moment it is
dealt), for `views.py` and `partnership/views.py`, which add what their game shows of its own.
"""

from collections.abc import Callable, Mapping

from .match import PHASE_DEALING, seat_words
from .match_scoring import side_points


def check_seat(seat: object, seat_count: int) -> None:
    """Raise ValueError unless `seat` is a seat of the game (a player's view needs one)."""
    if type(seat) is not int or not 0 <= seat < seat_count:
        raise ValueError(f"a player's seat is {seat_words(seat_count)}, not {seat!r}")


def is_deal_shown(state) -> bool:
    """Tell whether a view shows the deal of `state`: dealt, and the match not waiting for the
    next deck (a finished match keeps showing its last deal)."""
    return state.deal is not None and state.phase != PHASE_DEALING


def turn_view(state, *, is_shown: bool, seat_to_act: Callable) -> dict:
    """Return the phase, the deal's number and dealer, the first dealer and the seat to act."""
    return {
        "phase": str(state.phase),
        "deal_number": state.deal_number,
        "dealer": state.deal.dealer if is_shown else state.dealer,
        "first_dealer": state.progress.first_dealer,
        "seat_to_act": seat_to_act(state),
    }


def header_view(state, blanks: Mapping[str, object], *, is_shown: bool) -> dict:
    """Return the deal's header: the game's fields of it (`blanks`: each with its value before
    a deal), the 30-30 doubling it carries and its multiplier so far.

    Before a deal is dealt only the pending 30-30 doubling of the next one is known."""
    if is_shown:
        deal = state.deal
        return {
            **{name: getattr(deal, name) for name in blanks},
            "doubled_by_tie": deal.doubled_by_tie,
            "multiplier": deal.multiplier,
        }
    is_tie_pending = state.progress.is_tie_pending
    return {
        **blanks,
        "doubled_by_tie": is_tie_pending,
        "multiplier": 2 if is_tie_pending else 1,
    }


def points_view(state, *, is_shown: bool) -> dict:
    """Return the tricks and the points (card points, and the tricks' points where the game
    counts them) each side has taken in the deal."""
    if not is_shown:
        sides = len(state.progress.totals)
        return {"tricks_won": [0] * sides, "card_points": [0] * sides}
    deal = state.deal
    return {
        "tricks_won": list(deal.tricks_won),
        "card_points": list(side_points(state.scoring, deal.tricks_won, deal.card_points)),
    }


def cards_view(pairs) -> list[dict]:
    """Return (seat, card) pairs as `[{"seat", "card"}]`."""
    return [{"seat": seat, "card": card} for seat, card in pairs]


def last_trick_view(deal) -> dict | None:
    """Return the last trick taken, `{"cards", "winner"}`, or None before the first one."""
    if deal is None or not deal.last_trick:
        return None
    return {"cards": cards_view(deal.last_trick), "winner": deal.last_winner}


def legal_actions_view(state, seat: int | None, legal_actions: Callable) -> list[dict]:
    """Return the actions `seat` may take now in the record's form (none for a spectator)."""
    if seat is None or not state.is_deal_in_play:
        return []
    return [action.to_json() for action in legal_actions(state, seat)]


def commitments_view(state) -> list[str | None]:
    """Return the commitment of every deal dealt so far, in order, the one in play included
    (None for a deal dealt without one). Never the salt: it is published with the record."""
    return [record.commitment for record in state.deal_records]


def match_view(state) -> dict:
    """Return what the match shows between and across deals: totals, the deals over, the end."""
    progress = state.progress
    return {
        "totals": list(progress.totals),
        "deals": [summary.to_json() for summary in progress.summaries],
        "finished": state.is_finished,
        "winner": progress.winner,
        "end": state.end,
        "commitments": commitments_view(state),
    }
