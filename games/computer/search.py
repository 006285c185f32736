"""Determinized Monte Carlo, the search of every strong level (*fort*).

A decision's candidates are played in many determinizations of the deal (its hidden cards dealt
again consistently with what the seat saw: each game's knowledge, `sample(rng, *, to_act=,
multiplier=)`), each to the end of the deal; the candidate with the best total of the seat's side
wins. Every candidate is played in the same determinizations (common random numbers), so the
comparison is fair even with few playouts. What differs between games is the knowledge and how a
deal is played to its end and valued (`finish`): the caller's. A playout is any object with
`copy()`, `play(card)`, `trump` and `multiplier`.

- Cards: each legal card.
- Trump: each legal choice (a suit, or no trump doubling the deal), played from the first card.
- A doubling (buque, sur-buque, mee, tegen): the mean deal score (x1) of the deal as it stands,
  from the first card; double only at the game's margin.

A budget is a number of playouts, so that a decision depends only on the view and the seed. On
the site a decision may also be given an end in time (`thinking_until`: the end of the
computer's pause, when its move is due): past it, the search stops at the end of its round,
once it has played at least 1/`MINIMUM_SHARE` of its budget. Without load the budget is spent
well before; under load (many computers thinking at once in one process) the strong levels
think less rather than play late.

A search may also stop before its budget once its choice is settled (`settle=True`, the strong
levels' setting): at each of its checkpoints (every 1/`SETTLE_CHECKS` of the budget), the
candidate ahead is compared with every other on the playouts they shared. It stops when each
paired difference is above `-SETTLE_TOLERANCE` by `SETTLE_Z` standard errors: the leader is
better, or no worse than by a hundredth of a point, with that confidence. A doubling stops when
its mean is `SETTLE_Z` standard errors away from its margin. An obvious decision (one card
clearly best, cards of equal worth, a hand far from the margin) takes a fraction of the budget;
a close one takes all of it. This is the budget adapted to the position, and it stays a function
of the view and the seed.
"""

import contextlib
import contextvars
import math
import operator
import random
import time
from collections.abc import Callable, Mapping, Sequence

from games.engine.core import CARD_INDEX, NO_TRUMP, SUIT_INDEX

from .actions import card_action, double_or_pass

# However late it is, a search plays at least this share (1/n) of its budget: under load a
# strong level thinks less, it never plays blind.
MINIMUM_SHARE = 8
# A settled search stops early: it is checked this many times over its budget (the first check
# after 1/SETTLE_CHECKS of it), each candidate against the leader, standard errors of the
# paired difference (SETTLE_Z, for several checks and candidates at once), and how much worse
# than the leader, in points of a deal, a candidate may be and still count as settled.
SETTLE_CHECKS = 8
# A check needs this many rounds for its standard errors to mean something: the first checks of
# a small budget are skipped.
SETTLE_MINIMUM_ROUNDS = 32
SETTLE_Z = 3.0
SETTLE_TOLERANCE = 0.01
# The end of the decision being searched (`time.monotonic()`), or None: no end but the budget.
_thinking_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar(
    "thinking_deadline", default=None
)


@contextlib.contextmanager
def thinking_until(deadline: float | None):
    """Within this block, stop each search at `deadline` (`time.monotonic()`) once it has
    played its minimum share; None: the whole budget."""
    token = _thinking_deadline.set(deadline)
    try:
        yield
    finally:
        _thinking_deadline.reset(token)


def _is_out_of_time(done: int, planned: int) -> bool:
    """Tell whether a search that did `done` of its `planned` rounds must stop now."""
    deadline = _thinking_deadline.get()
    return deadline is not None and done * MINIMUM_SHARE >= planned and time.monotonic() >= deadline


