"""What one seat, or a spectator, may see of a partnership match.

Implements manille-4p.md: *Seats* (a view never holds another seat's hand, the partner's
included, nor the deck), *Trump* (the Flemish dealer's partner sees eight backs until trump is
named; with the blind option the dealer sees his own only once he looks) and *Deal and trump*
(French: everyone sees the turned-up card for the whole deal, marked as the dealer's until he
plays it); docs/engine.md, *Verifiable deals* (the commitments, never a salt nor the deck). Every
outgoing state passes through `player_view` or `public_view`.
"""

from ..match_view import cards_view, check_seat, last_trick_view, legal_actions_view, match_view
from .rules import hidden_hand_seats, legal_actions, seat_to_act
from .scoring import team_points
from .seats import SEAT_COUNT, SEATS, TEAMS, partner_of, team_of
from .state import MatchState, Phase


def _view(state: MatchState, seat: int | None) -> dict:
    ruleset = state.ruleset
    phase = state.phase
    deal = state.deal
    progress = state.progress
    is_deal_shown = deal is not None and phase is not Phase.DEALING
    if is_deal_shown:
        header = {
            "trump": deal.trump,
            "no_trump": deal.no_trump,
            "blind": deal.blind,
            "mee": deal.mee,
            "tegen": deal.tegen,
            "doubled_by_tie": deal.doubled_by_tie,
            "multiplier": deal.multiplier,
            "turned_up": (
                None
                if deal.turned_up is None
                else {
                    "card": deal.turned_up,
                    "seat": deal.dealer,
                    "is_held": deal.is_turned_up_held,
                }
            ),
        }
        hidden = hidden_hand_seats(state)
        is_hand_hidden = seat in hidden
        hand = list(deal.hands[seat]) if seat is not None and not is_hand_hidden else []
        hand_counts = [len(deal.hands[other]) for other in SEATS]
        trick = cards_view(deal.trick)
        plays = cards_view(deal.plays)
        tricks_won = list(deal.tricks_won)
        card_points = list(team_points(ruleset, deal))
    else:
        # The next deal's header: only the pending 30-30 doubling is known before it is dealt.
        header = {
            "trump": None,
            "no_trump": False,
            "blind": False,
            "mee": False,
            "tegen": False,
            "doubled_by_tie": progress.is_tie_pending,
            "multiplier": 2 if progress.is_tie_pending else 1,
            "turned_up": None,
        }
        is_hand_hidden = False
        hand = []
        hand_counts = [0, 0, 0, 0]
        trick = []
        plays = []
        tricks_won = [0, 0]
        card_points = [0, 0]
    match_format = state.match_format
    return {
        "variant": state.variant,
        "format": state.format,
        "options": ruleset.options_to_json(state.options),
        "direction": ruleset.direction,
        "target": match_format.target,
        "deal_count": match_format.deal_count,
        "teams": [list(team) for team in TEAMS],
        "seat": seat,
        "team": None if seat is None else team_of(seat),
        "partner": None if seat is None else partner_of(seat),
        "phase": str(phase),
        "deal_number": state.deal_number,
        "dealer": deal.dealer if is_deal_shown else state.dealer,
        "first_dealer": progress.first_dealer,
        "seat_to_act": seat_to_act(state),
        **header,
        "hand": hand,
        "is_hand_hidden": is_hand_hidden,
        "hand_counts": hand_counts,
        "trick": trick,
        "plays": plays,
        "last_trick": last_trick_view(deal),
        "tricks_won": tricks_won,
        "card_points": card_points,
        "legal_actions": legal_actions_view(state, seat, legal_actions),
        # The totals, the deals over, the end and the commitments: the same in every game.
        **match_view(state),
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand (unless he may not look yet), the cards played,
    the turned-up card, his legal actions. Never another seat's hand, his partner's included."""
    check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand at all, no legal action."""
    return _view(state, None)
