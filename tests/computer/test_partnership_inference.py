"""What the Flemish announcements make likely (`games/computer/partnership/inference.py`)."""

import random

from games.computer import LEVEL_MEDIUM, choose_action
from games.computer.actions import find_action
from games.computer.inference import buque_score, suit_strength
from games.computer.partnership.inference import informed, likely_hands
from games.computer.partnership.knowledge import PartnershipKnowledge
from games.engine.core import mask_of
from games.engine.variants import variant_get

FLEMISH = variant_get("manille-flemish")
OPTIONS = {"blind": True, "mee_tegen": True}


def _first_plays(deals: int):
    """(real hands then, view) at each seat's first card of deals between four moyen seats."""
    found = []
    for index in range(deals):
        state = FLEMISH.new_match(first_dealer=index % 4, options=OPTIONS)
        state = FLEMISH.deal_start(state, FLEMISH.shuffled_deck(random.Random(index)))
        decision = 0
        while (seat := FLEMISH.seat_to_act(state)) is not None:
            view = FLEMISH.player_view(state, seat)
            if view["phase"] == "play" and len(view["plays"]) < 4:
                found.append(([mask_of(hand) for hand in state.deal.hands], view))
            decision += 1
            action = choose_action(LEVEL_MEDIUM, view, seed=index * 100 + decision)
            state = FLEMISH.apply(state, FLEMISH.action_from_json(action))
    return found


def _after(actions: list[str], *, deck_seed: int, dealer: int = 0):
    """The state once the dealer named his strongest suit and the asked seats answered
    `actions` in turn (mee, tegen or pass)."""
    state = FLEMISH.new_match(first_dealer=dealer, options=OPTIONS)
    state = FLEMISH.deal_start(state, FLEMISH.shuffled_deck(random.Random(deck_seed)))
    look = find_action(FLEMISH.player_view(state, dealer), type="look")
    state = FLEMISH.apply(state, FLEMISH.action_from_json(look))
    view = FLEMISH.player_view(state, dealer)
    hand = mask_of(view["hand"])
    strongest = max(range(4), key=lambda suit: suit_strength(hand, suit))
    named = find_action(view, type="trump", suit="SHDC"[strongest])
    assert named is not None
    state = FLEMISH.apply(state, FLEMISH.action_from_json(named))
    for wanted in actions:
        seat = FLEMISH.seat_to_act(state)
        action = find_action(FLEMISH.player_view(state, seat), type=wanted)
        state = FLEMISH.apply(state, FLEMISH.action_from_json(action))
    return state


def test_the_real_deal_agrees_with_the_announcements_of_moyen_seats() -> None:
    # moyen names its strongest suit and says mee with a strong hand: the test believes it.
    seen = _first_plays(40)
    assert len(seen) == 160
    for hands, view in seen:
        test = likely_hands(view, PartnershipKnowledge(view))
        if view["seat"] == view["dealer"] and test is None:
            continue  # the dealer knows his own trump; no mee said nor passed to read
        assert test is not None
        assert test(hands)


def test_after_a_named_trump_the_dealer_drawn_holds_it_longer_and_the_deal_stays_consistent():
    state = _after(["pass", "pass"], deck_seed=5)
    seat = (state.dealer + 1) % 4
    view = FLEMISH.player_view(state, seat)
    plain = PartnershipKnowledge(view)
    knowing = informed(view)
    dealer = view["dealer"]
    rng = random.Random(3)

    plain_deals = [plain.sample_hands(rng) for _ in range(300)]
    likely_deals = [knowing.sample_hands(rng) for _ in range(300)]

    def trumps(hands: list[int]) -> int:
        return (hands[dealer] >> (8 * plain.trump) & 0xFF).bit_count()

    assert knowing.likely is not None
    assert sum(map(trumps, likely_deals)) > 1.2 * sum(map(trumps, plain_deals))
    for hands in likely_deals:
        assert hands[seat] == plain.hand
        for other in plain.others():
            assert hands[other] & ~plain.unknown == 0
            assert hands[other] & plain.forbidden[other] == 0
            assert hands[other].bit_count() == view["hand_counts"][other]


def test_a_mee_tells_the_dealer_s_team_that_one_opponent_is_strong() -> None:
    state = _after(["mee", "pass", "pass"], deck_seed=11)
    partner = (state.dealer + 2) % 4
    view = FLEMISH.player_view(state, partner)
    knowing = informed(view)
    plain = PartnershipKnowledge(view)
    askers = ((state.dealer + 1) % 4, (state.dealer + 3) % 4)
    rng = random.Random(4)

    def strongest_asker(hands: list[int]) -> float:
        return max(buque_score(hands[asker], plain.trump) for asker in askers)

    plain_worth = sum(strongest_asker(plain.sample_hands(rng)) for _ in range(300))
    likely_worth = sum(strongest_asker(knowing.sample_hands(rng)) for _ in range(300))

    assert view["mee"] is True
    assert likely_worth > plain_worth


def test_nothing_to_read_leaves_the_draws_unchanged() -> None:
    # French: the trump is turned up, nobody announces anything.
    french = variant_get("manille-french")
    state = french.deal_start(
        french.new_match(first_dealer=0), french.shuffled_deck(random.Random(2))
    )
    view = french.player_view(state, french.seat_to_act(state))
    # Flemish, before the trump is named.
    before = FLEMISH.new_match(first_dealer=0, options=OPTIONS)
    before = FLEMISH.deal_start(before, FLEMISH.shuffled_deck(random.Random(2)))
    waiting = FLEMISH.player_view(before, 1)

    for quiet in (view, waiting):
        assert informed(quiet).likely is None
        assert informed(quiet).sample_hands(random.Random(9)) == PartnershipKnowledge(
            quiet
        ).sample_hands(random.Random(9))
