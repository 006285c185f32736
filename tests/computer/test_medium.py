"""The medium level's rules of thumb (two players), each on a crafted view (docs/computer.md)."""

import random

from games.computer import medium
from games.engine.cards import CARDS
from games.engine.core import CARD_INDEX, NO_TRUMP, SUIT_INDEX, legal_mask, mask_of


def _view(
    *,
    hand,
    up=(),
    opponent_up=(),
    trump="H",
    phase="play",
    seat=0,
    dealer=1,
    plays=(),
    trick=(),
    announcements=(),
    opponent_hand=None,
) -> dict:
    """A two-player view of `seat`, with the cards played before (`plays`, whole tricks of
    (seat, card)) and the trick in progress (`trick`, the led card of the opponent)."""
    opponent = 1 - seat
    stacks = [None, None]
    stacks[seat] = [{"up": card, "down": 1} for card in up]
    stacks[opponent] = [{"up": card, "down": 1} for card in opponent_up]
    for owner in (0, 1):
        stacks[owner] += [{"up": None, "down": 0}] * (4 - len(stacks[owner]))
    played = [*plays, *((opponent, card) for card in trick)]
    hand_counts = [0, 0]
    hand_counts[seat] = len(hand)
    hand_counts[opponent] = len(hand) if opponent_hand is None else opponent_hand
    if phase == "play":
        available = mask_of([*hand, *up])
        led = CARD_INDEX[trick[0]] if trick else -1
        legal = legal_mask(available, led, SUIT_INDEX[trump] if trump else NO_TRUMP)
        legal_actions = [
            {"seat": seat, "type": "play", "card": CARDS[index]}
            for index in range(32)
            if legal >> index & 1
        ]
    elif phase == "trump":
        legal_actions = [{"seat": seat, "type": "trump", "suit": suit} for suit in "SHDC"]
        legal_actions.append({"seat": seat, "type": "roll"})
    else:
        legal_actions = [{"seat": seat, "type": phase}, {"seat": seat, "type": "pass"}]
    return {
        "format": "first-to-71",
        "seat": seat,
        "phase": phase,
        "dealer": dealer,
        "seat_to_act": seat,
        "trump": trump,
        "rolled": trump is None and phase != "trump",
        "multiplier": 1,
        "hand": list(hand),
        "hand_counts": hand_counts,
        "stacks": stacks,
        "trick": [{"seat": opponent, "card": card} for card in trick],
        "deal_actions": [
            *announcements,
            *({"seat": who, "type": "play", "card": card} for who, card in played),
        ],
        "tricks_won": [0, 0],
        "card_points": [0, 0],
        "legal_actions": legal_actions,
    }


def _decided(view: dict) -> dict:
    action = medium.choose(view, random.Random(0))
    assert action in view["legal_actions"]
    return action


def test_it_buques_four_trumps_with_two_side_manilles_and_passes_with_one() -> None:
    # Worth 4 x 3 + 2 x 3.5 = 19 against 4 x 3 + 3.5 = 15.5: the threshold is 18.
    strong = _view(hand=["KH", "QH", "9H", "8H", "TS", "TD", "7C", "8C"], phase="buque")
    weak = _view(hand=["KH", "QH", "9H", "8H", "TS", "9D", "7C", "8C"], phase="buque")

    assert _decided(strong)["type"] == "buque"
    assert _decided(weak)["type"] == "pass"


def test_the_table_cards_count_for_the_buque() -> None:
    view = _view(hand=["KH", "QH", "7S", "8S", "9D", "7C", "8C", "9C"], up=["9H", "8H", "TS", "TD"])

    assert medium.buque_score(mask_of(["KH", "QH", "9H", "8H", "TS", "TD"]), 1) == 19.0
    assert _decided({**view, "phase": "buque", "legal_actions": _buque_actions()})["type"] == (
        "buque"
    )


def _buque_actions() -> list[dict]:
    return [{"seat": 0, "type": "buque"}, {"seat": 0, "type": "pass"}]


