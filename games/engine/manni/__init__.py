"""Manni (*Hornafjarðar Manni*): three seats each for himself, 52 cards, twelve each and a
16-card Manni pile to exchange with, a contract named by the cut card, plus and minus points,
first to 10 plus points.

Implements manille-variants.md, *Manni* and *Records of all these variants*, Decisions 15, 16
and 23 to 27. What it shares with the other games (the match's shape, its JSON form, the
commitments, the views' common part and records) comes from the shared modules of
`games.engine`; its cards (52, the ace high, low in nullo) are its own (`cards.py`), so that the
32-card Manille deck the other games see is unchanged. `games.engine.variants` is the registry
that finds it by its variant name. Pure Python, no Django.
"""

from .cards import CARDS, CONTRACTS, draw_first_dealer, shuffled_deck, sort_hand, strengths
from .deck import (
    CUT_INDEX,
    HAND_SIZE,
    MANNI_DRAW_ORDER,
    MANNI_INDICES,
    MANNI_SIZE,
    SEAT_COUNT,
    contract_of,
    deal_deck,
    hand_indices,
    validate_deck,
)
from .record import RECORD_RULES, record_from_state, replay_document, verify_document
from .rules import (
    EXCHANGE_LIMITS,
    apply,
    deal_points,
    deal_start,
    exchange_limit,
    forfeit,
    forfeit_winner,
    hidden_hand_seats,
    legal_actions,
    legal_cards,
    match_winner,
    new_match,
    seat_to_act,
    server_action,
    trick_winner,
)
from .serialization import state_from_json, state_to_json
from .state import (
    DEFAULT_FORMAT,
    FORMATS,
    OPTION_DEFAULTS,
    TEAMS,
    VARIANT,
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
)
from .views import player_view, public_view

__all__ = [
    "CARDS",
    "CONTRACTS",
    "CUT_INDEX",
    "DEFAULT_FORMAT",
    "EXCHANGE_LIMITS",
    "FORMATS",
    "HAND_SIZE",
    "MANNI_DRAW_ORDER",
    "MANNI_INDICES",
    "MANNI_SIZE",
    "OPTION_DEFAULTS",
    "RECORD_RULES",
    "SEAT_COUNT",
    "TEAMS",
    "VARIANT",
    "Action",
    "DealState",
    "DealSummary",
    "MatchProgress",
    "MatchState",
    "Phase",
    "apply",
    "contract_of",
    "deal_deck",
    "deal_points",
    "deal_start",
    "draw_first_dealer",
    "exchange_limit",
    "forfeit",
    "forfeit_winner",
    "hand_indices",
    "hidden_hand_seats",
    "legal_actions",
    "legal_cards",
    "match_winner",
    "new_match",
    "player_view",
    "public_view",
    "record_from_state",
    "replay_document",
    "seat_to_act",
    "server_action",
    "shuffled_deck",
    "sort_hand",
    "state_from_json",
    "state_to_json",
    "strengths",
    "trick_winner",
    "validate_deck",
    "verify_document",
]
