"""The rules of a partnership match: trump, mee and tegen, play, the end of a deal and of the
match, forfeits.

Implements manille-4p.md: *Common to both* (*Seats*, *Play of a trick*, *What a follower may
play* through the shared `tricks.py`, *Which error is reported*), *Flemish Manille* (*Trump*,
*Mee and tegen*, *The match*), *French Manille muette* (*Deal and trump*, the match) and the
forfeit of *The match*; manille-variants.md, *French Manille parlée* (*The questions*: when,
who, how many, in which order they are refused; Decisions 19-21) and *French Manille à trois
avec un mort* (the dummy's seat, fixed for the match; only a person forfeits; Decisions 17-18).
Every function is pure: a state in, a new state out, or a RuleError.
"""

from collections.abc import Sequence
from dataclasses import replace

from .. import match, match_rules
from ..cards import CARDS, POINTS, SUITS
from ..errors import (
    BLIND_NOT_ALLOWED,
    MALFORMED,
    RuleError,
)
from ..match import FORFEIT_REASONS as FORFEIT_REASONS  # part of this package's contract
from ..match import match_winner as match_winner  # part of this package's contract
from ..tricks import Obligation, obligation, refusal, unavailable, winning_index
from .dealing import deal_hands, validate_deck
from .questions import QUESTION_TYPES, question_refusal
from .rulesets import RULESETS, TRICKS_PER_DEAL, TRUMP_TURNED_UP, Ruleset
from .seats import SEAT_COUNT, TEAMS, next_seat, partner_of, team_of
from .state import (
    DEAL_PHASES,
    PHASE_TYPES,
    Action,
    DealState,
    MatchProgress,
    MatchState,
    Phase,
)

# The legal actions are handed out from these tables (`match.play_actions`).
PLAY_ACTIONS = match.play_actions(Action, SEAT_COUNT)
LOOK_CHOICES = match.seat_choices(Action, SEAT_COUNT, [{"type": "look"}, {"type": "blind"}])
TRUMP_CHOICES = match.seat_choices(
    Action, SEAT_COUNT, [{"type": "trump", "suit": suit} for suit in (*SUITS, None)]
)
MEE_CHOICES = match.seat_choices(Action, SEAT_COUNT, [{"type": "mee"}, {"type": "pass"}])
TEGEN_CHOICES = match.seat_choices(Action, SEAT_COUNT, [{"type": "tegen"}, {"type": "pass"}])
# *Parlée*: any card, any suit, or the whole hand (asking of a card one holds or has seen
# played is pointless, not forbidden).
QUESTION_CHOICES = match.seat_choices(
    Action,
    SEAT_COUNT,
    [
        *({"type": "ask_card", "card": card} for card in CARDS),
        *({"type": "ask_count", "suit": suit} for suit in SUITS),
        {"type": "show"},
    ],
)
CHOICES = {
    Phase.LOOK: LOOK_CHOICES,
    Phase.TRUMP: TRUMP_CHOICES,
    Phase.MEE: MEE_CHOICES,
    Phase.TEGEN: TEGEN_CHOICES,
}

# What each phase before the cards awaits, for the messages (`match_rules.Phases`).
PHASE_WORDS = {
    Phase.LOOK: "the dealer (seat {dealer}) must look at his cards or declare no trump blind",
    Phase.TRUMP: "the dealer (seat {dealer}) must name trump or no trump",
    Phase.MEE: "seat {to_act} may say mee or pass",
    Phase.TEGEN: "seat {to_act} may say tegen or pass",
}

ACTION_WORDS = {
    "look": "looking at the cards",
    "blind": "declaring no trump blind",
    "trump": "naming trump",
    "mee": "saying mee",
    "tegen": "saying tegen",
    "pass": "passing",
    "play": "playing a card",
    "ask_card": "asking the partner whether he holds a card",
    "ask_count": "asking the partner how many cards of a suit he holds",
    "show": "asking the partner to show his hand",
}

