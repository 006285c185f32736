"""The rules of a match: announcements, play, the end of a deal and of the match, forfeits.

Implements manille-2p.md, sections *Announcements*, *Play*, *Scoring a deal* (through
`scoring.py`) and *The match*; ladder.md for forfeits. Every function is pure: a state in, a new
state out, or a RuleError carrying one of game-record.md's codes.
"""

from collections.abc import Sequence
from dataclasses import replace

from . import match
from .cards import CARDS, POINTS, SUITS, card_label, cards_label
from .commitments import deal_seal
from .core import CARD_BIT, CARD_INDEX, NO_TRUMP, SUIT_INDEX, follower_wins, legal_mask
from .dealing import deal_cards, validate_deck
from .errors import (
    CARD_NOT_AVAILABLE,
    MALFORMED,
    NOT_YOUR_TURN,
    ROLL_REQUIRED,
    SURBUQUE_NOT_ALLOWED,
    WRONG_PHASE,
    RuleError,
)
from .formats import FORMATS
from .match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this module's contract
from .match import DealRecord, match_winner
from .scoring import TRICKS_PER_DEAL, cut_deal_summary, score_deal
from .state import (
    BUQUE_BUQUE,
    BUQUE_NONE,
    BUQUE_SURBUQUE,
    DEAL_PHASES,
    Action,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
)
from .tricks import obligation, refusal

SEAT_COUNT = 2

TRUMP_INDEX = {None: NO_TRUMP, **SUIT_INDEX}

# Enum members compared by identity on the hot path; set membership would hash them in Python.
_PLAY = Phase.PLAY

# Actions are immutable, so the legal ones are handed out from these tables instead of being
# built again at every move.
PLAY_ACTIONS = tuple(
    {card: Action(seat=seat, type="play", card=card) for card in CARDS} for seat in (0, 1)
)
ROLL_ACTIONS = tuple(Action(seat=seat, type="roll") for seat in (0, 1))
TRUMP_CHOICES = tuple(
    tuple(Action(seat=seat, type="trump", suit=suit) for suit in SUITS) + (ROLL_ACTIONS[seat],)
    for seat in (0, 1)
)
BUQUE_CHOICES = tuple(
    (Action(seat=seat, type="buque"), Action(seat=seat, type="pass")) for seat in (0, 1)
)
SURBUQUE_CHOICES = tuple(
    (Action(seat=seat, type="surbuque"), Action(seat=seat, type="pass")) for seat in (0, 1)
)

PHASE_TYPES = {
    Phase.TRUMP: ("trump", "roll"),
    Phase.BUQUE: ("buque", "pass"),
    Phase.SURBUQUE: ("surbuque", "pass"),
    Phase.PLAY: ("play",),
}

ACTION_WORDS = {
    "trump": "naming trump",
    "roll": "rolling",
    "buque": "buquing",
    "surbuque": "sur-buquing",
    "pass": "passing",
    "play": "playing a card",
}


# --- the match --------------------------------------------------------------------------------


