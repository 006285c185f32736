"""What one seat, or a spectator, may see of a match.

Implements manille-2p.md, section *Shuffle, cut and deal* (who sees which card) and
game-record.md, section *Exporting* (no deck order, no opponent's cards while a game is in
progress), and docs/engine.md, *Verifiable deals* (the commitments, never a salt). Every outgoing
state passes through `player_view` or `public_view`.
"""

from . import match_view
from .rules import SEAT_COUNT, legal_actions, seat_to_act
from .state import BUQUE_NONE, MatchState

# The deal's own header, with its values before a deal is dealt (`match_view.header_view`);
# `roll_forced` is public for the whole deal, so that both tables can say why it is rolled.
HEADER_BLANKS = {"trump": None, "rolled": False, "roll_forced": False, "buque": BUQUE_NONE}


def _stack_view(stack: tuple[str, ...]) -> dict:
    if not stack:
        return {"up": None, "down": 0}
    return {"up": stack[0], "down": 1 if len(stack) > 1 else 0}


def _view(state: MatchState, seat: int | None) -> dict:
    deal = state.deal
    is_shown = match_view.is_deal_shown(state)
    if is_shown:
        hand = list(deal.hands[seat]) if seat is not None else []
        hand_counts = [len(deal.hands[0]), len(deal.hands[1])]
        stacks = [[_stack_view(stack) for stack in deal.stacks[owner]] for owner in (0, 1)]
        trick = match_view.cards_view(deal.trick)
        # Everything said and played in this deal so far, in order: all of it was seen by both.
        deal_actions = [action.to_json() for action in deal.actions]
    else:
        hand = []
        hand_counts = [0, 0]
        stacks = [[_stack_view(()) for _ in range(4)] for _owner in (0, 1)]
        trick = []
        deal_actions = []
    return {
        "format": state.format,
        "seat": seat,
        **match_view.turn_view(state, is_shown=is_shown, seat_to_act=seat_to_act),
        **match_view.header_view(state, HEADER_BLANKS, is_shown=is_shown),
        "hand": hand,
        "hand_counts": hand_counts,
        "stacks": stacks,
        "trick": trick,
        "last_trick": match_view.last_trick_view(deal),
        "deal_actions": deal_actions,
        **match_view.points_view(state, is_shown=is_shown),
        "legal_actions": match_view.legal_actions_view(state, seat, legal_actions),
        # The totals, the deals over, the end and the commitments: the same in every game.
        **match_view.match_view(state),
    }


def player_view(state: MatchState, seat: int) -> dict:
    """Return what `seat` sees: his own hand, both tables' face-up cards, his legal actions."""
    match_view.check_seat(seat, SEAT_COUNT)
    return _view(state, seat)


def public_view(state: MatchState) -> dict:
    """Return what a spectator sees: no hand at all, no legal action."""
    return _view(state, None)
