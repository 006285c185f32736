"""What one seat, or a spectator, may see of a match.

Implements manille-2p.md, section *Shuffle, cut and deal* (who sees which card) and
game-record.md, section *Exporting* (no deck order, no opponent's cards while a game is in
progress), and docs/engine.md, *Verifiable deals* (the commitments, never a salt). Every outgoing
state passes through `player_view` or `public_view`.
"""

from .match_view import cards_view, check_seat, last_trick_view, legal_actions_view, match_view
from .rules import SEAT_COUNT, legal_actions, seat_to_act
from .state import BUQUE_NONE, MatchState, Phase


def _stack_view(stack: tuple[str, ...]) -> dict:
    if not stack:
        return {"up": None, "down": 0}
    return {"up": stack[0], "down": 1 if len(stack) > 1 else 0}


def _view(state: MatchState, seat: int | None) -> dict:
    phase = state.phase
    deal = state.deal
    progress = state.progress
    is_between_deals = phase is Phase.DEALING
    if deal is None or is_between_deals:
        # The next deal's header: only the pending 30-30 doubling is known before it is dealt.
        header = {
            "trump": None,
            "rolled": False,
            "roll_forced": False,
            "buque": BUQUE_NONE,
            "doubled_by_tie": progress.is_tie_pending,
            "multiplier": 2 if progress.is_tie_pending else 1,
        }
    else:
        header = {
            "trump": deal.trump,
            "rolled": deal.rolled,
            # Public for the whole deal, so that both tables can say why it is rolled.
            "roll_forced": deal.roll_forced,
            "buque": deal.buque,
            "doubled_by_tie": deal.doubled_by_tie,
            "multiplier": deal.multiplier,
        }
    is_deal_shown = deal is not None and not is_between_deals
    if is_deal_shown:
        hand = list(deal.hands[seat]) if seat is not None else []
        hand_counts = [len(deal.hands[0]), len(deal.hands[1])]
        stacks = [[_stack_view(stack) for stack in deal.stacks[owner]] for owner in (0, 1)]
        trick = cards_view(deal.trick)
        # Everything said and played in this deal so far, in order: all of it was seen by both.
        deal_actions = [action.to_json() for action in deal.actions]
        tricks_won = list(deal.tricks_won)
        card_points = list(deal.card_points)
    else:
        hand = []
        hand_counts = [0, 0]
        stacks = [[_stack_view(()) for _ in range(4)] for _owner in (0, 1)]
        trick = []
        deal_actions = []
        tricks_won = [0, 0]
        card_points = [0, 0]
    return {
        "format": state.format,
        "seat": seat,
        "phase": str(phase),
        "deal_number": state.deal_number,
        "dealer": deal.dealer if is_deal_shown else state.dealer,
        "first_dealer": progress.first_dealer,
        "seat_to_act": seat_to_act(state),
        **header,
        "hand": hand,
        "hand_counts": hand_counts,
        "stacks": stacks,
        "trick": trick,
        "last_trick": last_trick_view(deal),
        "deal_actions": deal_actions,
        "tricks_won": tricks_won,
        "card_points": card_points,
        "legal_actions": legal_actions_view(state, seat, legal_actions),
        # The totals, the deals over, the end and the commitments: the same in every game.
        **match_view(state),
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand, both tables' face-up cards, his legal actions."""
    check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand at all, no legal action."""
    return _view(state, None)
