"""The rules of a match: announcements, play, the end of a deal and of the match, forfeits.

Implements manille-2p.md, sections *Announcements*, *Play*, *Scoring a deal* (through
`scoring.py`) and *The match*; ladder.md for forfeits. Every function is pure: a state in, a new
state out, or a RuleError carrying one of game-record.md's codes.
"""

from collections.abc import Sequence

from . import match, match_rules
from .cards import POINTS, SUITS
from .core import CARD_BIT, CARD_INDEX, NO_TRUMP, SUIT_INDEX, follower_wins, legal_mask
from .dealing import deal_cards, validate_deck
from .errors import (
    MALFORMED,
    OPTIONS_NOT_ALLOWED,
    ROLL_REQUIRED,
    SURBUQUE_NOT_ALLOWED,
    RuleError,
)
from .formats import FORMATS
from .match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this module's contract
from .scoring import TRICKS_PER_DEAL
from .state import (
    BUQUE_BUQUE,
    BUQUE_NONE,
    BUQUE_SURBUQUE,
    SEAT_COUNT,
    VARIANT,
    Action,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
)
from .tricks import obligation, refusal, unavailable

TRUMP_INDEX = {None: NO_TRUMP, **SUIT_INDEX}

# Enum members compared by identity on the hot path; set membership would hash them in Python.
_PLAY = Phase.PLAY

# The legal actions are handed out from these tables (`match.play_actions`).
PLAY_ACTIONS = match.play_actions(Action, SEAT_COUNT)
ROLL_ACTIONS = tuple(Action(seat=seat, type="roll") for seat in range(SEAT_COUNT))
TRUMP_CHOICES = match.seat_choices(
    Action, SEAT_COUNT, [*({"type": "trump", "suit": suit} for suit in SUITS), {"type": "roll"}]
)
BUQUE_CHOICES = match.seat_choices(Action, SEAT_COUNT, [{"type": "buque"}, {"type": "pass"}])
SURBUQUE_CHOICES = match.seat_choices(Action, SEAT_COUNT, [{"type": "surbuque"}, {"type": "pass"}])

PHASE_TYPES = {
    Phase.TRUMP: ("trump", "roll"),
    Phase.BUQUE: ("buque", "pass"),
    Phase.SURBUQUE: ("surbuque", "pass"),
    Phase.PLAY: ("play",),
}

# What each announcement phase awaits, for the messages (`match_rules.Phases`).
PHASE_WORDS = {
    Phase.TRUMP: "the dealer (seat {dealer}) must name trump or roll",
    Phase.BUQUE: "seat {to_act} may buque or pass",
    Phase.SURBUQUE: "the dealer (seat {dealer}) may sur-buque or pass",
}

ACTION_WORDS = {
    "trump": "naming trump",
    "roll": "rolling",
    "buque": "buquing",
    "surbuque": "sur-buquing",
    "pass": "passing",
    "play": "playing a card",
}

PHASES = match_rules.Phases(types=PHASE_TYPES, words=PHASE_WORDS, action_words=ACTION_WORDS)


# --- the match --------------------------------------------------------------------------------


def new_match(*, format: str, first_dealer: int, options: dict | None = None) -> MatchState:
    """Start a match in the DEALING phase, waiting for the first deck.

    The game has no table option: any (`options` not empty) raises `options_not_allowed`."""
    if options:
        raise RuleError(
            OPTIONS_NOT_ALLOWED,
            f"{VARIANT} has no option {', '.join(map(repr, sorted(options)))}",
        )
    if format not in FORMATS:
        raise RuleError(MALFORMED, f"unknown match format {format!r}: one of {', '.join(FORMATS)}")
    match_rules.check_first_dealer(first_dealer, SEAT_COUNT)
    progress = MatchProgress.start(
        first_dealer=first_dealer, side_count=SEAT_COUNT, has_rolled=(False, False)
    )
    return MatchState(
        format=format, phase=Phase.DEALING, dealer=first_dealer, progress=progress, deal=None
    )


