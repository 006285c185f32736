"""What one seat, or a spectator, may see of a match of *Manille à trois*.

Implements manille-variants.md, *French Manille à trois* / *Views*: his own hand; the turned-up
card, marked as the dealer's until he plays it (Decision 12); which pair of sevens is out, or
that there is a talon (two backs: `talon_count`); every card played; the points so far per
seat; the talon once the deal is over (Decision 13: `talon` here when the view shows a deal
over, and in each deal's summary in `deals`). Never another seat's hand, the talon during the
deal, or the deck; docs/engine.md, *Verifiable deals*: the commitments, never a salt. The field
names are the partnership views' wherever they mean the same (the site has one table client).
"""

from .. import match_view
from .deck import SEAT_COUNT
from .rules import legal_actions, seat_to_act
from .state import TEAMS, MatchState

SEATS = tuple(range(SEAT_COUNT))
DIRECTION = "counter-clockwise"
# The deal's own header, with its value before a deal is dealt (`match_view.header_view`).
HEADER_BLANKS = {"trump": None}
TALON_SIZE = 2


def _turned_up_view(deal) -> dict:
    return {"card": deal.turned_up, "seat": deal.dealer, "is_held": deal.is_turned_up_held}


def _view(state: MatchState, seat: int | None) -> dict:
    deal = state.deal
    is_shown = match_view.is_deal_shown(state)
    if is_shown:
        hand = list(deal.hands[seat]) if seat is not None else []
        hand_counts = [len(deal.hands[other]) for other in SEATS]
        trick = match_view.cards_view(deal.trick)
        plays = match_view.cards_view(deal.plays)
        # The talon is face down until the deal is over (its ten tricks, or a forfeit).
        is_talon_shown = not state.is_deal_in_play and deal.talon is not None
    else:
        hand = []
        hand_counts = [0] * SEAT_COUNT
        trick = []
        plays = []
        is_talon_shown = False
    match_format = state.match_format
    removed = state.removed
    return {
        "variant": state.variant,
        "format": state.format,
        "options": state.options_json,
        "direction": DIRECTION,
        "target": match_format.target,
        "deal_count": match_format.deal_count,
        "teams": [list(team) for team in TEAMS],
        "seat": seat,
        "team": seat,
        "partner": None,
        **match_view.turn_view(state, is_shown=is_shown, seat_to_act=seat_to_act),
        **match_view.header_view(state, HEADER_BLANKS, is_shown=is_shown),
        "turned_up": _turned_up_view(deal) if is_shown else None,
        "removed": None if removed is None else list(removed),
        "talon_count": 0 if state.options.sevens_removed else TALON_SIZE,
        "talon": list(deal.talon) if is_talon_shown else None,
        "hand": hand,
        "is_hand_hidden": False,
        "hand_counts": hand_counts,
        "trick": trick,
        "plays": plays,
        "last_trick": match_view.last_trick_view(deal),
        **match_view.points_view(state, is_shown=is_shown),
        "legal_actions": match_view.legal_actions_view(state, seat, legal_actions),
        **match_view.match_view(state),
        "loser": state.loser,
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand, the turned-up card, the pair out or the talon's
    backs, the cards played, the points, his legal actions. Never another seat's hand."""
    match_view.check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand, no legal action."""
    return _view(state, None)