def new_match(*, format: str, first_dealer: int) -> MatchState:
    """Start a match in the DEALING phase, waiting for the first deck."""
    if format not in FORMATS:
        raise RuleError(MALFORMED, f"unknown match format {format!r}: one of {', '.join(FORMATS)}")
    if type(first_dealer) is not int or first_dealer not in (0, 1):
        raise RuleError(MALFORMED, f"the first dealer must be seat 0 or 1, not {first_dealer!r}")
    progress = MatchProgress(
        first_dealer=first_dealer,
        totals=(0, 0),
        is_tie_pending=False,
        has_rolled=(False, False),
        summaries=(),
        records=(),
        winner=None,
        forfeit=None,
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
    if state.phase is not Phase.DEALING:
        raise RuleError(WRONG_PHASE, f"a new deal cannot start now: {_phase_words(state)}")
    cards = validate_deck(deck)
    salt, commitment = deal_seal(cards, salt)
    dealer = state.dealer
    hands, stacks = deal_cards(cards, dealer)
    deal = DealState(
        dealer=dealer,
        deck=cards,
        trump=None,
        rolled=False,
        buque=BUQUE_NONE,
        doubled_by_tie=state.progress.is_tie_pending,
        roll_forced=_is_roll_forced_for(state, dealer, len(state.progress.records) + 1),
        hands=hands,
        stacks=stacks,
        to_act=dealer,
        trick=(),
        last_trick=(),
        last_winner=None,
        tricks_won=(0, 0),
        card_points=(0, 0),
        actions=(),
        salt=salt,
        commitment=commitment,
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


def _phase_words(state: MatchState) -> str:
    phase = state.phase
    if phase is Phase.MATCH_OVER:
        return "the match is over"
    if phase is Phase.DEALING:
        return "the deal is over and the next one is not dealt yet"
    deal = state.deal
    if phase is Phase.TRUMP:
        return f"the dealer (seat {deal.dealer}) must name trump or roll"
    if phase is Phase.BUQUE:
        return f"seat {1 - deal.dealer} may buque or pass"
    if phase is Phase.SURBUQUE:
        return f"the dealer (seat {deal.dealer}) may sur-buque or pass"
    return f"the cards are being played, seat {deal.to_act} to play"


def _play_error(deal: DealState, seat: int, card: str) -> RuleError:
    available = available_cards(deal, seat)
    if card not in available:
        return RuleError(
            CARD_NOT_AVAILABLE,
            f"the {card_label(card)} is not in seat {seat}'s hand or face-up table cards; "
            f"playable: {cards_label(legal_cards(deal, seat))}",
        )
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
    if phase is _PLAY:
        if action.type == "play" and action.seat == deal.to_act:
            return _play(state, deal, action)
        if action.type == "surbuque" and _is_surbuque_refused(deal):
            raise RuleError(
                SURBUQUE_NOT_ALLOWED,
                "sur-buque is impossible in a rolled deal carrying a 30-30 doubling",
            )
    if phase not in DEAL_PHASES:
        raise RuleError(
            WRONG_PHASE, f"{ACTION_WORDS[action.type]} is not possible now: {_phase_words(state)}"
        )
    if action.seat != deal.to_act:
        raise RuleError(
            NOT_YOUR_TURN,
            f"it is seat {deal.to_act}'s turn, not seat {action.seat}'s: {_phase_words(state)}",
        )
    if action.type not in PHASE_TYPES[phase]:
        raise RuleError(
            WRONG_PHASE, f"{ACTION_WORDS[action.type]} is not possible now: {_phase_words(state)}"
        )
    if phase is Phase.TRUMP:
        return _announce_trump(state, deal, action)
    if phase is Phase.BUQUE:
        return _announce_buque(state, deal, action)
    return _announce_surbuque(state, deal, action)


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
    return MatchState(state.format, Phase.PLAY, state.dealer, state.progress, deal)


def _finish_deal(state: MatchState, deal: DealState) -> MatchState:
    summary = score_deal(deal)
    progress = state.progress
    totals = (progress.totals[0] + summary.score[0], progress.totals[1] + summary.score[1])
    has_rolled = progress.has_rolled
    if deal.rolled:
        has_rolled = (True, has_rolled[1]) if deal.dealer == 0 else (has_rolled[0], True)
    completed = state.completed_deal_count + 1
    progress = progress.after_deal(
        summary,
        DealRecord.from_deal(deal),
        totals=totals,
        winner=match_winner(FORMATS[state.format], totals, completed),
        # A won deal clears the pending doubling; a tie sets it (once: ties do not stack).
        is_tie_pending=summary.score == (0, 0),
        has_rolled=has_rolled,
    )
    if progress.winner is not None:
        return MatchState(state.format, Phase.MATCH_OVER, deal.dealer, progress, deal)
    dealer = match.dealer_of(progress.first_dealer, len(progress.records), SEAT_COUNT)
    return MatchState(state.format, Phase.DEALING, dealer, progress, deal)


def _other_seat(forfeiting_seat: int) -> int:
    return 1 - forfeiting_seat


def _cut_summary(state: MatchState):
    return cut_deal_summary(state.deal)


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left"), the other seat wins.

    A deal in progress is kept as cut short (complete false, no score)."""
    progress = match.forfeit_progress(
        state,
        seat=seat,
        reason=reason,
        seat_count=SEAT_COUNT,
        winner=_other_seat,
        cut_summary=_cut_summary,
    )
    return replace(state, phase=Phase.MATCH_OVER, progress=progress)
