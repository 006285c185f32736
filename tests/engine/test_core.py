"""The fast core (integer cards, masks, mutable playouts) against the public immutable API."""

import random

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    SUITS,
    Action,
    Phase,
    apply,
    deal_start,
    legal_cards,
    new_match,
    shuffled_deck,
)
from games.engine.core import (
    CARD_INDEX,
    NO_CARD,
    NO_TRUMP,
    SUIT_INDEX,
    Playout,
    cards_of,
    deck_indices,
    legal_mask,
    mask_of,
    play_randomly,
)
from games.engine.tricks import obligation

RANDOM_DEALS = 2000


def _announced(rng: random.Random):
    """A random deal after random announcements, through the public API."""
    dealer = rng.randrange(2)
    state = deal_start(
        new_match(format=FORMAT_FIRST_TO_71, first_dealer=dealer), shuffled_deck(rng)
    )
    choice = rng.choice([*SUITS, None])
    if choice is None:
        state = apply(state, Action(seat=dealer, type="roll"))
    else:
        state = apply(state, Action(seat=dealer, type="trump", suit=choice))
    if rng.random() < 0.5:
        state = apply(state, Action(seat=1 - dealer, type="pass"))
    else:
        state = apply(state, Action(seat=1 - dealer, type="buque"))
        if state.phase is Phase.SURBUQUE:
            answer = "surbuque" if rng.random() < 0.5 else "pass"
            state = apply(state, Action(seat=dealer, type=answer))
    assert state.phase is Phase.PLAY
    return state


def _under_face_up(playout: Playout) -> list[int]:
    # What lies under a card already played no longer matters.
    return [playout.under[card] for card in cards_of(playout.up[0] | playout.up[1])]


def _same_position(playout: Playout, other: Playout) -> bool:
    return (
        playout.hands == other.hands
        and playout.up == other.up
        and _under_face_up(playout) == _under_face_up(other)
        and playout.trump == other.trump
        and playout.to_act == other.to_act
        and playout.led == other.led
        and playout.points == other.points
        and playout.tricks == other.tricks
    )


def test_thousands_of_random_deals_give_identical_results_through_both_paths() -> None:
    rng = random.Random(71)
    for _ in range(RANDOM_DEALS):
        state = _announced(rng)
        deal = state.deal
        playout = Playout.from_deal(deal)
        trump = SUIT_INDEX[deal.trump] if deal.trump else NO_TRUMP
        dealt = Playout.dealt(deck_indices(deal.deck), deal.dealer, trump)
        assert _same_position(playout, dealt)
        assert playout.multiplier == deal.multiplier

        # The hot loop plays the deal at random; the public API replays its cards one by one,
        # and a step-by-step playout checks every legal set and every position on the way.
        cards: list[int] = []
        final = play_randomly(playout.copy(), rng.random, cards)
        step = playout.copy()
        assert len(cards) == 32
        for card in cards:
            seat = state.deal.to_act
            assert step.to_act == seat
            public_legal = sorted(CARD_INDEX[name] for name in legal_cards(state.deal, seat))
            assert cards_of(step.legal()) == public_legal
            assert card in public_legal
            state = apply(state, Action(seat=seat, type="play", card=CARDS[card]))
            step.play(card)
            if state.phase is Phase.PLAY:
                assert _same_position(step, Playout.from_deal(state.deal))
        assert _same_position(step, final)
        summary = state.progress.summaries[-1]
        assert tuple(final.tricks) == summary.tricks
        assert tuple(final.points) == summary.card_points
        assert final.score() == summary.score


def test_the_mask_rule_is_the_shared_follower_rule_with_two_seats() -> None:
    rng = random.Random(13)
    for _ in range(5000):
        cards = rng.sample(CARDS, rng.randrange(1, 13) + 1)
        led, available = cards[0], cards[1:]
        trump = rng.choice([*SUITS, None])
        rule = obligation(available, [led], trump, is_partner_winning=False)
        mask = legal_mask(
            mask_of(available), CARD_INDEX[led], SUIT_INDEX[trump] if trump else NO_TRUMP
        )
        assert cards_of(mask) == sorted(CARD_INDEX[card] for card in rule.allowed)
        assert legal_mask(mask_of(available), NO_CARD, NO_TRUMP) == mask_of(available)
