"""What one seat, or a spectator, may see of a match of Manni.

Implements manille-variants.md, *Manni* / *What each seat sees*: his own hand; the cut card, all
deal (the dealer's until he plays or discards it, and nobody sees which: the views keep showing
it as the cut card, `cut`); how many cards each seat exchanged (`exchanged`, public: the others
see him draw) and how many are left in the Manni (`manni_count`); his own discards only
(`discards`); every card played; tricks per seat; the plus and minus points per seat. Never the
others' discards, the Manni's cards, another seat's hand or the deck; docs/engine.md,
*Verifiable deals*: the commitments, never a salt. The field names are the other views' wherever
they mean the same (the site has one table client).
"""

from .. import match_view
from .deck import SEAT_COUNT
from .rules import exchange_limit, legal_actions, seat_to_act
from .state import TEAMS, MatchState, Phase

SEATS = tuple(range(SEAT_COUNT))
DIRECTION = "clockwise"


def _view(state: MatchState, seat: int | None) -> dict:
    deal = state.deal
    is_shown = match_view.is_deal_shown(state)
    match_format = state.match_format
    view = {
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
    }
    if is_shown:
        is_exchanging = state.phase is Phase.EXCHANGE
        view |= {
            "cut": deal.cut,
            "contract": deal.contract,
            "trump": deal.trump,
            "exchanged": list(deal.exchanged),
            "exchange_limit": exchange_limit(deal, deal.to_act) if is_exchanging else None,
            "manni_count": len(deal.manni),
            "discards": list(deal.discards[seat]) if seat is not None else [],
            "hand": list(deal.hands[seat]) if seat is not None else [],
            "hand_counts": [len(deal.hands[other]) for other in SEATS],
            "trick": match_view.cards_view(deal.trick),
            "plays": match_view.cards_view(deal.plays),
            "tricks_won": list(deal.tricks_won),
        }
    else:
        view |= {
            "cut": None,
            "contract": None,
            "trump": None,
            "exchanged": [None] * SEAT_COUNT,
            "exchange_limit": None,
            "manni_count": 0,
            "discards": [],
            "hand": [],
            "hand_counts": [0] * SEAT_COUNT,
            "trick": [],
            "plays": [],
            "tricks_won": [0] * SEAT_COUNT,
        }
    return {
        **view,
        "is_hand_hidden": False,
        "last_trick": match_view.last_trick_view(deal),
        "plus": list(state.plus),
        "minus": list(state.minus),
        "legal_actions": match_view.legal_actions_view(state, seat, legal_actions),
        **match_view.match_view(state),
        "loser": state.loser,
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand and discards, the cut card and the contract, how
    many cards each seat exchanged, the cards played, tricks, plus and minus points, his legal
    actions (in the exchange, no exchange listed, with `exchange_limit`). Never another seat's
    hand or discards, nor the Manni's cards."""
    match_view.check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand, no discard, no legal action."""
    return _view(state, None)
