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
    play_greedily,
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


def test_policy_playouts_play_legal_cards_to_the_engine_s_own_result() -> None:
    rng = random.Random(23)
    for _ in range(300):
        state = _announced(rng)
        playout = Playout.from_deal(state.deal)
        cards: list[int] = []

        final = play_greedily(playout.copy(), rng.random, cards)

        assert len(cards) == 32
        for card in cards:
            seat = state.deal.to_act
            assert card in [CARD_INDEX[name] for name in legal_cards(state.deal, seat)]
            state = apply(state, Action(seat=seat, type="play", card=CARDS[card]))
        summary = state.progress.summaries[-1]
        assert (tuple(final.tricks), tuple(final.points)) == (summary.tricks, summary.card_points)
        assert final.score() == summary.score


def test_policy_playouts_repeat_for_the_same_random_draws() -> None:
    state = _announced(random.Random(4))
    first: list[int] = []
    again: list[int] = []

    play_greedily(Playout.from_deal(state.deal), random.Random(8).random, first)
    play_greedily(Playout.from_deal(state.deal), random.Random(8).random, again)

    assert first == again


def _position(hands, up, led, trump, to_act=1) -> Playout:
    """The last trick of a deal (fifteen played): `to_act` leads, or follows `led`."""
    playout = Playout(
        [mask_of(hands[0]), mask_of(hands[1])],
        [mask_of(up[0]), mask_of(up[1])],
        [NO_CARD] * 32,
        SUIT_INDEX[trump] if trump else NO_TRUMP,
        to_act,
        tricks=(15, 0),
    )
    if led:
        playout.to_act = 1 - to_act
        playout.hands[1 - to_act] |= mask_of([led])
        playout.play(CARD_INDEX[led])
    return playout


def _policy_card(playout: Playout) -> str:
    # A draw of 0.99 is never the policy's random card (one in eight: a draw below 0.125).
    cards: list[int] = []
    play_greedily(playout, lambda: 0.99, cards)
    return CARDS[cards[0]]


def test_the_policy_takes_a_trick_with_the_weakest_card_that_takes_it() -> None:
    # Hearts led with the queen: the king, the ace and the ten take it, the king is played.
    playout = _position([["7S"], ["TH", "AH", "KH", "9H"]], [[], []], "QH", "S")

    assert _policy_card(playout) == "KH"


def test_the_policy_ruffs_with_its_weakest_trump_and_gives_least_when_it_cannot_win() -> None:
    ruffing = _position([["7S"], ["TS", "8S", "AD"]], [[], []], "QH", "S")
    losing = _position([["7S"], ["KD", "JC", "QD"]], [[], []], "TH", "S")

    assert _policy_card(ruffing) == "8S"
    assert _policy_card(losing) == "JC"


def test_the_policy_leads_a_manille_that_is_not_ruffed_else_its_cheapest_plain_card() -> None:
    without = _position([["7S"], ["AH", "QD", "9S", "KC"]], [[], []], None, "S")

    # Seat 0 has no diamond and holds a trump: the ten of diamonds would be ruffed.
    ruffed = _position([["7S"], ["AH", "TD", "9S"]], [[], []], None, "S")
    safe = _position([["7D"], ["AH", "TD", "9S"]], [[], []], None, "S")
    without = _position([["7S"], ["AH", "QD", "9S", "KC"]], [[], []], None, "S")

    assert _policy_card(ruffed) == "AH"
    assert _policy_card(safe) == "TD"
    assert _policy_card(without) == "QD"
