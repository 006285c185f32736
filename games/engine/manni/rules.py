"""The rules of a match of Manni: the deal, the exchange, the play, the end of a deal and of the
match, forfeits.

Implements manille-variants.md, *Manni*: *The cut and the contract* and *The deal* (through
`deck.py`), *The exchange* (d+1 up to 7, d+2 up to 5, the dealer up to what is left, each once,
the cards drawn from the top of the Manni; Decision 26), *Play* (d+1 leads, follow suit if you
can, no obligation to beat or to trump; the highest trump, else the highest card of the led suit
in the contract's order; Decision 23), *Scoring a deal* (plus and minus points), *The match*
(some seat at 10 plus points, the highest score winning, a shared highest score playing on;
Decision 27) and the forfeit (Decision 16); manille-4p.md, *Which error is reported*. Every
function is pure: a state in, a new state out, or a RuleError.
"""

from collections.abc import Sequence
from functools import partial

from .. import match_rules
from ..errors import CARD_NOT_AVAILABLE, EXCHANGE_LIMIT, MALFORMED, MUST_FOLLOW_SUIT, RuleError
from ..match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this package's contract
from ..match import DealRecord, dealer_of
from .cards import CARDS, CONTRACT_NULLO, SUITS, card_label, cards_label, sort_hand, strengths
from .deck import (
    CUT_INDEX,
    SEAT_COUNT,
    contract_of,
    deal_hands,
    manni_pile,
    validate_deck,
)
from .state import (
    DEAL_PHASES,
    FORMATS,
    PAR_TRICKS,
    VARIANT,
    Action,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
    check_options,
    deal_summary,
)

# The most d+1 and d+2 may exchange (seed 003); the dealer takes what is left.
EXCHANGE_LIMITS = {1: 7, 2: 5}

PLAY_ACTIONS = tuple(
    {card: Action(seat=seat, type="play", card=card) for card in CARDS}
    for seat in range(SEAT_COUNT)
)
# The one exchange `legal_actions` lists: no exchange. Any subset of the hand within the limit
# is legal too; the views give the limit (`exchange_limit`) beside it.
NO_EXCHANGE = tuple(Action(seat=seat, type="exchange", cards=()) for seat in range(SEAT_COUNT))

PHASES = match_rules.Phases(
    types={Phase.EXCHANGE: ("exchange",), Phase.PLAY: ("play",)},
    words={Phase.EXCHANGE: "the seats exchange with the Manni, seat {to_act} to exchange"},
    action_words={"exchange": "exchanging with the Manni", "play": "playing a card"},
)


def next_seat(seat: int) -> int:
    """Return the seat that plays after `seat`: the engine's order is always s + 1."""
    return (seat + 1) % SEAT_COUNT


def new_match(
    *,
    variant: str = VARIANT,
    format: str | None = None,
    first_dealer: int,
    options: dict | None = None,
) -> MatchState:
    """Start a match in the DEALING phase, waiting for the first deck. Manni has one format,
    `manni-10`, and no option (`{}` or None)."""
    if variant != VARIANT:
        raise RuleError(MALFORMED, f"not a {VARIANT} match: {variant!r}")
    if format is None:
        format = next(iter(FORMATS))
    if not isinstance(format, str) or format not in FORMATS:
        raise RuleError(
            MALFORMED, f"unknown {VARIANT} format {format!r}: one of {', '.join(FORMATS)}"
        )
    check_options(options)
    match_rules.check_first_dealer(first_dealer, SEAT_COUNT)
    return MatchState(
        format=format,
        phase=Phase.DEALING,
        dealer=first_dealer,
        progress=MatchProgress.start(first_dealer=first_dealer, side_count=SEAT_COUNT),
        deal=None,
    )


def deal_start(state: MatchState, deck: Sequence[str], *, salt: str | None = None) -> MatchState:
    """Deal `deck` (the 52 cards, index 0 = top after the cut) by the map of *The deal*: 16 to
    the Manni, 12 to each seat; index 51, the cut card, names the contract; d+1 exchanges first
    (EXCHANGE).

    With `salt` (64 lowercase hex digits) the deal keeps it and its commitment to the deck
    (docs/engine.md, *Verifiable deals*)."""
    common = match_rules.new_deal(state, deck, salt, validate_deck=validate_deck, phases=PHASES)
    cards = common["deck"]
    cut = cards[CUT_INDEX]
    contract, trump = contract_of(cut)
    dealer = state.dealer
    deal = DealState(
        dealer=dealer,
        deck=cards,
        cut=cut,
        contract=contract,
        trump=trump,
        hands=deal_hands(cards, dealer, contract),
        manni=manni_pile(cards),
        discards=((),) * SEAT_COUNT,
        exchanged=(None,) * SEAT_COUNT,
        to_act=next_seat(dealer),
        trick=(),
        last_trick=(),
        last_winner=None,
        tricks_won=(0,) * SEAT_COUNT,
        actions=(),
        salt=common["salt"],
        commitment=common["commitment"],
    )
    return MatchState(state.format, Phase.EXCHANGE, dealer, state.progress, deal)


