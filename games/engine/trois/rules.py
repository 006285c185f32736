"""The rules of a match of *Manille à trois*: the deal, the play, the end of a deal and of the
match, forfeits.

Implements manille-variants.md, *French Manille à trois*: *Deck and deal* and *Trump* (through
`deck.py`), *Play* (d+1 leads; the follower rule of *Common to the French variants* with every
seat alone, through the shared `tricks.py`: rule 1 beat the winning card of the led suit, rule 3
trump to win when void, rule 2 never applies), *Scoring* (card points + 1 per trick, the talon
for the dealer once the deal is over, each seat his points above 17), *Match* (the highest total
at or above the target wins; a shared highest total plays on) and *Forfeit* (Decision 16);
manille-4p.md, *Which error is reported*. Every function is pure: a state in, a new state out,
or a RuleError.
"""

from collections.abc import Sequence
from dataclasses import replace
from functools import partial

from .. import match, match_rules
from ..cards import POINTS
from ..errors import MALFORMED, RuleError
from ..match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this package's contract
from ..tricks import Obligation, obligation, refusal, trick_winner, unavailable
from .deck import HAND_SIZE, SEAT_COUNT, TURNED_UP_INDEX, check_deck, deal_hands, removed_pair
from .state import (
    DEAL_PHASES,
    FORMATS,
    VARIANT,
    Action,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
    table_options,
)

PLAY_ACTIONS = match.play_actions(Action, SEAT_COUNT)

PHASES = match_rules.Phases(
    types={Phase.PLAY: ("play",)}, words={}, action_words={"play": "playing a card"}
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
    """Start a match in the DEALING phase, waiting for the first deck.

    `format` defaults to `first-to-34`; `options` (`{"sevens_removed": bool}`) to the pair of
    sevens out. The pair itself is drawn with the first deck (`deck.deal_deck`)."""
    if variant != VARIANT:
        raise RuleError(MALFORMED, f"not a {VARIANT} match: {variant!r}")
    if format is None:
        format = next(iter(FORMATS))
    if not isinstance(format, str) or format not in FORMATS:
        raise RuleError(
            MALFORMED, f"unknown {VARIANT} format {format!r}: one of {', '.join(FORMATS)}"
        )
    match_rules.check_first_dealer(first_dealer, SEAT_COUNT)
    return MatchState(
        format=format,
        options=table_options(options),
        phase=Phase.DEALING,
        dealer=first_dealer,
        progress=MatchProgress.start(first_dealer=first_dealer, side_count=SEAT_COUNT),
        deal=None,
    )


def deal_start(state: MatchState, deck: Sequence[str], *, salt: str | None = None) -> MatchState:
    """Deal `deck` (index 0 = top after the cut) 4-4-2 from d+1; turn up index 29, the dealer's
    card, as trump; d+1 leads at once (PLAY).

    The deck holds 30 cards with the option `sevens_removed` (the first deck fixes the match's
    pair; every later one must lack the same), else 32; `malformed` otherwise. With `salt` (64
    lowercase hex digits) the deal keeps it and its commitment to the deck (docs/engine.md,
    *Verifiable deals*)."""
    checked = partial(
        check_deck, is_sevens_removed=state.options.sevens_removed, removed=state.removed
    )
    common = match_rules.new_deal(state, deck, salt, validate_deck=checked, phases=PHASES)
    cards = common["deck"]
    dealer = state.dealer
    removed = removed_pair(cards)
    turned_up = cards[TURNED_UP_INDEX]
    deal = DealState(
        **common,
        trump=turned_up[1],
        turned_up=turned_up,
        removed=removed,
        hands=deal_hands(cards, dealer),
        to_act=next_seat(dealer),
    )
    progress = state.progress
    if progress.removed != removed:
        # The first deck fixes the match's pair (check_deck holds the later ones to it).
        progress = replace(progress, removed=removed)
    return MatchState(state.format, state.options, Phase.PLAY, dealer, progress, deal)


def seat_to_act(state: MatchState) -> int | None:
    """Return the seat whose card is awaited, or None (between deals, match over)."""
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


def follower_obligation(deal: DealState, seat: int) -> Obligation:
    """Return the shared follower rule's answer for `seat` now: every seat plays alone, so the
    card winning the trick is always an opponent's."""
    cards = [card for _seat, card in deal.trick]
    return obligation(deal.hands[seat], cards, deal.trump, is_partner_winning=False)


def legal_cards(deal: DealState, seat: int) -> tuple[str, ...]:
    """Return the cards `seat` may play now."""
    return follower_obligation(deal, seat).allowed


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Return every action `seat` may take now: the cards he may play (none when it is not his
    turn)."""
    if state.phase is not Phase.PLAY or seat != state.deal.to_act:
        return []
    actions = PLAY_ACTIONS[seat]
    return [actions[card] for card in legal_cards(state.deal, seat)]


# --- applying an action -----------------------------------------------------------------------


def apply(state: MatchState, action: Action) -> MatchState:
    """Return the state after `action`, or raise RuleError.

    The checks follow *Which error is reported*: the deal already over (`wrong_phase`), not the
    seat to act (`not_your_turn`), a card the seat does not hold (`card_not_available`), then
    the follower rule (`must_follow_suit`, `must_beat`, `must_trump`). After the tenth trick the
    talon goes to the dealer, the deal is scored and the state goes to DEALING (next deck
    awaited) or MATCH_OVER.
    """
    if type(action) is not Action:
        raise RuleError(MALFORMED, f"not a {VARIANT} action: {action!r}")
    match_rules.check_action(state, action, PHASES)
    return _play(state, state.deal, action)


def _play(state: MatchState, deal: DealState, action: Action) -> MatchState:
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
    if len(trick) < SEAT_COUNT:
        deal = deal._replace(
            hands=tuple(hands), trick=trick, to_act=next_seat(seat), actions=actions
        )
        return _with_deal(state, deal)
    winner = trick_winner(trick, deal.trump)
    tricks_won = list(deal.tricks_won)
    card_points = list(deal.card_points)
    tricks_won[winner] += 1
    card_points[winner] += sum(POINTS[played] for _seat, played in trick)
    if sum(tricks_won) == HAND_SIZE and deal.talon is not None:
        # Decision 13: the talon counts for the dealer (it is not a trick): 70 every deal.
        card_points[deal.dealer] += sum(POINTS[talon_card] for talon_card in deal.talon)
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
    if deal.is_over:
        phase, dealer, progress = match_rules.finish_deal(state, deal)
        return MatchState(state.format, state.options, phase, dealer, progress, deal)
    return _with_deal(state, deal)


def _with_deal(state: MatchState, deal: DealState) -> MatchState:
    return MatchState(state.format, state.options, Phase.PLAY, state.dealer, state.progress, deal)


def forfeit_winner(totals: Sequence[int], forfeiting_seat: int) -> int | None:
    """Return the seat that wins when `forfeiting_seat` forfeits: of the two others, the one
    with the higher total, or None when their totals are equal (Decision 16)."""
    first, second = (seat for seat in range(SEAT_COUNT) if seat != forfeiting_seat)
    if totals[first] == totals[second]:
        return None
    return first if totals[first] > totals[second] else second


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left") and is the loser; the other
    seat with the higher total wins (nobody when they are equal).

    A deal in progress is kept as cut short (complete false, no score)."""
    return match_rules.forfeit(
        state, seat=seat, reason=reason, winner=partial(forfeit_winner, state.totals)
    )
