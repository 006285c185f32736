"""*Manille à trois*: three seats each for himself, ten cards each, a turned-up trump, each
seat scoring his points above 17, to 34 or 44.

Implements manille-variants.md, *French Manille à trois*, with *Common to the French variants*
(the three-player deck and 4-4-2 deal, the follower rule for any set of sides) and *Records of
all these variants*. What it shares with the other games (cards, the trick winner, the follower
rule, the match, its scoring, JSON, views and records) comes from the shared modules of
`games.engine`; `games.engine.variants` is the registry that finds it by its variant name.
Pure Python, no Django.
"""

from .deck import SEVENS_PAIRS, deal_deck, deal_hands, hand_indices, validate_deck
from .record import RECORD_RULES, record_from_state, replay_document, verify_document
from .rules import (
    apply,
    deal_start,
    follower_obligation,
    forfeit,
    forfeit_winner,
    hidden_hand_seats,
    legal_actions,
    legal_cards,
    new_match,
    seat_to_act,
    server_action,
)
from .serialization import state_from_json, state_to_json
from .state import (
    DEFAULT_FORMAT,
    FORMATS,
    OPTION_DEFAULTS,
    SCORING,
    TEAMS,
    VARIANT,
    Action,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
    TableOptions,
)
from .views import player_view, public_view

__all__ = [
    "DEFAULT_FORMAT",
    "FORMATS",
    "OPTION_DEFAULTS",
    "RECORD_RULES",
    "SCORING",
    "SEVENS_PAIRS",
    "TEAMS",
    "VARIANT",
    "Action",
    "DealState",
    "DealSummary",
    "MatchProgress",
    "MatchState",
    "Phase",
    "TableOptions",
    "apply",
    "deal_deck",
    "deal_hands",
    "deal_start",
    "follower_obligation",
    "forfeit",
    "forfeit_winner",
    "hand_indices",
    "hidden_hand_seats",
    "legal_actions",
    "legal_cards",
    "new_match",
    "player_view",
    "public_view",
    "record_from_state",
    "replay_document",
    "seat_to_act",
    "server_action",
    "state_from_json",
    "state_to_json",
    "validate_deck",
    "verify_document",
]
