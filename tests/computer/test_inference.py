"""What the opponent's announcements make likely (`games/computer/inference.py`)."""

import random

from games.computer import LEVEL_MEDIUM, choose_action, inference, medium
from games.computer.inference import informed, likely_hand
from games.computer.knowledge import Knowledge
from games.computer.medium import buque_score
from games.engine import (
    FORMAT_FIRST_TO_71,
    Action,
    Phase,
    apply,
    deal_start,
    new_match,
    player_view,
    seat_to_act,
    shuffled_deck,
)
from games.engine.core import mask_of


def _announcement_views(count: int):
    """(state, view) at the buque and sur-buque decisions of deals between two moyen seats."""
    rng = random.Random(29)
    found = []
    while len(found) < count:
        state = deal_start(
            new_match(format=FORMAT_FIRST_TO_71, first_dealer=len(found) % 2), shuffled_deck(rng)
        )
        while state.phase in (Phase.TRUMP, Phase.BUQUE, Phase.SURBUQUE):
            seat = seat_to_act(state)
            view = player_view(state, seat)
            if state.phase is not Phase.TRUMP:
                found.append((state, view))
            action = choose_action(LEVEL_MEDIUM, view, seed=len(found))
            state = apply(state, Action.from_json(action))
    return found


def test_a_moyen_opponent_s_real_hand_agrees_with_his_announcements() -> None:
    # moyen announces by the rules the test believes, within its margins: his real hand
    # always passes, whatever he said.
    for state, view in _announcement_views(60):
        seat = view["seat"]
        test = likely_hand(view, Knowledge(view))

        assert test is not None
        assert test(mask_of(state.deal.hands[1 - seat]))


def test_after_a_buque_the_hands_drawn_are_stronger_and_still_consistent() -> None:
    buqued = [(state, view) for state, view in _announcement_views(120) if view["buque"] != "none"]
    assert len(buqued) >= 3
    for _state, view in buqued:
        plain = Knowledge(view)
        knowing = informed(view)
        trump = plain.trump
        rng = random.Random(3)

        plain_hands = [plain.sample(rng).hands[plain.opponent] for _ in range(200)]
        likely_hands = [knowing.sample(rng).hands[plain.opponent] for _ in range(200)]

        assert sum(buque_score(hand, trump) for hand in likely_hands) > sum(
            buque_score(hand, trump) for hand in plain_hands
        )
        for hand in likely_hands:
            assert hand & ~plain.unknown == 0 and hand & plain.forbidden == 0
            assert hand.bit_count() == view["hand_counts"][plain.opponent]


def test_without_announcements_of_the_opponent_the_draws_are_unchanged() -> None:
    state = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=0), shuffled_deck(random.Random(8))
    )
    view = player_view(state, 0)  # the dealer names trump: the opponent has said nothing

    first = informed(view).sample(random.Random(4))
    again = Knowledge(view).sample(random.Random(4))

    assert informed(view).likely is None
    assert (first.hands, first.under) == (again.hands, again.under)


def test_the_tables_give_moyen_s_own_worths() -> None:
    rng = random.Random(17)
    for _ in range(2000):
        mask = rng.getrandbits(32)
        for trump in (-1, 0, 1, 2, 3):
            assert inference.buque_score(mask, trump) == medium.buque_score(mask, trump)
        for suit in range(4):
            assert inference.suit_strength(mask, suit) == medium.suit_strength(mask, suit)
        assert inference.best_strength(mask) == max(
            medium.suit_strength(mask, suit) for suit in range(4)
        )
