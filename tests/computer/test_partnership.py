"""The computer players of the four-player games: legal play, what they infer, the information
boundary, repeatable decisions (docs/computer.md, *The four-player levels*)."""

import random

import pytest

from games.computer import LEVEL_EASY, LEVEL_MEDIUM, LEVEL_STRONG, LEVELS, choose_action
from games.computer.arena import play_partnership_match
from games.computer.partnership import strong
from games.computer.partnership.knowledge import PartnershipKnowledge
from games.computer.partnership.playout import PartnershipPlayout, play_out
from games.engine import RuleError
from games.engine.cards import shuffled_deck
from games.engine.core import (
    CARD_INDEX,
    NO_TRUMP,
    STRONGER,
    SUIT_INDEX,
    SUIT_MASK,
    mask_of,
)
from games.engine.partnership import (
    FLEMISH,
    FRENCH,
    VARIANT_MORT,
    deal_start,
    legal_cards,
    new_match,
    player_view,
)
from games.engine.variants import variant_get

VARIANTS = ("manille-flemish", "manille-french")
# Every table option on: the dealer may go blind, the opponents say mee.
ALL_OPTIONS = {"manille-flemish": {"blind": True, "mee_tegen": True}, "manille-french": None}
SMALL_BUDGET = 60


def _checked(level, view, *, seed):
    """The site's call, with the strong level on a small budget; every action must be legal."""
    if level == LEVEL_STRONG:
        action, _count = strong.decide(view, random.Random(seed), SMALL_BUDGET)
    else:
        action = choose_action(level, view, seed=seed)
    assert action in view["legal_actions"], (level, action, view["legal_actions"])
    return action


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize(
    "levels",
    [
        (LEVEL_EASY, LEVEL_MEDIUM, LEVEL_EASY, LEVEL_MEDIUM),
        (LEVEL_MEDIUM, LEVEL_EASY, LEVEL_MEDIUM, LEVEL_EASY),
        (LEVEL_MEDIUM, LEVEL_MEDIUM, LEVEL_MEDIUM, LEVEL_MEDIUM),
    ],
)
def test_easy_and_medium_play_only_legal_actions_over_many_matches(variant_name, levels):
    phases = set()

    def seen(view, action):
        phases.add(action["type"])

    for seed in range(12):
        state = play_partnership_match(
            variant_name,
            levels,
            seed=seed,
            options=ALL_OPTIONS[variant_name],
            first_dealer=seed % 4,
            choose=_checked,
            on_decision=seen,
        )
        assert state.is_finished and state.end is None
    assert "play" in phases
    if variant_name == "manille-flemish":
        assert {"trump", "pass"} <= phases


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_strong_plays_only_legal_actions_over_whole_matches(variant_name):
    for seed in range(2):
        levels = (LEVEL_STRONG, LEVEL_EASY, LEVEL_STRONG, LEVEL_MEDIUM)
        state = play_partnership_match(
            variant_name,
            levels[seed:] + levels[:seed],
            seed=seed,
            format=variant_get(variant_name).formats[-1] if seed else None,
            options=ALL_OPTIONS[variant_name],
            first_dealer=seed,
            choose=_checked,
        )
        assert state.is_finished and state.end is None


def test_the_levels_decide_look_or_blind_and_announcements() -> None:
    """With every option on, the dealer decides look or blind and the opponents mee or pass."""
    kinds = {level: set() for level in LEVELS}

    def seen(view, action):
        kinds[levels[view["seat"]]].add(action["type"])

    for seed in range(6):
        levels = (LEVELS[seed % 3], LEVELS[(seed + 1) % 3], LEVELS[(seed + 2) % 3], LEVEL_EASY)
        play_partnership_match(
            "manille-flemish",
            levels,
            seed=seed,
            format="boom-61",
            options=ALL_OPTIONS["manille-flemish"],
            choose=_checked,
            on_decision=seen,
        )
    for level in LEVELS:
        assert {"look", "trump", "pass", "play"} <= kinds[level], level
    assert "blind" in kinds[LEVEL_EASY] and "mee" in kinds[LEVEL_EASY]


# --- positions of random deals -----------------------------------------------------------------


