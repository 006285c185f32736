import pytest

from games.engine import (
    CARDS,
    FORMAT_FIRST_TO_71,
    Phase,
    RuleError,
    deal_start,
    new_match,
    player_view,
    seat_to_act,
)
from games.engine.dealing import deal_cards, validate_deck

from .positions import started


def test_deal_follows_the_deck_index_table_when_seat_0_deals() -> None:
    deck = list(CARDS)

    hands, stacks = deal_cards(tuple(deck), dealer=0)

    # Non-dealer (seat 1): indices 0-2, 14-15, 26-28; dealer: 3-5, 16-17, 29-31.
    assert sorted(hands[1]) == sorted(deck[0:3] + deck[14:16] + deck[26:29])
    assert sorted(hands[0]) == sorted(deck[3:6] + deck[16:18] + deck[29:32])
    # Face-down 6-13 and face-up 18-25 alternate non-dealer stack 1, dealer stack 1, ...
    assert stacks[1] == (
        (deck[18], deck[6]),
        (deck[20], deck[8]),
        (deck[22], deck[10]),
        (deck[24], deck[12]),
    )
    assert stacks[0] == (
        (deck[19], deck[7]),
        (deck[21], deck[9]),
        (deck[23], deck[11]),
        (deck[25], deck[13]),
    )


def test_deal_follows_the_deck_index_table_when_seat_1_deals() -> None:
    deck = list(CARDS)

    hands, stacks = deal_cards(tuple(deck), dealer=1)

    assert sorted(hands[0]) == sorted(deck[0:3] + deck[14:16] + deck[26:29])
    assert sorted(hands[1]) == sorted(deck[3:6] + deck[16:18] + deck[29:32])
    assert [stack[0] for stack in stacks[0]] == [deck[18], deck[20], deck[22], deck[24]]
    assert [stack[1] for stack in stacks[0]] == [deck[6], deck[8], deck[10], deck[12]]
    assert [stack[0] for stack in stacks[1]] == [deck[19], deck[21], deck[23], deck[25]]
    assert [stack[1] for stack in stacks[1]] == [deck[7], deck[9], deck[11], deck[13]]


def test_deal_start_gives_eight_cards_and_four_stacks_and_asks_the_dealer() -> None:
    state = started(list(CARDS), dealer=0)

    view = player_view(state, 1)
    assert state.phase is Phase.TRUMP
    assert seat_to_act(state) == 0
    # Canonical deck (TS AS KS QS JS 9S 8S 7S TH AH ... 7C), seat 1 is the non-dealer:
    # hand = indices 0-2 (TS AS KS), 14-15 (8H 7H), 26-28 (KC QC JC);
    # face-up = indices 18, 20, 22, 24 (KD JD 8D TC) over 6, 8, 10, 12 (8S TH KH JH).
    assert view["hand"] == ["TS", "AS", "KS", "8H", "7H", "KC", "QC", "JC"]
    assert view["hand_counts"] == [8, 8]
    assert view["stacks"][1] == [
        {"up": "KD", "down": 1},
        {"up": "JD", "down": 1},
        {"up": "8D", "down": 1},
        {"up": "TC", "down": 1},
    ]
    # Dealer: face-up indices 19, 21, 23, 25 (QD 9D 7D AC).
    assert view["stacks"][0] == [
        {"up": "QD", "down": 1},
        {"up": "9D", "down": 1},
        {"up": "7D", "down": 1},
        {"up": "AC", "down": 1},
    ]
    assert player_view(state, 0)["hand"] == ["QS", "JS", "9S", "TD", "AD", "9C", "8C", "7C"]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (list(CARDS)[:31], "a deck holds 32 cards, not 31"),
        (list(CARDS)[:31] + ["TS"], "duplicate cards in the deck: TS"),
        (list(CARDS)[:31] + ["1S"], "unknown card '1S' in the deck"),
        ("TS AS", "a deck must be a list of 32 cards"),
    ],
)
def test_a_bad_deck_is_malformed(deck, message: str) -> None:
    with pytest.raises(RuleError) as caught:
        validate_deck(deck)

    assert caught.value.code == "malformed"
    assert caught.value.message == message


def test_deal_start_outside_the_dealing_phase_is_wrong_phase() -> None:
    state = started(list(CARDS))

    with pytest.raises(RuleError) as caught:
        deal_start(state, list(CARDS))

    assert caught.value.code == "wrong_phase"
    assert state.phase is Phase.TRUMP


def test_new_match_refuses_an_unknown_format() -> None:
    with pytest.raises(RuleError) as caught:
        new_match(format="first-to-101", first_dealer=0)

    assert caught.value.code == "malformed"
    assert new_match(format=FORMAT_FIRST_TO_71, first_dealer=1).dealer == 1
