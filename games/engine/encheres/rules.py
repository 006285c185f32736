"""The rules of a match of *Manille aux enchères* (at four or at three): the deal, the auction,
trump, the play, the scoring of a deal, the match until only one loser, forfeits.

Implements manille-variants.md, *French Manille aux enchères*: *Seats, deal* (through
`deck.py`), *The auction* (Decisions 2-4: bids from the minimum to the maximum, each above the
highest; a pass is final; the end when all others have passed after the highest bid, or at
once on the maximum; all pass: a void deal, complete, scoring nothing; the seats that have
reached the target skipped), *Trump and play* (Decisions 1, 5, 6: a suit only; d+1 leads; the
follower rule of *Common to the French variants* with the sides {bidder} and {the others},
through the shared `tricks.py`), *Scoring a deal* (Decision 7), *The match* (Decision 8) and
the forfeit (Decision 16: the forfeiter is the loser, nobody the winner); manille-4p.md, *Which
error is reported*. Every function is pure: a state in, a new state out, or a RuleError.
"""

from collections.abc import Sequence
from dataclasses import replace
from functools import cache
from operator import add

from .. import match, match_rules
from ..cards import POINTS, SUITS
from ..errors import BID_TOO_HIGH, BID_TOO_LOW, MALFORMED, RuleError
from ..match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this package's contract
from ..match import DealRecord, dealer_of
from ..tricks import Obligation, obligation, refusal, trick_winner, unavailable, winning_index
from ..trois.deck import removed_pair
from .deck import check_deck, deal_hands
from .state import (
    ACTION_CLASSES,
    DEAL_PHASES,
    FORMATS,
    PHASE_TYPES,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
    Ruleset,
    check_options,
    deal_summary,
    ruleset_of,
)

PHASES = match_rules.Phases(
    types=PHASE_TYPES,
    words={
        Phase.BID: "seat {to_act} must bid or pass",
        Phase.TRUMP: "the bidder (seat {to_act}) must name trump",
    },
    action_words={
        "bid": "bidding",
        "pass": "passing",
        "trump": "naming trump",
        "play": "playing a card",
    },
)


@cache
def _tables(variant: str):
    """Return the actions the rules hand out for a variant, built once (actions are immutable):
    by seat, each `play` by card, each `bid` by points, the `pass`, each `trump` by suit."""
    ruleset = ruleset_of(variant)
    action_class = ACTION_CLASSES[variant]
    seats = ruleset.seats
    plays = match.play_actions(action_class, ruleset.seat_count)
    bids = tuple(
        {
            points: action_class(seat=seat, type="bid", points=points)
            for points in range(ruleset.bid_minimum, ruleset.bid_maximum + 1)
        }
        for seat in seats
    )
    passes = tuple(action_class(seat=seat, type="pass") for seat in seats)
    trumps = match.seat_choices(
        action_class, ruleset.seat_count, [{"type": "trump", "suit": suit} for suit in SUITS]
    )
    return plays, bids, passes, trumps


def next_seat(ruleset: Ruleset, seat: int) -> int:
    """Return the seat that plays after `seat`: the engine's order is always s + 1."""
    return (seat + 1) % ruleset.seat_count


# --- the match --------------------------------------------------------------------------------


def new_match(
    *, variant: str, format: str | None = None, first_dealer: int, options: dict | None = None
) -> MatchState:
    """Start a match in the DEALING phase, waiting for the first deck.

    `format` defaults to `to-100`; there is no option (a key is `options_not_allowed`)."""
    ruleset = ruleset_of(variant)
    if format is None:
        format = next(iter(FORMATS))
    if not isinstance(format, str) or format not in FORMATS:
        raise RuleError(
            MALFORMED, f"unknown {variant} format {format!r}: one of {', '.join(FORMATS)}"
        )
    check_options(variant, options)
    match_rules.check_first_dealer(first_dealer, ruleset.seat_count)
    progress = MatchProgress.start(
        first_dealer=first_dealer,
        side_count=ruleset.seat_count,
        reached=(None,) * ruleset.seat_count,
    )
    return MatchState(
        variant=variant,
        format=format,
        phase=Phase.DEALING,
        dealer=first_dealer,
        progress=progress,
        deal=None,
    )


def _first_in_auction(state: MatchState, after: int, passed: frozenset[int]) -> int | None:
    """Return the first seat after `after`, in playing order (`after` itself last), that is in
    the auction and has not passed, or None."""
    count = state.seat_count
    for step in range(1, count + 1):
        seat = (after + step) % count
        if state.is_in_auction(seat) and seat not in passed:
            return seat
    return None