def _checkpoints(rounds: int, settle: bool) -> set[int]:
    """Return the rounds after which a search of `rounds` checks whether it is settled."""
    if not settle:
        return set()
    checks = (rounds * check // SETTLE_CHECKS for check in range(1, SETTLE_CHECKS))
    return {done for done in checks if done >= SETTLE_MINIMUM_ROUNDS}


def _is_settled(values: list[list[int]], best: int) -> bool:
    """Tell whether candidate `best` is ahead of every other, or behind by no more than
    SETTLE_TOLERANCE, by SETTLE_Z standard errors of their paired difference (`values`: each
    candidate's value in each round played, the rounds shared)."""
    leader = values[best]
    rounds = len(leader)
    leader_total = sum(leader)
    leader_squares = sum(map(operator.mul, leader, leader))
    for index, other in enumerate(values):
        if index == best:
            continue
        difference = leader_total - sum(other)
        squares = (
            leader_squares
            + sum(map(operator.mul, other, other))
            - 2 * sum(map(operator.mul, leader, other))
        )
        variance = max(0.0, (squares - difference * difference / rounds) / (rounds - 1))
        mean = difference / rounds
        if mean - SETTLE_Z * math.sqrt(variance / rounds) < -SETTLE_TOLERANCE:
            return False
    return True


def best_of(
    candidates: Sequence,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    prepare: Callable[[object, object], None] | None = None,
    ranks: Sequence[int] | None = None,
    settle: bool = False,
) -> tuple[int, int]:
    """Return (index of the best candidate, playouts run).

    Each round draws one determinization (`sample()`); each candidate is played in a copy of it
    (`prepare(copy, candidate)`, by default the copy plays the candidate, a card) and the deal
    played to its end (`finish(copy)`, its value for the seat's side). `playouts` is shared
    between the candidates (at least one round; fewer rounds past the end in time of
    `thinking_until`, or once the choice is settled with `settle`). Among equal totals the
    candidate of the smallest rank wins (`ranks`, by default its position).
    """
    count = len(candidates)
    if ranks is None:
        ranks = range(count)
    values: list[list[int]] = [[] for _index in range(count)]
    rounds = max(1, playouts // count)
    checkpoints = _checkpoints(rounds, settle)

    def leader() -> int:
        totals = [sum(candidate_values) for candidate_values in values]
        return max(range(count), key=lambda index: (totals[index], -ranks[index]))

    done = 0
    while done < rounds and not _is_out_of_time(done, rounds):
        done += 1
        deal = sample()
        for index in range(count):
            playout = deal.copy()
            if prepare is None:
                playout.play(candidates[index])
            else:
                prepare(playout, candidates[index])
            values[index].append(finish(playout))
        if done in checkpoints and _is_settled(values, leader()):
            break
    return leader(), done * count


def best_card(
    view: dict,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    settle: bool = False,
) -> tuple[dict, int]:
    """Return (the legal card action of `view` with the best total, playouts run): each legal
    card played, then the deal to its end (`finish(playout)`, the deal's value); among equal
    totals the card of the smallest index (the first suit's strongest)."""
    cards = [CARD_INDEX[action["card"]] for action in view["legal_actions"]]
    best, count = best_of(
        cards, sample=sample, finish=finish, playouts=playouts, ranks=cards, settle=settle
    )
    return card_action(view, cards[best]), count


def best_trump(
    view: dict,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    multiplier: int,
    settle: bool = False,
) -> tuple[dict, int]:
    """Return (the legal trump choice of `view` with the best total, playouts run): a suit, or
    no trump (a roll, or a trump with a null suit) which doubles the deal's `multiplier`; each
    played from the first card of the deal (`sample` starts there)."""
    options = view["legal_actions"]

    def name_trump(playout, action: dict) -> None:
        suit = action.get("suit")
        if suit is None:
            playout.trump = NO_TRUMP
            playout.multiplier = multiplier * 2
        else:
            playout.trump = SUIT_INDEX[suit]

    best, count = best_of(
        options,
        sample=sample,
        finish=finish,
        playouts=playouts,
        prepare=name_trump,
        settle=settle,
    )
    return options[best], count


def mean_value(
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    margin: float | None = None,
) -> tuple[float, int]:
    """Return (the mean value of `playouts` determinizations, each played to the end, playouts
    run). With a `margin`, stop at a checkpoint once the mean is SETTLE_Z standard errors
    away from it (above or below: the doubling is settled)."""
    total = squares = 0
    checkpoints = _checkpoints(playouts, margin is not None)
    done = 0
    while done < playouts and not _is_out_of_time(done, playouts):
        done += 1
        value = finish(sample())
        total += value
        squares += value * value
        if done in checkpoints:
            mean = total / done
            variance = max(0.0, (squares - total * mean) / (done - 1))
            if abs(mean - margin) > SETTLE_Z * math.sqrt(variance / done):
                break
    return total / done, done


def decide(
    view: dict,
    rng: random.Random,
    *,
    knowledge_of: Callable[[dict], object],
    finisher: Callable[[object, random.Random], Callable[[object], int]],
    leader: int,
    margins: Mapping[str, float],
    playouts: int,
    doubling_playouts: int,
    rules_of_thumb: Mapping[str, Callable[[dict], dict]] | None = None,
    settle: bool = False,
) -> tuple[dict, int]:
    """Return (action, playouts run) for `view`: its only legal action, or a phase's rule of
    thumb (`rules_of_thumb`: no search), or the search: a card, a trump (the deal played from
    `leader`'s first card), or a doubling of `margins` (the phase's name: the mean deal score
    from which it doubles, over `doubling_playouts`).

    `knowledge_of(view)` is what the seat knows, `finisher(knowledge, rng)` the end of a
    playout: the deal played out, its value for the seat's side. `settle` stops each search
    once its choice is settled (the module's docstring)."""
    legal_actions = view["legal_actions"]
    if len(legal_actions) == 1:
        return legal_actions[0], 0
    phase = view["phase"]
    if rules_of_thumb and phase in rules_of_thumb:
        return rules_of_thumb[phase](view), 0
    knowledge = knowledge_of(view)
    finish = finisher(knowledge, rng)
    if phase == "trump":
        return best_trump(
            view,
            sample=lambda: knowledge.sample(rng, to_act=leader),
            finish=finish,
            playouts=playouts,
            multiplier=knowledge.multiplier,
            settle=settle,
        )
    if phase in margins:
        mean, count = mean_value(
            sample=lambda: knowledge.sample(rng, to_act=leader, multiplier=1),
            finish=finish,
            playouts=doubling_playouts,
            margin=margins[phase] if settle else None,
        )
        return double_or_pass(view, phase, mean, margins[phase]), count
    return best_card(
        view,
        sample=lambda: knowledge.sample(rng),
        finish=finish,
        playouts=playouts,
        settle=settle,
    )