def _positions(variant_name: str, matches: int, seed: int):
    """Yield (state at the deal's start, state, seat to act) at every decision of random matches
    of `variant_name`, played by the medium and easy levels."""
    variant = variant_get(variant_name)
    rng = random.Random(seed)
    for match in range(matches):
        state = variant.new_match(first_dealer=match % 4, options=ALL_OPTIONS[variant_name])
        before_deal = state
        step = 0
        while not state.is_finished:
            seat = variant.seat_to_act(state)
            if seat is None:
                before_deal = state
                state = variant.deal_start(state, variant.shuffled_deck(rng))
                continue
            yield before_deal, state, seat
            view = variant.player_view(state, seat)
            level = LEVEL_MEDIUM if step % 3 else LEVEL_EASY
            step += 1
            state = variant.apply(
                state, variant.action_from_json(choose_action(level, view, seed=step))
            )


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_the_playout_rule_is_the_engines_follower_rule(variant_name) -> None:
    """The bitmask follower rule of the playouts allows exactly what the engine allows."""
    ruleset = FLEMISH if variant_name == "manille-flemish" else FRENCH
    checked = 0
    for _start, state, seat in _positions(variant_name, 6, seed=3):
        deal = state.deal
        if str(state.phase) != "play":
            continue
        trump = SUIT_INDEX[deal.trump] if deal.trump is not None else NO_TRUMP
        playout = PartnershipPlayout(
            [mask_of(hand) for hand in deal.hands],
            trump,
            seat,
            ruleset=ruleset,
            trick=[(owner, CARD_INDEX[card]) for owner, card in deal.trick],
        )
        assert playout.legal() == mask_of(legal_cards(deal, seat))
        checked += 1
    assert checked > 500


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_a_playout_scores_the_deal_as_the_engine_does(variant_name) -> None:
    """Playing the engine's own cards through a playout gives the engine's deal score."""
    variant = variant_get(variant_name)
    ruleset = FLEMISH if variant_name == "manille-flemish" else FRENCH
    compared = 0
    for _start, state, seat in _positions(variant_name, 4, seed=8):
        deal = state.deal
        if str(state.phase) != "play" or deal.trick or deal.tricks_won != (0, 0):
            continue
        trump = SUIT_INDEX[deal.trump] if deal.trump is not None else NO_TRUMP
        playout = PartnershipPlayout(
            [mask_of(hand) for hand in deal.hands],
            trump,
            seat,
            ruleset=ruleset,
            multiplier=deal.multiplier,
        )
        engine_state = state
        while str(engine_state.phase) == "play":
            action = variant.legal_actions(engine_state, variant.seat_to_act(engine_state))[-1]
            playout.play(CARD_INDEX[action.card])
            engine_state = variant.apply(engine_state, action)
        summary = engine_state.progress.summaries[-1]
        assert playout.score() == summary.score
        compared += 1
    assert compared >= 10


def _hidden_cards(state, seat: int) -> set[str]:
    """The cards `seat` cannot see: the others' hands (his own too while he may not look),
    except the French turned-up card, which everybody saw."""
    deal = state.deal
    hidden_seats = [other for other in range(4) if other != seat]
    if seat in variant_get(state.variant).hidden_hand_seats(state):
        hidden_seats.append(seat)
    cards = {card for other in hidden_seats for card in deal.hands[other]}
    cards.discard(deal.turned_up)
    return cards


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_what_it_infers_is_true_of_the_hidden_hands_and_samples_respect_it(variant_name):
    rng = random.Random(4)
    checked = 0
    for _start, state, seat in _positions(variant_name, 5, seed=9):
        deal = state.deal
        if str(state.phase) != "play":
            continue
        view = variant_get(variant_name).player_view(state, seat)
        knowledge = PartnershipKnowledge(view)
        hidden = mask_of(card for other in range(4) if other != seat for card in deal.hands[other])
        # The unknown cards are exactly the others' hands; what it rules out of a seat's hand is
        # not there; the turned-up card is the dealer's while he holds it.
        assert knowledge.unknown == hidden
        for other in range(4):
            if other != seat:
                assert knowledge.forbidden[other] & mask_of(deal.hands[other]) == 0
        sample = knowledge.sample_hands(rng)
        assert sample[seat] == mask_of(deal.hands[seat])
        for other in range(4):
            if other == seat:
                continue
            assert sample[other] & ~knowledge.unknown == 0
            assert sample[other] & knowledge.forbidden[other] == 0
            assert sample[other].bit_count() == len(deal.hands[other])
        if deal.is_turned_up_held and seat != deal.dealer:
            assert sample[deal.dealer] >> CARD_INDEX[deal.turned_up] & 1
        assert sum(hand.bit_count() for hand in sample) == sum(map(len, deal.hands))
        checked += 1
    assert checked > 300


def test_shown_voids_and_cards_too_low_are_read_from_the_plays() -> None:
    """A follower who plays another suit holds none of the led suit; the second player, who
    follows under the leader's card, holds no higher card of the led suit."""
    variant = variant_get("manille-flemish")
    found_void = found_low = 0
    for _start, state, seat in _positions("manille-flemish", 6, seed=12):
        if str(state.phase) != "play":
            continue
        knowledge = PartnershipKnowledge(variant.player_view(state, seat))
        plays = list(state.deal.plays)
        for start in range(0, len(plays) - len(state.deal.trick), 4):
            led = CARD_INDEX[plays[start][1]]
            for position in (1, 2, 3):
                follower, card = plays[start + position][0], CARD_INDEX[plays[start + position][1]]
                if follower == seat:
                    continue
                may_hold = knowledge.may_hold(follower)
                if card >> 3 != led >> 3:
                    assert may_hold & SUIT_MASK[led >> 3] == 0
                    found_void += 1
                elif position == 1 and card > led:
                    assert may_hold & STRONGER[led] == 0
                    found_low += 1
    assert found_void > 50 and found_low > 50