PHASES = match_rules.Phases(types=PHASE_TYPES, words=PHASE_WORDS, action_words=ACTION_WORDS)
# A game with questions takes them in the play phase, before the card (`_ask`); in any other
# game they are an action its phases do not take.
QUESTION_PHASES = match_rules.Phases(
    types={**PHASE_TYPES, Phase.PLAY: ("play", *QUESTION_TYPES)},
    words=PHASE_WORDS,
    action_words=ACTION_WORDS,
)


# --- the match --------------------------------------------------------------------------------


def _ruleset(variant: object) -> Ruleset:
    if not isinstance(variant, str) or variant not in RULESETS:
        raise RuleError(
            MALFORMED, f"unknown partnership variant {variant!r}: one of {', '.join(RULESETS)}"
        )
    return RULESETS[variant]


def _dummy_checked(ruleset: Ruleset, dummy: object) -> int | None:
    # A game with a dummy cannot start without its seat; another game has none.
    if ruleset.has_dummy:
        if not match.is_seat(dummy, SEAT_COUNT):
            raise RuleError(
                MALFORMED, f"{ruleset.variant} needs the dummy's seat, 0 to 3, not {dummy!r}"
            )
        return dummy
    if dummy is not None:
        raise RuleError(MALFORMED, f"{ruleset.variant} has no dummy")
    return None


def new_match(
    *,
    variant: str,
    format: str | None = None,
    first_dealer: int,
    options: dict | None = None,
    dummy: int | None = None,
) -> MatchState:
    """Start a match in the DEALING phase, waiting for the first deck.

    `format` defaults to the game's default (`boom-101`, `first-to-34`); `options` (Flemish:
    `{"blind": bool, "mee_tegen": bool}`) to the game's defaults. A key the game does not have
    raises `options_not_allowed`. `dummy` is the dummy's seat in a game that has one (*avec un
    mort*: required), None in any other.
    """
    ruleset = _ruleset(variant)
    dummy = _dummy_checked(ruleset, dummy)
    if format is None:
        format = ruleset.default_format
    if not isinstance(format, str) or format not in ruleset.formats:
        raise RuleError(
            MALFORMED,
            f"unknown {variant} format {format!r}: one of {', '.join(ruleset.formats)}",
        )
    match_rules.check_first_dealer(first_dealer, SEAT_COUNT)
    progress = MatchProgress.start(first_dealer=first_dealer, side_count=len(TEAMS))
    return MatchState(
        variant=variant,
        format=format,
        options=replace(ruleset.options(options), dummy=dummy),
        phase=Phase.DEALING,
        dealer=first_dealer,
        progress=progress,
        deal=None,
    )


def deal_start(state: MatchState, deck: Sequence[str], *, salt: str | None = None) -> MatchState:
    """Deal `deck` (index 0 = top after the cut). Flemish: the dealer looks or goes blind (LOOK,
    blind option on) or names trump (TRUMP). French: the last card is turned up as trump and
    d+1 leads at once (PLAY).

    With `salt` (64 lowercase hex digits) the deal keeps it and its commitment to the deck
    (docs/engine.md, *Verifiable deals*); without, both are None."""
    common = match_rules.new_deal(state, deck, salt, validate_deck=validate_deck, phases=PHASES)
    ruleset = state.ruleset
    dealer = state.dealer
    cards = common["deck"]
    hands = deal_hands(cards, dealer, ruleset.packets)
    if ruleset.trump_source == TRUMP_TURNED_UP:
        turned_up = cards[-1]
        trump = turned_up[1]
        phase, to_act = Phase.PLAY, next_seat(dealer)
    else:
        turned_up = trump = None
        phase = Phase.LOOK if state.options.blind else Phase.TRUMP
        to_act = dealer
    deal = DealState(
        **common,
        trump=trump,
        no_trump=False,
        blind=False,
        mee=False,
        tegen=False,
        turned_up=turned_up,
        hands=hands,
        to_act=to_act,
    )
    return _with_deal(state, phase, deal)