def seat_to_act(state: MatchState) -> int | None:
    """Return the seat whose decision is awaited, or None (between deals, match over)."""
    if state.phase in DEAL_PHASES:
        return state.deal.to_act
    return None


def server_action(state: MatchState) -> Action | None:
    """Return the action the server takes on a seat's behalf now: never any."""
    return None


def hidden_hand_seats(state: MatchState) -> frozenset[int]:
    """Return the seats that may not see their own cards now: none, ever."""
    return frozenset()


# --- what is legal ----------------------------------------------------------------------------


def exchange_limit(deal: DealState, seat: int) -> int:
    """Return how many cards `seat` may exchange: d+1 7, d+2 5, the dealer what is left."""
    position = (seat - deal.dealer) % SEAT_COUNT
    if position == 0:
        return len(deal.manni)
    return EXCHANGE_LIMITS[position]


def legal_cards(deal: DealState, seat: int) -> tuple[str, ...]:
    """Return the cards `seat` may play now: the led suit if he holds it, else any card."""
    hand = deal.hands[seat]
    if not deal.trick:
        return hand
    led_suit = deal.trick[0][1][1]
    following = tuple(card for card in hand if card[1] == led_suit)
    return following or hand


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Return the actions `seat` may take now, none when it is not his turn.

    In the exchange the subsets of his hand within his limit are too many to list: the one
    action listed is no exchange (`cards: []`), which the views show beside `exchange_limit`;
    `apply` takes any subset within the limit."""
    if state.phase not in DEAL_PHASES or seat != state.deal.to_act:
        return []
    if state.phase is Phase.EXCHANGE:
        return [NO_EXCHANGE[seat]]
    actions = PLAY_ACTIONS[seat]
    return [actions[card] for card in legal_cards(state.deal, seat)]


def trick_winner(trick: Sequence[tuple[int, str]], contract: str, trump: str | None) -> int:
    """Return the seat whose card wins `trick`: the highest trump, else the highest card of the
    led suit, in `contract`'s order (the ace low in a nullo deal)."""
    strength = strengths(contract)
    best_seat, best_card = trick[0]
    for seat, card in trick[1:]:
        if card[1] == best_card[1]:
            if strength[card] > strength[best_card]:
                best_seat, best_card = seat, card
        elif card[1] == trump:
            best_seat, best_card = seat, card
    return best_seat


# --- applying an action -----------------------------------------------------------------------


def apply(state: MatchState, action: Action) -> MatchState:
    """Return the state after `action`, or raise RuleError.

    The checks follow *Which error is reported*: the deal already over (`wrong_phase`), not the
    seat to act (`not_your_turn`), an action of another phase (`wrong_phase`), a card the seat
    does not hold (`card_not_available`), then the exchange's limit (`exchange_limit`) or the
    follower rule (`must_follow_suit`). After the twelfth trick the deal is scored and the state
    goes to DEALING (next deck awaited) or MATCH_OVER.
    """
    if type(action) is not Action:
        raise RuleError(MALFORMED, f"not a {VARIANT} action: {action!r}")
    match_rules.check_action(state, action, PHASES)
    if action.type == "exchange":
        return _exchange(state, state.deal, action)
    return _play(state, state.deal, action)


def _exchange(state: MatchState, deal: DealState, action: Action) -> MatchState:
    seat = action.seat
    hand = deal.hands[seat]
    limit = exchange_limit(deal, seat)
    for card in action.cards:
        if card not in hand:
            raise RuleError(
                CARD_NOT_AVAILABLE,
                f"the {card_label(card)} is not in seat {seat}'s hand: he may exchange up to "
                f"{limit} of his own cards",
            )
    count = len(action.cards)
    if count > limit:
        raise RuleError(
            EXCHANGE_LIMIT,
            f"seat {seat} may exchange up to {limit} cards, not {count}",
        )
    discarded = set(action.cards)
    # Decision 26: chosen at once, blind; the same number drawn from the top of the Manni.
    kept = [card for card in hand if card not in discarded]
    drawn = deal.manni[:count]
    hands = list(deal.hands)
    hands[seat] = sort_hand(kept + list(drawn), deal.contract)
    discards = list(deal.discards)
    discards[seat] = action.cards
    exchanged = list(deal.exchanged)
    exchanged[seat] = count
    is_last = seat == deal.dealer
    deal = deal._replace(
        hands=tuple(hands),
        manni=deal.manni[count:],
        discards=tuple(discards),
        exchanged=tuple(exchanged),
        # d+1 leads the first trick (Decision 23), after the dealer's exchange.
        to_act=next_seat(seat),
        actions=deal.actions + (action,),
    )
    phase = Phase.PLAY if is_last else Phase.EXCHANGE
    return MatchState(state.format, phase, state.dealer, state.progress, deal)