# --- the information boundary ------------------------------------------------------------------


def _twin(before_deal, state, seat: int, rng: random.Random):
    """A state that differs from `state` only in cards `seat` cannot see, or None."""
    variant = variant_get(state.variant)
    deal = state.deal
    hidden = _hidden_cards(state, seat)
    positions = [index for index, card in enumerate(deal.deck) if card in hidden]
    for _attempt in range(100):
        shuffled = positions[:]
        rng.shuffle(shuffled)
        deck = list(deal.deck)
        for source, target in zip(positions, shuffled, strict=True):
            deck[target] = deal.deck[source]
        twin = variant.deal_start(before_deal, deck)
        try:
            # The past plays must stay legal with the other hidden cards.
            for action in deal.actions:
                twin = variant.apply(twin, action)
        except RuleError:
            continue
        if twin.deal.hands != deal.hands:
            return twin
    return None


@pytest.mark.parametrize("variant_name", VARIANTS)
@pytest.mark.parametrize("level", LEVELS)
def test_two_states_differing_only_in_hidden_cards_give_the_same_decision(variant_name, level):
    variant = variant_get(variant_name)
    rng = random.Random(21)
    compared = 0
    phases = set()
    for index, (before_deal, state, seat) in enumerate(_positions(variant_name, 3, seed=5)):
        if index % 7 and str(state.phase) == "play":
            continue
        twin = _twin(before_deal, state, seat, rng)
        if twin is None:
            continue
        view = variant.player_view(state, seat)
        twin_view = variant.player_view(twin, seat)
        # Only hidden cards differ: the seat's view is the same...
        assert twin_view == view
        # ...and so is the decision, for the same seed.
        assert _checked(level, twin_view, seed=index) == _checked(level, view, seed=index)
        compared += 1
        phases.add(str(state.phase))
    assert compared >= 30
    assert "play" in phases
    if variant_name == "manille-flemish":
        assert {"look", "trump", "mee"} <= phases


@pytest.mark.parametrize("variant_name", VARIANTS)
def test_the_strong_level_is_repeatable_and_counts_its_playouts(variant_name) -> None:
    decided = 0
    for index, (_start, state, seat) in enumerate(_positions(variant_name, 1, seed=2)):
        if index % 5:
            continue
        view = variant_get(variant_name).player_view(state, seat)
        first, count = strong.decide(view, random.Random(9), 200)
        again, _count = strong.decide(view, random.Random(9), 200)
        assert first == again and first in view["legal_actions"]
        assert count <= 200
        assert (count > 0) == (len(view["legal_actions"]) > 1 and str(state.phase) != "look")
        decided += 1
    assert decided > 10


def test_a_playout_plays_the_deal_to_its_end_legally() -> None:
    """`play_out` plays only cards the follower rule allows, and every card of the deal."""
    rng = random.Random(6)
    for game in range(200):
        cards = list(range(32))
        rng.shuffle(cards)
        hands = [sum(1 << card for card in cards[8 * seat : 8 * seat + 8]) for seat in range(4)]
        trump = rng.choice([NO_TRUMP, 0, 1, 2, 3])
        playout = PartnershipPlayout(hands, trump, rng.randrange(4), ruleset=FLEMISH)
        shadow = playout.copy()
        record = []
        play_out(playout, rng.random, greedy=game % 3 / 2, record=record)
        assert playout.hands == [0, 0, 0, 0] and len(record) == 32
        assert sum(playout.tricks) == 8 and sum(playout.points) == 60
        for card in record:
            assert shadow.legal() >> card & 1
            shadow.play(card)
        assert shadow.points == playout.points and shadow.tricks == playout.tricks


@pytest.mark.parametrize("seed", range(5))
def test_a_hand_on_the_table_is_known_to_every_sample(seed: int) -> None:
    # Avec un mort: a defender's samples give the dummy exactly its cards face up, and them to
    # nobody else (the same for a hand shown in parlée).
    rng = random.Random(seed)
    state = deal_start(
        new_match(variant=VARIANT_MORT, first_dealer=seed % 4, dummy=3), shuffled_deck(rng)
    )
    knowledge = PartnershipKnowledge(player_view(state, 0))
    dummy_mask = sum(1 << CARD_INDEX[card] for card in state.deal.hands[3])

    for _ in range(10):
        hands = knowledge.sample_hands(rng)
        assert hands[3] == dummy_mask
        assert not (hands[1] | hands[2]) & dummy_mask
    assert knowledge.may_hold(1) & dummy_mask == 0
