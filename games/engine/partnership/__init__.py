"""The four-player partnership Manille engines: Flemish (to 101), French *muette* (to 34),
*parlée* (*muette* with the partners' questions) and *à trois avec un mort* (*muette* with three
people, one of them playing an exposed dummy too).

Implements `manille-4p.md` and manille-variants.md, *French Manille parlée*, through one set of
rules parameterised by a `Ruleset` per game (`FLEMISH`, `FRENCH`, `PARLEE`); what the games
share with the two-player engine (cards, points, the trick winner, the follower rule) comes from
`games.engine.cards` and `games.engine.tricks`; *parlée*'s questions are `questions.py`.
Pure Python, no Django. The names below are the contract the site and the computer players code
against; `games.engine.variants` is the registry that finds them by variant name.
"""

from .dealing import deal_hands, hand_indices
from .questions import QUESTION_TYPES, Question
from .record import (
    EXIT_ILLEGAL,
    EXIT_LEGAL,
    EXIT_MALFORMED,
    EXIT_UNVERIFIED,
    record_from_state,
    replay_document,
    verify_document,
)
from .rules import (
    FORFEIT_REASONS,
    acting_seat,
    apply,
    deal_start,
    dummy_seat,
    follower_obligation,
    forfeit,
    hidden_hand_seats,
    holder_of,
    legal_actions,
    legal_cards,
    legal_plays,
    legal_questions,
    match_winner,
    new_match,
    seat_to_act,
)
from .rulesets import (
    FLEMISH,
    FORMAT_BOOM_61,
    FORMAT_BOOM_101,
    FORMAT_BOOMPJE_12,
    FORMAT_FIRST_TO_34,
    FORMAT_FIRST_TO_44,
    FRENCH,
    MORT,
    PARLEE,
    RULESETS,
    VARIANT_FLEMISH,
    VARIANT_FRENCH,
    VARIANT_MORT,
    VARIANT_PARLEE,
    MatchFormat,
    Ruleset,
    TableOptions,
)
from .scoring import team_points
from .seats import (
    SEATS,
    TEAMS,
    are_partners,
    draw_first_dealer,
    next_seat,
    opponents_of,
    partner_of,
    team_of,
    team_seats,
)
from .serialization import state_from_json, state_to_json
from .state import Action, DealState, DealSummary, MatchState, Phase, QuestionsDealSummary
from .views import player_view, public_view

__all__ = [
    "EXIT_ILLEGAL",
    "EXIT_LEGAL",
    "EXIT_MALFORMED",
    "EXIT_UNVERIFIED",
    "FLEMISH",
    "FORFEIT_REASONS",
    "FORMAT_BOOM_101",
    "FORMAT_BOOM_61",
    "FORMAT_BOOMPJE_12",
    "FORMAT_FIRST_TO_34",
    "FORMAT_FIRST_TO_44",
    "FRENCH",
    "MORT",
    "PARLEE",
    "QUESTION_TYPES",
    "RULESETS",
    "SEATS",
    "TEAMS",
    "VARIANT_FLEMISH",
    "VARIANT_FRENCH",
    "VARIANT_MORT",
    "VARIANT_PARLEE",
    "Action",
    "DealState",
    "DealSummary",
    "MatchFormat",
    "MatchState",
    "Phase",
    "Question",
    "QuestionsDealSummary",
    "Ruleset",
    "TableOptions",
    "acting_seat",
    "apply",
    "are_partners",
    "deal_hands",
    "deal_start",
    "draw_first_dealer",
    "dummy_seat",
    "follower_obligation",
    "forfeit",
    "hand_indices",
    "hidden_hand_seats",
    "holder_of",
    "legal_actions",
    "legal_cards",
    "legal_plays",
    "legal_questions",
    "match_winner",
    "new_match",
    "next_seat",
    "opponents_of",
    "partner_of",
    "player_view",
    "public_view",
    "record_from_state",
    "replay_document",
    "seat_to_act",
    "state_from_json",
    "state_to_json",
    "team_of",
    "team_points",
    "team_seats",
    "verify_document",
]
