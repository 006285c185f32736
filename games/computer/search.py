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
"""

import random
from collections.abc import Callable, Mapping, Sequence

from games.engine.core import CARD_INDEX, NO_TRUMP, SUIT_INDEX

from .actions import card_action, double_or_pass


def best_of(
    candidates: Sequence,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    prepare: Callable[[object, object], None] | None = None,
    ranks: Sequence[int] | None = None,
    halving: bool = False,
) -> tuple[int, int]:
    """Return (index of the best candidate, playouts run).

    Each round draws one determinization (`sample()`); each candidate is played in a copy of it
    (`prepare(copy, candidate)`, by default the copy plays the candidate, a card) and the deal
    played to its end (`finish(copy)`, its value for the seat's side). `playouts` is shared
    between the candidates (at least one round). Among equal totals the candidate of the
    smallest rank wins (`ranks`, by default its position).

    With `halving`, the budget is spent by sequential halving (Karnin, Koren and Somekh, 2013):
    ⌈log2 n⌉ phases of equal budget, each shared by the candidates still in, the better half of
    which go on. The close contenders get most of the playouts, and every candidate still in
    has been played in the same deals as the others, so their totals stay comparable.
    """
    count = len(candidates)
    if ranks is None:
        ranks = range(count)
    totals = [0] * count
    alive = list(range(count))
    phases = max(1, (count - 1).bit_length()) if halving else 1
    per_phase = playouts // phases
    played = 0
    for phase in range(phases):
        rounds = max(1, per_phase // len(alive))
        for _ in range(rounds):
            deal = sample()
            for index in alive:
                playout = deal.copy()
                if prepare is None:
                    playout.play(candidates[index])
                else:
                    prepare(playout, candidates[index])
                totals[index] += finish(playout)
        played += rounds * len(alive)
        if phase < phases - 1:
            alive.sort(key=lambda index: (totals[index], -ranks[index]), reverse=True)
            alive = alive[: (len(alive) + 1) // 2]
    best = max(alive, key=lambda index: (totals[index], -ranks[index]))
    return best, played


def best_card(
    view: dict,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    halving: bool = False,
) -> tuple[dict, int]:
    """Return (the legal card action of `view` with the best total, playouts run): each legal
    card played, then the deal to its end (`finish(playout)`, the deal's value); among equal
    totals the card of the smallest index (the first suit's strongest). `halving`: see
    `best_of`."""
    cards = [CARD_INDEX[action["card"]] for action in view["legal_actions"]]
    best, count = best_of(
        cards, sample=sample, finish=finish, playouts=playouts, ranks=cards, halving=halving
    )
    return card_action(view, cards[best]), count


def best_trump(
    view: dict,
    *,
    sample: Callable[[], object],
    finish: Callable[[object], int],
    playouts: int,
    multiplier: int,
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
        options, sample=sample, finish=finish, playouts=playouts, prepare=name_trump
    )
    return options[best], count


def mean_value(
    *, sample: Callable[[], object], finish: Callable[[object], int], playouts: int
) -> float:
    """Return the mean value of `playouts` determinizations, each played to the end."""
    total = 0
    for _ in range(playouts):
        total += finish(sample())
    return total / playouts


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
    halving: bool = False,
) -> tuple[dict, int]:
    """Return (action, playouts run) for `view`: its only legal action, or a phase's rule of
    thumb (`rules_of_thumb`: no search), or the search: a card, a trump (the deal played from
    `leader`'s first card), or a doubling of `margins` (the phase's name: the mean deal score
    from which it doubles, over `doubling_playouts`).

    `knowledge_of(view)` is what the seat knows, `finisher(knowledge, rng)` the end of a
    playout: the deal played out, its value for the seat's side. `halving`: the cards' budget
    spent by sequential halving (`best_of`)."""
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
        )
    if phase in margins:
        mean = mean_value(
            sample=lambda: knowledge.sample(rng, to_act=leader, multiplier=1),
            finish=finish,
            playouts=doubling_playouts,
        )
        return double_or_pass(view, phase, mean, margins[phase]), doubling_playouts
    return best_card(
        view,
        sample=lambda: knowledge.sample(rng),
        finish=finish,
        playouts=playouts,
        halving=halving,
    )
