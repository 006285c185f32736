"""What one seat, or a spectator, may see of a partnership match.

Implements manille-4p.md: *Seats* (a view never holds another seat's hand, the partner's
included, nor the deck), *Trump* (the Flemish dealer's partner sees eight backs until trump is
named; with the blind option the dealer sees his own only once he looks) and *Deal and trump*
(French: everyone sees the turned-up card for the whole deal, marked as the dealer's until he
plays it); manille-variants.md, *French Manille parlée* / *Views and forfeits* (every question
and its answer, each team's conductor and every shown hand, to all four seats and spectators),
*French Manille à trois avec un mort* (the dummy's hand face up to everyone once dealt);
docs/engine.md, *Verifiable deals* (the commitments, never a salt nor the deck). Every outgoing
state passes through `player_view` or `public_view`.
"""

from .. import match_view
from ..cards import sort_cards
from .questions import shown_seats_of
from .rules import (
    acting_seat,
    dummy_seat,
    hidden_hand_seats,
    holder_of,
    legal_actions,
    seat_to_act,
)
from .seats import SEAT_COUNT, SEATS, TEAMS, partner_of, team_of
from .state import MatchState

# The deal's own header, with its values before a deal is dealt (`match_view.header_view`).
HEADER_BLANKS = {"trump": None, "no_trump": False, "blind": False, "mee": False, "tegen": False}


def _turned_up_view(deal) -> dict | None:
    # Everyone sees the French turned-up card, the dealer's until he plays it.
    if deal is None or deal.turned_up is None:
        return None
    return {"card": deal.turned_up, "seat": deal.dealer, "is_held": deal.is_turned_up_held}


def _questions_view(deal, *, is_shown: bool) -> dict:
    """Return what everyone sees of the questions (*parlée*): each with its answer, in order;
    by seat the hand on the table (strongest first by suit, S H D C) or None; each team's
    conductor or None."""
    if not is_shown:
        return {"questions": [], "shown_hands": [None] * SEAT_COUNT, "conductors": [None, None]}
    shown_hands: list = [None] * SEAT_COUNT
    for shown in shown_seats_of(deal.actions):
        shown_hands[shown] = sort_cards(deal.hands[shown])
    return {
        "questions": [question.to_json() for question in deal.questions],
        "shown_hands": shown_hands,
        "conductors": list(deal.conductors),
    }


def _dummy_view(state: MatchState, *, is_shown: bool) -> dict:
    """Return what everyone sees of the dummy (*avec un mort*): its seat, its holder's, and its
    hand face up from the end of the deal to the end of the deal (Decision 18), by seat in
    `shown_hands` as a hand shown in *parlée*."""
    dummy = dummy_seat(state)
    shown_hands: list = [None] * SEAT_COUNT
    if is_shown:
        shown_hands[dummy] = sort_cards(state.deal.hands[dummy])
    return {"dummy": dummy, "holder": holder_of(state), "shown_hands": shown_hands}


def _view(state: MatchState, seat: int | None) -> dict:
    ruleset = state.ruleset
    deal = state.deal
    is_shown = match_view.is_deal_shown(state)
    if is_shown:
        is_hand_hidden = seat in hidden_hand_seats(state)
        hand = list(deal.hands[seat]) if seat is not None and not is_hand_hidden else []
        hand_counts = [len(deal.hands[other]) for other in SEATS]
        trick = match_view.cards_view(deal.trick)
        plays = match_view.cards_view(deal.plays)
    else:
        is_hand_hidden = False
        hand = []
        hand_counts = [0] * SEAT_COUNT
        trick = []
        plays = []
    match_format = state.match_format
    # Only a game with questions shows them: the others' views keep the shape they had.
    questions = _questions_view(deal, is_shown=is_shown) if ruleset.has_questions else {}
    dummy = _dummy_view(state, is_shown=is_shown) if ruleset.has_dummy else {}
    return {
        "variant": state.variant,
        "format": state.format,
        "options": state.options_json,
        "direction": ruleset.direction,
        "target": match_format.target,
        "deal_count": match_format.deal_count,
        "teams": [list(team) for team in TEAMS],
        "seat": seat,
        "team": None if seat is None else team_of(seat),
        "partner": None if seat is None else partner_of(seat),
        **match_view.turn_view(state, is_shown=is_shown, seat_to_act=seat_to_act),
        **match_view.header_view(state, HEADER_BLANKS, is_shown=is_shown),
        "turned_up": _turned_up_view(deal) if is_shown else None,
        "hand": hand,
        "is_hand_hidden": is_hand_hidden,
        "hand_counts": hand_counts,
        "trick": trick,
        "plays": plays,
        "last_trick": match_view.last_trick_view(deal),
        **questions,
        **dummy,
        **match_view.points_view(state, is_shown=is_shown),
        # The dummy's holder is given the dummy's actions at its turn (they carry its seat).
        "legal_actions": match_view.legal_actions_view(
            state, None if seat is None else acting_seat(state, seat), legal_actions
        ),
        # The totals, the deals over, the end and the commitments: the same in every game.
        **match_view.match_view(state),
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand (unless he may not look yet), the cards played,
    the turned-up card, his legal actions; in *parlée* the questions, their answers and the
    hands shown; *avec un mort* the dummy's hand, and to its holder the dummy's legal actions
    at its turn. Never another seat's hand otherwise, his partner's included."""
    match_view.check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand but those shown (*parlée*, the dummy), no legal
    action."""
    return _view(state, None)
