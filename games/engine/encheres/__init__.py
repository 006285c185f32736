"""*Manille aux enchères*: each seat for himself, an auction for the points one will make, the
highest bidder naming trump and playing alone against the others, until only one seat has not
reached 100, 120 or 150: at four (`manille-encheres`) and at three (`manille-encheres-3`).

Implements manille-variants.md, *French Manille aux enchères*, with *Common to the French
variants* (cards, points with 1 per trick, the follower rule for any set of sides, the
three-player deck and 4-4-2 deal) and *Records of all these variants*. The two variants are one
game with two `Ruleset`s (seats, deck, the bounds of a bid); what it shares with the other games
comes from the shared modules of `games.engine`; `games.engine.variants` is the registry that
finds it by its variant name. Pure Python, no Django.
"""

from .deck import deal_deck, deal_hands, hand_indices
from .record import RECORD_RULES, record_from_state, replay_document, verify_document
from .rules import (
    apply,
    deal_start,
    follower_obligation,
    forfeit,
    hidden_hand_seats,
    is_partner,
    legal_actions,
    legal_cards,
    lowest_bid,
    new_match,
    seat_to_act,
    server_action,
)
from .serialization import state_from_json, state_to_json
from .state import (
    ACTION_CLASSES,
    DEFAULT_FORMAT,
    FORMAT_TO_100,
    FORMAT_TO_120,
    FORMAT_TO_150,
    FORMATS,
    FOUR,
    RULESETS,
    THREE,
    VARIANT_FOUR,
    VARIANT_THREE,
    Action,
    ActionThree,
    DealState,
    DealSummary,
    MatchProgress,
    MatchState,
    Phase,
    Ruleset,
    deal_score,
)
from .views import player_view, public_view

__all__ = [
    "ACTION_CLASSES",
    "DEFAULT_FORMAT",
    "FORMATS",
    "FORMAT_TO_100",
    "FORMAT_TO_120",
    "FORMAT_TO_150",
    "FOUR",
    "RECORD_RULES",
    "RULESETS",
    "THREE",
    "VARIANT_FOUR",
    "VARIANT_THREE",
    "Action",
    "ActionThree",
    "DealState",
    "DealSummary",
    "MatchProgress",
    "MatchState",
    "Phase",
    "Ruleset",
    "apply",
    "deal_deck",
    "deal_hands",
    "deal_score",
    "deal_start",
    "follower_obligation",
    "forfeit",
    "hand_indices",
    "hidden_hand_seats",
    "is_partner",
    "legal_actions",
    "legal_cards",
    "lowest_bid",
    "new_match",
    "player_view",
    "public_view",
    "record_from_state",
    "replay_document",
    "seat_to_act",
    "server_action",
    "state_from_json",
    "state_to_json",
    "verify_document",
]