def deal_start(state: MatchState, deck: Sequence[str], *, salt: str | None = None) -> MatchState:
    """Deal `deck` (index 0 = top after the cut), no card turned up; the auction opens with the
    first seat from d+1 that has not reached the target (BID).

    At four the deck is the 32 cards; at three the 30 lacking one pair of sevens, the first deck
    fixing the match's pair (every later one must lack the same); `malformed` otherwise. With
    `salt` the deal keeps it and its commitment (docs/engine.md, *Verifiable deals*)."""
    ruleset = state.ruleset
    removed = state.removed

    def checked(cards: object) -> tuple[str, ...]:
        return check_deck(ruleset, cards, removed)

    common = match_rules.new_deal(state, deck, salt, validate_deck=checked, phases=PHASES)
    cards = common["deck"]
    dealer = state.dealer
    deal = DealState(
        **common,
        hands=deal_hands(ruleset, cards, dealer),
        to_act=_first_in_auction(state, dealer, frozenset()),
        bids=(),
        bidder=None,
        bid=None,
        trump=None,
    )
    progress = state.progress
    if ruleset.seat_count == 3 and progress.removed is None:
        # The first deck fixes the match's pair (check_deck holds the later ones to it).
        progress = replace(progress, removed=removed_pair(cards))
    return replace(state, phase=Phase.BID, progress=progress, deal=deal)


def seat_to_act(state: MatchState) -> int | None:
    """Return the seat whose decision is awaited, or None (between deals, match over)."""
    if state.phase in DEAL_PHASES:
        return state.deal.to_act
    return None


def server_action(state: MatchState):
    """Return the action the server takes on a seat's behalf now: never any (a seat that has
    reached the target is skipped by the auction, no action written)."""
    return None


def hidden_hand_seats(state: MatchState) -> frozenset[int]:
    """Return the seats that may not see their own cards now: none, ever."""
    return frozenset()


# --- what is legal ----------------------------------------------------------------------------


def lowest_bid(state: MatchState) -> int:
    """Return the lowest bid allowed now: the minimum, or one above the highest bid."""
    highest = state.deal.bid
    minimum = state.ruleset.bid_minimum
    return minimum if highest is None else max(minimum, highest + 1)


def is_partner(deal: DealState, seat: int, other: int) -> bool:
    """Tell whether two seats are on the same side this deal: the defenders together, the
    bidder alone (Decision 6)."""
    return seat != other and deal.bidder not in (seat, other)


def follower_obligation(deal: DealState, seat: int) -> Obligation:
    """Return the shared follower rule's answer for `seat` now, the card winning the trick
    being a partner's when it is a fellow defender's."""
    cards = [card for _seat, card in deal.trick]
    is_partner_winning = bool(cards) and is_partner(
        deal, seat, deal.trick[winning_index(cards, deal.trump)][0]
    )
    return obligation(deal.hands[seat], cards, deal.trump, is_partner_winning=is_partner_winning)


def legal_cards(deal: DealState, seat: int) -> tuple[str, ...]:
    """Return the cards `seat` may play now."""
    return follower_obligation(deal, seat).allowed


def legal_actions(state: MatchState, seat: int) -> list:
    """Return every action `seat` may take now: in the auction a pass and each bid from the
    lowest allowed to the maximum; the bidder's four suits; the cards he may play. None when
    it is not his turn."""
    if state.phase not in DEAL_PHASES or seat != state.deal.to_act:
        return []
    plays, bids, passes, trumps = _tables(state.variant)
    if state.phase is Phase.BID:
        maximum = state.ruleset.bid_maximum
        return [
            passes[seat],
            *(bids[seat][points] for points in range(lowest_bid(state), maximum + 1)),
        ]
    if state.phase is Phase.TRUMP:
        return list(trumps[seat])
    actions = plays[seat]
    return [actions[card] for card in legal_cards(state.deal, seat)]


# --- applying an action -----------------------------------------------------------------------


def apply(state: MatchState, action) -> MatchState:
    """Return the state after `action`, or raise RuleError.

    The checks follow *Which error is reported*: the deal already over (`wrong_phase`), not the
    seat to act (`not_your_turn`), an action of another phase (`wrong_phase`), then the
    action's own: a bid below the lowest allowed (`bid_too_low`) or above the maximum
    (`bid_too_high`); a card the seat does not hold (`card_not_available`), then the follower
    rule. After the last trick, or an auction where all passed, the deal is scored and the state
    goes to DEALING (next deck awaited) or MATCH_OVER.
    """
    if type(action) is not ACTION_CLASSES[state.variant]:
        raise RuleError(MALFORMED, f"not a {state.variant} action: {action!r}")
    match_rules.check_action(state, action, PHASES)
    if action.type == "play":
        return _play(state, state.deal, action)
    if action.type == "trump":
        deal = state.deal._replace(
            trump=action.suit,
            to_act=next_seat(state.ruleset, state.deal.dealer),
            actions=state.deal.actions + (action,),
        )
        return replace(state, phase=Phase.PLAY, deal=deal)
    return _auction(state, action)