def _is_roll_forced_for(state: MatchState, dealer: int, deal_number: int) -> bool:
    match_format = FORMATS[state.format]
    if not match_format.is_roll_required or deal_number > match_format.regular_deal_count:
        return False
    # The dealer alternates, so deal n is its dealer's ((n + 1) // 2)-th deal.
    is_last_regular_deal = (deal_number + 1) // 2 == match_format.deals_per_dealer
    return is_last_regular_deal and not state.progress.has_rolled[dealer]


def deal_start(state: MatchState, deck: Sequence[str], *, salt: str | None = None) -> MatchState:
    """Deal `deck` (index 0 = top after the cut) and ask the dealer for trump: DEALING -> TRUMP.

    With `salt` (64 lowercase hex digits) the deal keeps it and its commitment to the deck
    (docs/engine.md, *Verifiable deals*); without, both are None."""
    common = match_rules.new_deal(state, deck, salt, validate_deck=validate_deck, phases=PHASES)
    dealer = state.dealer
    hands, stacks = deal_cards(common["deck"], dealer)
    deal = DealState(
        **common,
        trump=None,
        rolled=False,
        buque=BUQUE_NONE,
        roll_forced=_is_roll_forced_for(state, dealer, len(state.progress.records) + 1),
        hands=hands,
        stacks=stacks,
        to_act=dealer,
    )
    return MatchState(
        format=state.format, phase=Phase.TRUMP, dealer=dealer, progress=state.progress, deal=deal
    )


def seat_to_act(state: MatchState) -> int | None:
    """Return the seat whose decision is awaited, or None (between deals, match over)."""
    phase = state.phase
    if phase is Phase.DEALING or phase is Phase.MATCH_OVER:
        return None
    return state.deal.to_act


def is_roll_forced(state: MatchState) -> bool:
    """Tell whether the dealer must roll now (six deals: his third deal and he never rolled)."""
    return state.phase is Phase.TRUMP and state.deal.roll_forced


def server_action(state: MatchState) -> Action | None:
    """Return the action the server takes on a seat's behalf now, or None.

    *The match*: the third deal of a dealer who never rolled is rolled automatically; the record
    writes it as his `roll`."""
    if is_roll_forced(state):
        return ROLL_ACTIONS[state.deal.dealer]
    return None


def hidden_hand_seats(state: MatchState) -> frozenset[int]:
    """Return the seats that may not see their own cards now: none, both players look at their
    cards as soon as they are dealt."""
    return frozenset()


# --- what is legal ----------------------------------------------------------------------------


def available_cards(deal: DealState, seat: int) -> tuple[str, ...]:
    """Return a seat's hand plus his face-up table cards; face-down cards never count."""
    return deal.hands[seat] + tuple([stack[0] for stack in deal.stacks[seat] if stack])


# The last answer of legal_cards, reused when apply checks the card chosen from it. A deal is
# immutable and the entry holds a reference to it, so identity is a safe key.
_last_legal: tuple = (None, None, ())


def legal_cards(deal: DealState, seat: int) -> list[str]:
    """Return the cards `seat` may play now, following the obligations of *Play*."""
    global _last_legal
    last = _last_legal
    if last[0] is deal and last[1] == seat:
        return list(last[2])
    cards = _compute_legal_cards(deal, seat)
    _last_legal = (deal, seat, tuple(cards))
    return cards