def test_in_a_rolled_deal_it_buques_with_three_manilles_not_two_manilles_and_two_manillons() -> (
    None
):
    # Worth 4 a manille and 2.5 a manillon: 14.5 buques, 13 does not.
    three = _view(hand=["TS", "TH", "TD", "AC", "7S", "8H", "9D", "7C"], trump=None, phase="buque")
    two = _view(hand=["TS", "TH", "AD", "AC", "7S", "8H", "9D", "7C"], trump=None, phase="buque")

    assert _decided(three)["type"] == "buque"
    assert _decided(two)["type"] == "pass"


def test_it_sur_buques_only_a_very_strong_hand() -> None:
    # Five trumps with manille and manillon and a side manille: 27.5; the manille alone: 24.5.
    very = _view(hand=["TH", "AH", "9H", "8H", "7H", "TS", "7D", "8C"], phase="surbuque", seat=1)
    strong = _view(hand=["TH", "KH", "9H", "8H", "7H", "TS", "7D", "8C"], phase="surbuque", seat=1)

    assert _decided(very)["type"] == "surbuque"
    assert _decided(strong)["type"] == "pass"


def test_the_dealer_rolls_with_manilles_and_manillons_and_no_long_suit() -> None:
    # Two manilles and two manillons (worth 13 without trump, it rolls from 12), no suit of five.
    rolls = _view(
        hand=["TS", "AS", "TH", "AH", "KD", "7C", "8C", "9C"], trump=None, phase="trump", seat=1
    )
    # Two manilles and a manillon (10.5): hearts, the best suit, is trump.
    names = _view(
        hand=["TS", "KS", "TH", "AH", "KH", "7C", "8C", "9D"], trump=None, phase="trump", seat=1
    )
    # Three manilles, but five hearts: hearts is trump.
    long = _view(
        hand=["TS", "TD", "TH", "9H", "8H", "7H", "QH", "9C"], trump=None, phase="trump", seat=1
    )

    assert _decided(rolls) == {"seat": 1, "type": "roll"}
    assert _decided(names) == {"seat": 1, "type": "trump", "suit": "H"}
    assert _decided(long) == {"seat": 1, "type": "trump", "suit": "H"}


def test_it_cashes_a_master_card_with_points_even_in_a_long_suit() -> None:
    view = _view(hand=["TS", "9S", "8S", "7S", "QS", "7H", "7D", "9C"])

    assert _decided(view)["card"] == "TS"


def test_it_does_not_cash_a_master_the_opponent_may_ruff_and_makes_him_ruff_instead() -> None:
    # The opponent played a heart (trump) on a club: no club left in his hand, and he may hold
    # more trumps. Its 10 of clubs would be ruffed; a club without points makes him ruff.
    view = _view(
        hand=["AS", "9S", "8S", "KS", "9D", "8D", "JD", "7C"],
        up=["TC"],
        trump="H",
        plays=[(0, "9C"), (1, "7H")],
        opponent_hand=7,
    )

    assert _decided(view)["card"] == "7C"


def test_without_a_ruff_to_fear_it_leads_a_low_card_of_its_longest_suit() -> None:
    view = _view(hand=["AS", "9S", "8S", "7S", "9D", "8D", "KC", "JD"], trump="H")

    assert _decided(view)["card"] == "7S"


def test_it_throws_a_manillon_that_is_not_master_on_a_trick_it_wins() -> None:
    # The opponent leads the 7 of spades; the 10 of spades is unseen: the ace would fall to it.
    view = _view(hand=["AS", "8S", "7H", "8H", "9D", "8D", "7C", "8C"], trick=["7S"])

    assert _decided(view)["card"] == "AS"


def test_it_discards_a_table_card_before_an_equal_card_of_its_hand() -> None:
    # Void in the led suit and in trumps: a card without points, from the table (the card under
    # it turns up).
    view = _view(hand=["8S", "9D", "8D", "7D", "9S", "JS", "QS", "7C"], up=["9C"], trick=["KH"])

    assert _decided(view)["card"] == "9C"
