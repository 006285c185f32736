"""The steps of the rules that every game takes the same way, whatever its seats and phases.

Implements the parts of manille-2p.md and manille-4p.md, *The match*, that the games share: the
first dealer of a new match, the start of a deal (the deck checked and sealed: docs/engine.md,
*Verifiable deals*), the order in which an action out of place is refused (manille-4p.md, *Which
error is reported*: no deal in play, the game's own refusal, not the seat to act, a type the
phase does not take), the end of a deal (scored by the game's `Scoring`, the totals, the winner,
the pending 30-30, the next dealer) and forfeits (ladder.md). Each game's `rules.py` calls these
with what is its own: its phases, its words, its state.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from operator import add

from .commitments import deal_seal
from .errors import MALFORMED, NOT_YOUR_TURN, WRONG_PHASE, RuleError
from .match import (
    FORFEIT_REASONS,
    PHASE_DEALING,
    PHASE_MATCH_OVER,
    PHASE_PLAY,
    Action,
    DealRecord,
    MatchProgress,
    MatchStateBase,
    dealer_of,
    is_seat,
    match_winner,
    seat_words,
)
from .match_scoring import score_deal


def check_first_dealer(first_dealer: object, seat_count: int) -> None:
    """Raise RuleError `malformed` unless `first_dealer` is a seat of the game."""
    if not is_seat(first_dealer, seat_count):
        raise RuleError(
            MALFORMED,
            f"the first dealer must be seat {seat_words(seat_count)}, not {first_dealer!r}",
        )


# What a message says of the phases every game has; each game adds the words of its own, where
# `{dealer}` and `{to_act}` stand for the deal's seats.
_SHARED_PHASE_WORDS = {
    PHASE_DEALING: "the deal is over and the next one is not dealt yet",
    PHASE_MATCH_OVER: "the match is over",
    PHASE_PLAY: "the cards are being played, seat {to_act} to play",
}


@dataclass(frozen=True, slots=True)
class Phases:
    """One game's phases of a deal: the action types each takes, and what messages say."""

    # Phase -> the action types it takes.
    types: Mapping[str, tuple[str, ...]]
    # Phase -> what it awaits, `{dealer}` and `{to_act}` standing for the deal's seats (the
    # phases every game has are said here).
    words: Mapping[str, str]
    # Action type -> what a message calls it ("naming trump").
    action_words: Mapping[str, str]

    def words_of(self, state: MatchStateBase) -> str:
        """Return what a message says of the phase of `state`: who must decide what."""
        phase = state.phase
        if phase in self.words:
            return self.words[phase].format(dealer=state.deal.dealer, to_act=state.deal.to_act)
        if phase == PHASE_PLAY:
            return _SHARED_PHASE_WORDS[phase].format(to_act=state.deal.to_act)
        return _SHARED_PHASE_WORDS[phase]


def new_deal(
    state: MatchStateBase,
    deck: Sequence[str],
    salt: str | None,
    *,
    validate_deck: Callable[[object], tuple[str, ...]],
    phases: Phases,
) -> dict:
    """Return the fields every game's deal starts with: the dealer, the deck (checked), its salt
    and commitment (none without `salt`), the pending 30-30 it carries, no trick, nothing taken,
    no action. The game adds its hands and its header.

    Raise RuleError `wrong_phase` unless the match waits for a deal, `malformed` for a deck
    that is not the game's."""
    if not state.is_waiting_for_deal:
        raise RuleError(WRONG_PHASE, f"a new deal cannot start now: {phases.words_of(state)}")
    cards = validate_deck(deck)
    salt, commitment = deal_seal(cards, salt)
    sides = len(state.progress.totals)
    return {
        "dealer": state.dealer,
        "deck": cards,
        "doubled_by_tie": state.progress.is_tie_pending,
        "trick": (),
        "last_trick": (),
        "last_winner": None,
        "tricks_won": (0,) * sides,
        "card_points": (0,) * sides,
        "actions": (),
        "salt": salt,
        "commitment": commitment,
    }