def seat_to_act(state: MatchState) -> int | None:
    """Return the seat whose decision is awaited, or None (between deals, match over)."""
    if state.phase in DEAL_PHASES:
        return state.deal.to_act
    return None


def dummy_seat(state: MatchState) -> int | None:
    """Return the seat of the match's dummy (*avec un mort*), or None in a game without one."""
    return state.options.dummy


def holder_of(state: MatchState) -> int | None:
    """Return the seat of the person who plays the dummy's hand, its partner opposite, or
    None in a game without a dummy."""
    dummy = state.options.dummy
    return None if dummy is None else partner_of(dummy)


def acting_seat(state: MatchState, seat: int) -> int:
    """Return the seat whose decision the person at `seat` takes now: the dummy's when he holds
    it and it is the dummy's turn, else his own."""
    dummy = state.options.dummy
    if dummy is not None and seat == partner_of(dummy) and seat_to_act(state) == dummy:
        return dummy
    return seat


def server_action(state: MatchState) -> Action | None:
    """Return the action the server takes on a seat's behalf now: never any, every decision is
    a seat's."""
    return None


def hidden_hand_seats(state: MatchState) -> frozenset[int]:
    """Return the seats that may not see their own cards now.

    Flemish: the dealer's partner until trump (or no trump) is named; with the blind option,
    the dealer himself until his first decision (look or blind). A deal cut short by a forfeit
    keeps them hidden.
    """
    deal = state.deal
    if (
        deal is None
        or state.phase is Phase.DEALING
        or state.ruleset.trump_source == TRUMP_TURNED_UP
        or deal.trump is not None
        or deal.no_trump
    ):
        return frozenset()
    if state.options.blind and not deal.actions:
        return frozenset({deal.dealer, partner_of(deal.dealer)})
    return frozenset({partner_of(deal.dealer)})


# --- what is legal ----------------------------------------------------------------------------


# The last answer of follower_obligation, reused when apply checks the card chosen from
# legal_actions. A deal is immutable and the entry holds a reference to it, so identity is a
# safe key (one tuple, replaced whole: safe to share between threads).
_last_obligation: tuple = (None, None, None)


def follower_obligation(deal: DealState, seat: int) -> Obligation:
    """Return the shared follower rule's answer (`tricks.Obligation`) for `seat` now."""
    global _last_obligation
    last = _last_obligation
    if last[0] is deal and last[1] == seat:
        return last[2]
    trick = deal.trick
    cards = [card for _seat, card in trick]
    is_partner_winning = False
    if trick:
        winning_seat = trick[winning_index(cards, deal.trump)][0]
        is_partner_winning = (winning_seat - seat) % 2 == 0
    rule = obligation(deal.hands[seat], cards, deal.trump, is_partner_winning=is_partner_winning)
    _last_obligation = (deal, seat, rule)
    return rule


def legal_cards(deal: DealState, seat: int) -> tuple[str, ...]:
    """Return the cards `seat` may play now, by *What a follower may play*."""
    return follower_obligation(deal, seat).allowed


def legal_actions(state: MatchState, seat: int) -> list[Action]:
    """Return every action `seat` may take now (empty when it is not his turn).

    In the play phase: the cards he may play, then, in a game with questions (*parlée*) and
    while he may ask, the 37 questions (`ask_card` of each card in the canonical order,
    `ask_count` of each suit S H D C, `show`). `legal_plays` gives the cards alone.
    """
    phase = state.phase
    if phase not in DEAL_PHASES:
        return []
    deal = state.deal
    if seat != deal.to_act:
        return []
    if phase is Phase.PLAY:
        actions = PLAY_ACTIONS[seat]
        plays = [actions[card] for card in legal_cards(deal, seat)]
        if state.ruleset.has_questions and question_refusal(deal.actions, seat) is None:
            plays.extend(QUESTION_CHOICES[seat])
        return plays
    return list(CHOICES[phase][seat])


