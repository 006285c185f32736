"""What one seat, or a spectator, may see of a match of *Manille aux enchères*.

Implements manille-variants.md, *French Manille aux enchères* / *What each seat sees*: his own
hand; every bid and pass of the deal (`bids`), the highest bid and its seat (`bid`, `bidder`),
the bounds of a bid (`bid_minimum`, `bid_maximum`, and `bid_lowest`, the lowest allowed now) so
that a client draws a compact picker; the trump; every card played; the tricks and points of
every seat; the totals and who has reached the target (`reached`); at three, which pair of
sevens is out. Never another seat's hand or the deck; docs/engine.md, *Verifiable deals*: the
commitments, never a salt. The field names are the other games' wherever they mean the same
(the site has one table client).
"""

from .. import match_view
from .rules import legal_actions, lowest_bid, seat_to_act
from .state import MatchState, Phase

DIRECTION = "counter-clockwise"


def _defenders(state: MatchState) -> list[int] | None:
    bidder = state.deal.bidder
    if bidder is None or state.phase is Phase.BID:
        return None
    return [seat for seat in state.ruleset.seats if seat != bidder]


def _partners(defenders: list[int] | None, seat: int | None) -> list[int]:
    """The seats on `seat`'s side this deal besides himself: his fellow defenders."""
    if defenders is None or seat is None or seat not in defenders:
        return []
    return [other for other in defenders if other != seat]


def _view(state: MatchState, seat: int | None) -> dict:
    ruleset = state.ruleset
    deal = state.deal
    is_shown = match_view.is_deal_shown(state)
    if is_shown:
        hand = list(deal.hands[seat]) if seat is not None else []
        hand_counts = [len(deal.hands[other]) for other in ruleset.seats]
        trick = match_view.cards_view(deal.trick)
        plays = match_view.cards_view(deal.plays)
        bids = [{"seat": bidder, "points": points} for bidder, points in deal.bids]
        defenders = _defenders(state)
        header = {"bidder": deal.bidder, "bid": deal.bid, "trump": deal.trump}
    else:
        hand = []
        hand_counts = [0] * ruleset.seat_count
        trick = []
        plays = []
        bids = []
        defenders = None
        header = {"bidder": None, "bid": None, "trump": None}
    match_format = state.match_format
    removed = state.removed
    return {
        "variant": state.variant,
        "format": state.format,
        "options": state.options_json,
        "direction": DIRECTION,
        "target": match_format.target,
        "deal_count": match_format.deal_count,
        "teams": [list(team) for team in ruleset.teams],
        "seat": seat,
        "team": seat,
        "partner": None,
        **match_view.turn_view(state, is_shown=is_shown, seat_to_act=seat_to_act),
        **header,
        "bids": bids,
        "bid_minimum": ruleset.bid_minimum,
        "bid_maximum": ruleset.bid_maximum,
        # The lowest bid allowed now, while the auction runs (None otherwise).
        "bid_lowest": lowest_bid(state) if state.phase is Phase.BID else None,
        "defenders": defenders,
        "partners": _partners(defenders, seat),
        "removed": None if removed is None else list(removed),
        "hand": hand,
        "is_hand_hidden": False,
        "hand_counts": hand_counts,
        "trick": trick,
        "plays": plays,
        "last_trick": match_view.last_trick_view(deal),
        **match_view.points_view(state, is_shown=is_shown),
        "legal_actions": match_view.legal_actions_view(state, seat, legal_actions),
        **match_view.match_view(state),
        "reached": list(state.reached),
        "loser": state.loser,
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand, the auction, trump, the cards played, the points,
    who has reached the target, his legal actions. Never another seat's hand."""
    match_view.check_seat(seat, state.seat_count)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand, no legal action."""
    return _view(state, None)