def _compute_legal_cards(deal: DealState, seat: int) -> list[str]:
    # The rule itself is `core.legal_mask`, shared with the playouts; the cards keep the order
    # of `available_cards` (hand, then table stacks).
    available = deal.hands[seat] + tuple([stack[0] for stack in deal.stacks[seat] if stack])
    trick = deal.trick
    if not trick:
        return list(available)
    card_bit = CARD_BIT
    mask = 0
    for card in available:
        mask |= card_bit[card]
    legal = legal_mask(mask, CARD_INDEX[trick[0][1]], TRUMP_INDEX[deal.trump])
    if legal == mask:
        return list(available)
    return [card for card in available if card_bit[card] & legal]


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Return every action `seat` may take now (empty when it is not his turn)."""
    phase = state.phase
    if phase is _PLAY:
        deal = state.deal
        if seat != deal.to_act:
            return []
        actions = PLAY_ACTIONS[seat]
        return [actions[card] for card in legal_cards(deal, seat)]
    if phase is Phase.DEALING or phase is Phase.MATCH_OVER:
        return []
    deal = state.deal
    if seat != deal.to_act:
        return []
    if phase is Phase.TRUMP:
        if deal.roll_forced:
            return [ROLL_ACTIONS[seat]]
        return list(TRUMP_CHOICES[seat])
    if phase is Phase.BUQUE:
        return list(BUQUE_CHOICES[seat])
    return list(SURBUQUE_CHOICES[seat])


# --- messages ---------------------------------------------------------------------------------


def _play_error(deal: DealState, seat: int, card: str) -> RuleError:
    available = available_cards(deal, seat)
    if card not in available:
        return unavailable(card, seat, legal_cards(deal, seat), place="hand or face-up table cards")
    # The shared follower rule names the code: a card breaking both "follow" and "beat" is
    # `must_follow_suit` (game-record.md, *Error codes*, Decision).
    rule = obligation(available, [deal.trick[0][1]], deal.trump, is_partner_winning=False)
    return refusal(rule, card)


# --- applying an action -----------------------------------------------------------------------


def apply(state: MatchState, action: Action) -> MatchState:
    """Return the state after `action`, or raise RuleError. After the 16th trick the deal is
    scored and the state goes to DEALING (next deck awaited) or MATCH_OVER."""
    if type(action) is not Action:
        raise RuleError(MALFORMED, f"not an action: {action!r}")
    phase = state.phase
    deal = state.deal
    if phase is _PLAY and action.type == "play" and action.seat == deal.to_act:
        return _play(state, deal, action)
    match_rules.check_action(state, action, PHASES, _REFUSALS)
    if phase is Phase.TRUMP:
        return _announce_trump(state, deal, action)
    if phase is Phase.BUQUE:
        return _announce_buque(state, deal, action)
    return _announce_surbuque(state, deal, action)


def _surbuque_refusal(state: MatchState) -> RuleError | None:
    if state.phase is _PLAY and _is_surbuque_refused(state.deal):
        return RuleError(
            SURBUQUE_NOT_ALLOWED,
            "sur-buque is impossible in a rolled deal carrying a 30-30 doubling",
        )
    return None


# The action types this game refuses for a reason of its own, checked before the turn.
_REFUSALS = {"surbuque": _surbuque_refusal}


def _is_surbuque_refused(deal: DealState) -> bool:
    # The dealer would have been asked right after the buque, before the first card.
    return (
        deal.is_surbuque_impossible
        and deal.buque == BUQUE_BUQUE
        and not deal.trick
        and deal.tricks_won == (0, 0)
    )


def _with_deal(state: MatchState, phase: Phase, deal: DealState) -> MatchState:
    return MatchState(
        format=state.format, phase=phase, dealer=state.dealer, progress=state.progress, deal=deal
    )


def _announce_trump(state: MatchState, deal: DealState, action: Action) -> MatchState:
    if action.type == "trump":
        if deal.roll_forced:
            raise RuleError(
                ROLL_REQUIRED,
                f"seat {deal.dealer} has not rolled in his first two deals: "
                "his third deal must be rolled (roll)",
            )
        deal = deal._replace(trump=action.suit)
    else:
        deal = deal._replace(rolled=True)
    deal = deal._replace(to_act=1 - deal.dealer, actions=deal.actions + (action,))
    return _with_deal(state, Phase.BUQUE, deal)


def _announce_buque(state: MatchState, deal: DealState, action: Action) -> MatchState:
    actions = deal.actions + (action,)
    non_dealer = 1 - deal.dealer
    if action.type == "pass":
        return _with_deal(state, Phase.PLAY, deal._replace(to_act=non_dealer, actions=actions))
    deal = deal._replace(buque=BUQUE_BUQUE, actions=actions)
    if deal.is_surbuque_impossible:
        return _with_deal(state, Phase.PLAY, deal._replace(to_act=non_dealer))
    return _with_deal(state, Phase.SURBUQUE, deal._replace(to_act=deal.dealer))


def _announce_surbuque(state: MatchState, deal: DealState, action: Action) -> MatchState:
    buque = BUQUE_SURBUQUE if action.type == "surbuque" else deal.buque
    deal = deal._replace(buque=buque, to_act=1 - deal.dealer, actions=deal.actions + (action,))
    return _with_deal(state, Phase.PLAY, deal)


def _play(state: MatchState, deal: DealState, action: Action) -> MatchState:
    seat = action.seat
    card = action.card
    hands = deal.hands
    stacks = deal.stacks
    hand = hands[seat]
    trick = deal.trick
    if trick:
        if card not in legal_cards(deal, seat):
            raise _play_error(deal, seat, card)
    elif card not in hand and card not in [stack[0] for stack in stacks[seat] if stack]:
        raise _play_error(deal, seat, card)
    if card in hand:
        index = hand.index(card)
        hand = hand[:index] + hand[index + 1 :]
        hands = (hand, hands[1]) if seat == 0 else (hands[0], hand)
    else:
        # The card under a played table card is turned face up at once: it becomes the top.
        own = tuple([stack[1:] if stack and stack[0] == card else stack for stack in stacks[seat]])
        stacks = (own, stacks[1]) if seat == 0 else (stacks[0], own)
    actions = deal.actions + (action,)
    # The public API's hot path: one new deal per card played, built field by field, and a lead
    # returned at once (sixteen of them a deal).
    if not trick:
        deal = DealState(
            deal.dealer,
            deal.deck,
            deal.trump,
            deal.rolled,
            deal.buque,
            deal.doubled_by_tie,
            deal.roll_forced,
            hands,
            stacks,
            1 - seat,
            ((seat, card),),
            deal.last_trick,
            deal.last_winner,
            deal.tricks_won,
            deal.card_points,
            actions,
            deal.salt,
            deal.commitment,
        )
        return MatchState(state.format, _PLAY, state.dealer, state.progress, deal)
    leader, led_card = trick[0]
    if follower_wins(CARD_INDEX[led_card], CARD_INDEX[card], TRUMP_INDEX[deal.trump]):
        winner = seat
    else:
        winner = leader
    points = POINTS[card] + POINTS[led_card]
    tricks_won = deal.tricks_won
    card_points = deal.card_points
    if winner == 0:
        tricks_won = (tricks_won[0] + 1, tricks_won[1])
        card_points = (card_points[0] + points, card_points[1])
    else:
        tricks_won = (tricks_won[0], tricks_won[1] + 1)
        card_points = (card_points[0], card_points[1] + points)
    deal = DealState(
        deal.dealer,
        deal.deck,
        deal.trump,
        deal.rolled,
        deal.buque,
        deal.doubled_by_tie,
        deal.roll_forced,
        hands,
        stacks,
        winner,
        (),
        (trick[0], (seat, card)),
        winner,
        tricks_won,
        card_points,
        actions,
        deal.salt,
        deal.commitment,
    )
    if tricks_won[0] + tricks_won[1] == TRICKS_PER_DEAL:
        return _finish_deal(state, deal)
    return MatchState(state.format, _PLAY, state.dealer, state.progress, deal)


def _finish_deal(state: MatchState, deal: DealState) -> MatchState:
    has_rolled = state.progress.has_rolled
    if deal.rolled:
        has_rolled = (True, has_rolled[1]) if deal.dealer == 0 else (has_rolled[0], True)
    phase, dealer, progress = match_rules.finish_deal(state, deal, has_rolled=has_rolled)
    return MatchState(state.format, phase, dealer, progress, deal)


def _other_seat(forfeiting_seat: int) -> int:
    return 1 - forfeiting_seat


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left"), the other seat wins.

    A deal in progress is kept as cut short (complete false, no score)."""
    return match_rules.forfeit(state, seat=seat, reason=reason, winner=_other_seat)