def _play(state: MatchState, deal: DealState, action: Action) -> MatchState:
    seat = action.seat
    card = action.card
    hand = deal.hands[seat]
    allowed = legal_cards(deal, seat)
    if card not in hand:
        raise RuleError(
            CARD_NOT_AVAILABLE,
            f"the {card_label(card)} is not in seat {seat}'s hand; playable: "
            f"{cards_label(allowed, deal.contract)}",
        )
    if card not in allowed:
        led_name = _SUIT_NAMES[deal.trick[0][1][1]]
        raise RuleError(
            MUST_FOLLOW_SUIT,
            f"must follow suit with a {led_name}: {cards_label(allowed, deal.contract)}",
        )
    index = hand.index(card)
    hands = list(deal.hands)
    hands[seat] = hand[:index] + hand[index + 1 :]
    trick = deal.trick + ((seat, card),)
    actions = deal.actions + (action,)
    if len(trick) < SEAT_COUNT:
        deal = deal._replace(
            hands=tuple(hands), trick=trick, to_act=next_seat(seat), actions=actions
        )
        return MatchState(state.format, Phase.PLAY, state.dealer, state.progress, deal)
    winner = trick_winner(trick, deal.contract, deal.trump)
    tricks_won = list(deal.tricks_won)
    tricks_won[winner] += 1
    deal = deal._replace(
        hands=tuple(hands),
        trick=(),
        last_trick=trick,
        last_winner=winner,
        to_act=winner,
        tricks_won=tuple(tricks_won),
        actions=actions,
    )
    if deal.is_over:
        return _finish_deal(state, deal)
    return MatchState(state.format, Phase.PLAY, state.dealer, state.progress, deal)


_SUIT_NAMES = dict(zip(SUITS, ("spade", "heart", "diamond", "club"), strict=True))


# --- scoring ----------------------------------------------------------------------------------


def deal_points(contract: str, tricks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Return (plus, minus) by seat for a complete deal: each trick above four a plus point and
    each below four a minus point, the other way round in a nullo deal."""
    plus = []
    minus = []
    for taken in tricks:
        above = taken - PAR_TRICKS
        if contract == CONTRACT_NULLO:
            above = -above
        plus.append(max(above, 0))
        minus.append(max(-above, 0))
    return tuple(plus), tuple(minus)


def match_winner(plus: Sequence[int], totals: Sequence[int], target: int) -> int | None:
    """Return the seat that has won after a complete deal, or None: once some seat has
    `target` plus points, the one seat with the highest score (plus − minus); a shared highest
    score plays on (Decision 27)."""
    if max(plus) < target:
        return None
    best = max(totals)
    leaders = [seat for seat, total in enumerate(totals) if total == best]
    return leaders[0] if len(leaders) == 1 else None


def _finish_deal(state: MatchState, deal: DealState) -> MatchState:
    plus, minus = deal_points(deal.contract, deal.tricks_won)
    summary = deal_summary(deal, plus=plus, minus=minus, complete=True)
    progress = state.progress
    plus_totals = tuple(map(sum, zip(progress.plus, plus, strict=True)))
    minus_totals = tuple(map(sum, zip(progress.minus, minus, strict=True)))
    totals = tuple(gain - loss for gain, loss in zip(plus_totals, minus_totals, strict=True))
    winner = match_winner(plus_totals, totals, state.match_format.target)
    progress = progress.after_deal(
        summary,
        DealRecord.from_deal(deal),
        totals=totals,
        winner=winner,
        is_tie_pending=False,
        plus=plus_totals,
        minus=minus_totals,
    )
    if winner is not None:
        return MatchState(state.format, Phase.MATCH_OVER, state.dealer, progress, deal)
    dealer = dealer_of(progress.first_dealer, len(progress.records), SEAT_COUNT)
    return MatchState(state.format, Phase.DEALING, dealer, progress, deal)


# --- forfeits ---------------------------------------------------------------------------------


def forfeit_winner(totals: Sequence[int], forfeiting_seat: int) -> int | None:
    """Return the seat that wins when `forfeiting_seat` forfeits: of the two others, the one
    with the higher score, or None when their scores are equal (Decision 16)."""
    first, second = (seat for seat in range(SEAT_COUNT) if seat != forfeiting_seat)
    if totals[first] == totals[second]:
        return None
    return first if totals[first] > totals[second] else second


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left") and is the loser; the other
    seat with the higher score wins (nobody when they are equal).

    A deal in progress is kept as cut short (complete false, no plus, no minus)."""
    return match_rules.forfeit(
        state, seat=seat, reason=reason, winner=partial(forfeit_winner, state.totals)
    )
