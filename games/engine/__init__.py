"""The Manille rules engine: pure Python, no Django.

The names below are the two-player engine: `manille-2p.md` (the rules) and `game-record.md`
(the record and its replay). The four-player games of `manille-4p.md` are in the `partnership`
package; `variants` is the registry of every game by name. Each module's docstring names the
section it implements. The public names below are the contract the rest of the site codes
against.
"""

from .cards import (
    CARDS,
    POINTS,
    RANKS,
    STRENGTH,
    SUITS,
    card_label,
    draw_first_dealer,
    shuffled_deck,
)
from .commitments import commitment_is_valid, deck_commitment, salt_from
from .errors import ERROR_CODES, RuleError
from .formats import FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS, FORMATS, MatchFormat
from .record import record_from_state, replay_record, verify_record
from .rules import (
    apply,
    available_cards,
    deal_start,
    forfeit,
    is_roll_forced,
    legal_actions,
    legal_cards,
    new_match,
    seat_to_act,
)
from .serialization import state_from_json, state_to_json
from .state import Action, DealState, DealSummary, MatchState, Phase
from .variants import VARIANTS, Variant, variant_get
from .views import player_view, public_view

__all__ = [
    "CARDS",
    "ERROR_CODES",
    "FORMATS",
    "FORMAT_FIRST_TO_71",
    "FORMAT_SIX_DEALS",
    "POINTS",
    "RANKS",
    "STRENGTH",
    "SUITS",
    "VARIANTS",
    "Action",
    "DealState",
    "DealSummary",
    "MatchFormat",
    "MatchState",
    "Phase",
    "RuleError",
    "Variant",
    "apply",
    "available_cards",
    "card_label",
    "commitment_is_valid",
    "deal_start",
    "deck_commitment",
    "draw_first_dealer",
    "forfeit",
    "is_roll_forced",
    "legal_actions",
    "legal_cards",
    "new_match",
    "player_view",
    "public_view",
    "record_from_state",
    "replay_record",
    "salt_from",
    "seat_to_act",
    "shuffled_deck",
    "state_from_json",
    "state_to_json",
    "variant_get",
    "verify_record",
]