def legal_plays(state: MatchState, seat: int) -> list[Action]:
    """Return `legal_actions` without the questions: in the play phase the cards `seat` may
    play (for a caller, such as a random player, that is not to spend its turns asking)."""
    if state.phase is not Phase.PLAY or seat != state.deal.to_act:
        return legal_actions(state, seat)
    actions = PLAY_ACTIONS[seat]
    return [actions[card] for card in legal_cards(state.deal, seat)]


def legal_questions(state: MatchState, seat: int) -> list[Action]:
    """Return the questions `seat` may ask now (*parlée*): none unless he is the seat to play,
    conducts his team or nobody does yet, has not asked this turn and has no hand shown."""
    if (
        not state.ruleset.has_questions
        or state.phase is not Phase.PLAY
        or seat != state.deal.to_act
        or question_refusal(state.deal.actions, seat) is not None
    ):
        return []
    return list(QUESTION_CHOICES[seat])


# --- messages ---------------------------------------------------------------------------------


def _blind_refusal(state: MatchState) -> RuleError | None:
    if state.options.blind and state.phase is Phase.LOOK:
        return None
    if not state.ruleset.option_defaults:
        return RuleError(BLIND_NOT_ALLOWED, f"{state.variant} has no blind no trump")
    if not state.options.blind:
        return RuleError(BLIND_NOT_ALLOWED, "blind no trump is not a rule at this table")
    deal = state.deal
    if deal.blind:
        return RuleError(
            BLIND_NOT_ALLOWED, f"the dealer (seat {deal.dealer}) has already declared blind"
        )
    return RuleError(
        BLIND_NOT_ALLOWED,
        f"blind no trump is declared before looking: the dealer (seat {deal.dealer}) has looked",
    )


# The action types this game refuses for a reason of its own, checked before the turn.
_REFUSALS = {"blind": _blind_refusal}


# --- applying an action -----------------------------------------------------------------------


def apply(state: MatchState, action: Action) -> MatchState:
    """Return the state after `action`, or raise RuleError.

    The checks follow *Which error is reported*: the deal already over (`wrong_phase`), `blind`
    when not allowed (`blind_not_allowed`), not the seat to act (`not_your_turn`), an action of
    another phase (`wrong_phase`), a card the seat does not hold (`card_not_available`), then
    the follower rule. A question (*parlée*) is refused when the deal is over (`wrong_phase`),
    by another seat than the one to play (`not_your_turn`), by the partner of the team's
    conductor (`not_conductor`), then as a second one in the turn or after a `show`
    (`question_limit`); asked, it leaves the same seat to play. After the eighth trick the deal
    is scored and the state goes to DEALING (next deck awaited) or MATCH_OVER.
    """
    if type(action) is not Action:
        raise RuleError(MALFORMED, f"not a partnership action: {action!r}")
    phase = state.phase
    deal = state.deal
    # The cards first: most actions are, and they pass every check below.
    if phase is Phase.PLAY and action.type == "play" and action.seat == deal.to_act:
        return _play(state, deal, action)
    if action.type in QUESTION_TYPES and state.ruleset.has_questions:
        return _ask(state, action)
    match_rules.check_action(state, action, PHASES, _REFUSALS)
    actions = deal.actions + (action,)
    if phase is Phase.LOOK:
        if action.type == "look":
            return _with_deal(state, Phase.TRUMP, deal._replace(actions=actions))
        deal = deal._replace(no_trump=True, blind=True, actions=actions)
        return _after_trump(state, deal)
    if phase is Phase.TRUMP:
        deal = deal._replace(trump=action.suit, no_trump=action.suit is None, actions=actions)
        return _after_trump(state, deal)
    if phase is Phase.MEE:
        return _announce_mee(state, deal._replace(actions=actions), action)
    return _announce_tegen(state, deal._replace(actions=actions), action)


