"""What every game's views show the same way: the last trick, the legal actions, the match.

Implements game-record.md, *Exporting* (no deck order, no salt leaves the server through a view)
and docs/engine.md, *Verifiable deals* (each deal's commitment is public from the moment it is
dealt), for
`views.py` and `partnership/views.py`, which add what their game shows of its own.
"""

from collections.abc import Callable

from .match import seat_words


def check_seat(seat: object, seat_count: int) -> None:
    """Raise ValueError unless `seat` is a seat of the game (a player's view needs one)."""
    if type(seat) is not int or not 0 <= seat < seat_count:
        raise ValueError(f"a player's seat is {seat_words(seat_count)}, not {seat!r}")


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