def _auction(state: MatchState, action) -> MatchState:
    ruleset = state.ruleset
    deal = state.deal
    seat = action.seat
    points = action.points
    bidder, bid = deal.bidder, deal.bid
    if action.type == "bid":
        lowest = lowest_bid(state)
        if points < lowest:
            reason = (
                f"the minimum bid is {ruleset.bid_minimum}"
                if bid is None or bid < ruleset.bid_minimum
                else f"above the highest bid, {bid}"
            )
            raise RuleError(
                BID_TOO_LOW, f"a bid must be at least {lowest} ({reason}), not {points}"
            )
        if points > ruleset.bid_maximum:
            raise RuleError(
                BID_TOO_HIGH,
                f"a bid is at most {ruleset.bid_maximum}, every point of the deal (la vole)",
            )
        bidder, bid = seat, points
    deal = deal._replace(
        bids=deal.bids + ((seat, points),),
        bidder=bidder,
        bid=bid,
        actions=deal.actions + (action,),
    )
    passed = deal.passed
    still_in = [
        other for other in ruleset.seats if state.is_in_auction(other) and other not in passed
    ]
    if bid == ruleset.bid_maximum or (bidder is not None and still_in == [bidder]):
        # Nobody can go over the maximum; or every other seat has given up (Decision 3).
        return replace(state, phase=Phase.TRUMP, deal=deal._replace(to_act=bidder))
    if not still_in:
        # Decision 4: all passed, a void deal, complete, scoring nothing.
        return _finish_deal(state, deal)
    return replace(state, deal=deal._replace(to_act=_first_in_auction(state, seat, passed)))


def _play(state: MatchState, deal: DealState, action) -> MatchState:
    ruleset = state.ruleset
    seat = action.seat
    card = action.card
    hand = deal.hands[seat]
    rule = follower_obligation(deal, seat)
    if card not in hand:
        raise unavailable(card, seat, rule.allowed)
    if card not in rule.allowed:
        raise refusal(rule, card)
    index = hand.index(card)
    hands = list(deal.hands)
    hands[seat] = hand[:index] + hand[index + 1 :]
    trick = deal.trick + ((seat, card),)
    actions = deal.actions + (action,)
    if len(trick) < ruleset.seat_count:
        deal = deal._replace(
            hands=tuple(hands), trick=trick, to_act=next_seat(ruleset, seat), actions=actions
        )
        return replace(state, deal=deal)
    winner = trick_winner(trick, deal.trump)
    tricks_won = list(deal.tricks_won)
    card_points = list(deal.card_points)
    tricks_won[winner] += 1
    card_points[winner] += sum(POINTS[played] for _seat, played in trick)
    deal = deal._replace(
        hands=tuple(hands),
        trick=(),
        last_trick=trick,
        last_winner=winner,
        to_act=winner,
        tricks_won=tuple(tricks_won),
        card_points=tuple(card_points),
        actions=actions,
    )
    if sum(tricks_won) == ruleset.tricks_per_deal:
        return _finish_deal(state, deal)
    return replace(state, deal=deal)


# --- scoring ----------------------------------------------------------------------------------


def _finish_deal(state: MatchState, deal: DealState) -> MatchState:
    """Score the deal in play and archive it; every seat now at or above the target has reached
    it at this deal; once only one seat has not, he is the loser and the match is over
    (Decision 8), else the next dealer's deck is awaited."""
    summary = deal_summary(state, deal, complete=True)
    progress = state.progress
    totals = tuple(map(add, progress.totals, summary.score))
    deal_index = len(progress.summaries)
    target = state.match_format.target
    reached = tuple(
        deal_index if at is None and total >= target else at
        for at, total in zip(progress.reached, totals, strict=True)
    )
    below = [seat for seat, at in enumerate(reached) if at is None]
    # A made bid lets only the bidder reach, a failed one leaves him below: never nobody left.
    loser = below[0] if len(below) == 1 else None
    progress = progress.after_deal(
        summary,
        DealRecord.from_deal(deal),
        totals=totals,
        winner=None,
        reached=reached,
        loser=loser,
    )
    if loser is not None:
        return replace(state, phase=Phase.MATCH_OVER, progress=progress, deal=deal)
    dealer = dealer_of(progress.first_dealer, len(progress.records), state.seat_count)
    return replace(state, phase=Phase.DEALING, dealer=dealer, progress=progress, deal=deal)


# --- forfeits ---------------------------------------------------------------------------------


def _nobody_wins(_seat: int) -> None:
    # Decision 16: enchères names no winner, every seat but the loser having won.
    return None


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left") and is the loser, even if
    he had reached the target; `winner` stays None.

    A deal in progress is kept as cut short (complete false, no score)."""
    return match_rules.forfeit(state, seat=seat, reason=reason, winner=_nobody_wins)