def check_action(
    state: MatchStateBase,
    action: Action,
    phases: Phases,
    refusals: Mapping[str, Callable[[MatchStateBase], RuleError | None]] | None = None,
) -> None:
    """Raise the RuleError for `action` when it is out of place now, checked in this order:
    no deal in play (`wrong_phase`), the game's own refusal of the action's type
    (`refusals[type](state)`, an error or None), not the seat to act (`not_your_turn`), a type
    the phase does not take (`wrong_phase`). Every message says what the phase awaits
    (`phases`)."""
    if not state.is_deal_in_play:
        raise _wrong_phase(state, action, phases)
    if refusals and action.type in refusals:
        error = refusals[action.type](state)
        if error is not None:
            raise error
    to_act = state.deal.to_act
    if action.seat != to_act:
        raise RuleError(
            NOT_YOUR_TURN,
            f"it is seat {to_act}'s turn, not seat {action.seat}'s: {phases.words_of(state)}",
        )
    if action.type not in phases.types[state.phase]:
        raise _wrong_phase(state, action, phases)


def _wrong_phase(state: MatchStateBase, action: Action, phases: Phases) -> RuleError:
    return RuleError(
        WRONG_PHASE,
        f"{phases.action_words[action.type]} is not possible now: {phases.words_of(state)}",
    )


def finish_deal(state: MatchStateBase, deal, **changes) -> tuple[str, int, MatchProgress]:
    """Return (phase, dealer, progress) of the match once the last trick of `deal`, the deal in
    play, is taken: the game builds its state from them and the deal.

    The deal is scored by the game's `Scoring` and archived; a deal nobody wins sets the
    pending 30-30 where the game carries it (once: ties do not stack), a won deal clears it;
    `changes` are what else the game's progress remembers. The match is over when a side has
    won (`match_winner`, phase `match_over`), else it waits for the next dealer's deck (phase
    `dealing`); the phase is the game's own `Phase` member.
    """
    scoring = state.scoring
    summary = score_deal(scoring, deal, state.summary_class)
    progress = state.progress
    totals = tuple(map(add, progress.totals, summary.score))
    # Every deal archived so far is complete: a deal cut short ends the match.
    completed = len(progress.summaries) + 1
    progress = progress.after_deal(
        summary,
        DealRecord.from_deal(deal),
        totals=totals,
        winner=match_winner(state.match_format, totals, completed),
        is_tie_pending=scoring.is_tie_carried and not any(summary.score),
        **changes,
    )
    # Every game's Phase has these two members; the rules compare phases by identity.
    phases = type(state.phase)
    if progress.winner is not None:
        return phases.MATCH_OVER, state.dealer, progress
    dealer = dealer_of(progress.first_dealer, len(progress.records), state.seat_count)
    return phases.DEALING, dealer, progress


def forfeit(
    state: MatchStateBase, *, seat: int, reason: str, winner: Callable[[int], int]
) -> MatchStateBase:
    """Return the match ended at once: `seat` forfeits (`reason` "timeout" or "left") and
    `winner(seat)`, a side, wins.

    A deal in progress is kept as cut short (complete false, no score). Raise RuleError
    `wrong_phase` once the match is over, `malformed` for a seat or reason that is none.
    """
    if state.is_finished:
        raise RuleError(WRONG_PHASE, "a forfeit is not possible now: the match is over")
    seat_count = state.seat_count
    if not is_seat(seat, seat_count):
        raise RuleError(MALFORMED, f"a forfeit needs seat {seat_words(seat_count)}, not {seat!r}")
    if reason not in FORFEIT_REASONS:
        raise RuleError(MALFORMED, f"a forfeit's reason is timeout or left, not {reason!r}")
    progress = state.progress
    summaries = progress.summaries
    if state.is_deal_in_play:
        summaries = summaries + (state.cut_summary(),)
    progress = replace(
        progress,
        summaries=summaries,
        records=state.deal_records,
        winner=winner(seat),
        forfeit=(seat, reason),
    )
    return replace(state, phase=type(state.phase).MATCH_OVER, progress=progress)