def _ask(state: MatchState, action: Action) -> MatchState:
    match_rules.check_action(state, action, QUESTION_PHASES)
    deal = state.deal
    error = question_refusal(deal.actions, action.seat)
    if error is not None:
        raise error
    # A question is not a move: the same seat is still to play. Its answer is not stored: the
    # deal's actions and hands give it back (`DealState.questions`).
    return _with_deal(state, Phase.PLAY, deal._replace(actions=deal.actions + (action,)))


def _with_deal(state: MatchState, phase: Phase, deal: DealState) -> MatchState:
    return MatchState(
        state.variant, state.format, state.options, phase, state.dealer, state.progress, deal
    )


def _after_trump(state: MatchState, deal: DealState) -> MatchState:
    # The opponents are asked first, d+1 then d+3; without the option d+1 leads at once.
    if state.options.mee_tegen:
        return _with_deal(state, Phase.MEE, deal._replace(to_act=next_seat(deal.dealer)))
    return _with_deal(state, Phase.PLAY, deal._replace(to_act=next_seat(deal.dealer)))


def _announce_mee(state: MatchState, deal: DealState, action: Action) -> MatchState:
    dealer = deal.dealer
    if action.type == "mee":
        # The first mee ends the asking; the dealer's side is asked, d+2 then d.
        return _with_deal(state, Phase.TEGEN, deal._replace(mee=True, to_act=partner_of(dealer)))
    if action.seat == next_seat(dealer):
        # d+1 passed: the other opponent, d+3, is asked.
        return _with_deal(state, Phase.MEE, deal._replace(to_act=partner_of(action.seat)))
    return _with_deal(state, Phase.PLAY, deal._replace(to_act=next_seat(dealer)))


def _announce_tegen(state: MatchState, deal: DealState, action: Action) -> MatchState:
    dealer = deal.dealer
    if action.type == "tegen":
        return _with_deal(state, Phase.PLAY, deal._replace(tegen=True, to_act=next_seat(dealer)))
    if action.seat == partner_of(dealer):
        return _with_deal(state, Phase.TEGEN, deal._replace(to_act=dealer))
    return _with_deal(state, Phase.PLAY, deal._replace(to_act=next_seat(dealer)))


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
    if len(trick) < 4:
        deal = deal._replace(
            hands=tuple(hands), trick=trick, to_act=next_seat(seat), actions=actions
        )
        return _with_deal(state, Phase.PLAY, deal)
    winner = trick[winning_index([played for _seat, played in trick], deal.trump)][0]
    team = team_of(winner)
    points = sum(POINTS[played] for _seat, played in trick)
    tricks_won = list(deal.tricks_won)
    card_points = list(deal.card_points)
    tricks_won[team] += 1
    card_points[team] += points
    deal = deal._replace(
        hands=tuple(hands),
        trick=(),
        last_trick=trick,
        last_winner=winner,
        to_act=winner,
        tricks_won=(tricks_won[0], tricks_won[1]),
        card_points=(card_points[0], card_points[1]),
        actions=actions,
    )
    if tricks_won[0] + tricks_won[1] == TRICKS_PER_DEAL:
        phase, dealer, progress = match_rules.finish_deal(state, deal)
        return MatchState(state.variant, state.format, state.options, phase, dealer, progress, deal)
    return _with_deal(state, Phase.PLAY, deal)


def _winning_team(forfeiting_seat: int) -> int:
    return 1 - team_of(forfeiting_seat)


def forfeit(state: MatchState, *, seat: int, reason: str) -> MatchState:
    """End the match at once: `seat` forfeits ("timeout" or "left"), his team loses.

    A deal in progress is kept as cut short (complete false, no score). Only a person
    forfeits: the dummy's seat cannot (its holder does), RuleError `malformed`."""
    if seat is not None and seat == state.options.dummy:
        raise RuleError(
            MALFORMED, f"seat {seat} is the dummy: only a person forfeits, its holder for it"
        )
    return match_rules.forfeit(state, seat=seat, reason=reason, winner=_winning_team)
