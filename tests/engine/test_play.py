import pytest

from games.engine import (
    CARDS,
    Action,
    Phase,
    RuleError,
    apply,
    legal_actions,
    player_view,
    public_view,
    seat_to_act,
)

from .positions import announced, deck_for, play


def _legal(state) -> list[str]:
    return [action.card for action in legal_actions(state, seat_to_act(state))]


def _refusal(state, card: str) -> tuple[str, str]:
    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=seat_to_act(state), type="play", card=card))
    return caught.value.code, caught.value.message


# Seat 0 deals, so seat 1 leads the first trick and seat 0 follows it.
BEAT_IN_HAND = deck_for(
    hands={0: ["TH", "AH", "8H", "KS", "7S", "8D", "7D", "9C"], 1: ["9H"]},
    up={0: ["QD", "JD", "KC", "QC"]},
    down={0: ["KH", "9D", "8C", "7C"]},
)
BEAT_ON_TABLE = deck_for(
    hands={0: ["8H", "KS", "7S", "8D", "7D", "9C", "8C", "7C"], 1: ["9H"]},
    up={0: ["TH", "AH", "QD", "JD"]},
    down={0: ["KH", "9D", "KC", "QC"]},
)
FOLLOW_IN_HAND = deck_for(
    hands={0: ["8H", "7H", "KS", "7S", "8D", "7D", "9C", "8C"], 1: ["TH"]},
    up={0: ["QD", "JD", "KC", "QC"]},
    down={0: ["AH", "9D", "7C", "TD"]},
)
FOLLOW_ON_TABLE = deck_for(
    hands={0: ["KS", "7S", "8D", "7D", "9C", "8C", "7C", "QD"], 1: ["TH"]},
    up={0: ["8H", "7H", "JD", "KC"]},
    down={0: ["AH", "9D", "QC", "TD"]},
)
TRUMP_IN_HAND = deck_for(
    hands={0: ["KS", "7S", "8D", "7D", "9C", "8C", "7C", "QD"], 1: ["9H"]},
    up={0: ["JD", "KC", "QC", "TD"]},
    down={0: ["AH", "TH", "KH", "8H"]},
)
TRUMP_ON_TABLE = deck_for(
    hands={0: ["8D", "7D", "9C", "8C", "7C", "QD", "JD", "KC"], 1: ["9H"]},
    up={0: ["KS", "QC", "7S", "TD"]},
    down={0: ["AH", "TH", "KH", "8H"]},
)
NO_HEART_NO_TRUMP = deck_for(
    hands={0: ["8D", "7D", "9C", "8C", "7C", "QD", "JD", "KC"], 1: ["9H"]},
    up={0: ["QC", "TD", "AD", "KD"]},
    down={0: ["AH", "TH", "KH", "8H"]},
)


@pytest.mark.parametrize(
    ("deck", "legal"),
    [
        (BEAT_IN_HAND, ["TH", "AH"]),
        (BEAT_ON_TABLE, ["TH", "AH"]),
    ],
)
def test_follower_with_the_led_suit_must_beat_when_he_can(deck, legal: list[str]) -> None:
    state = play(announced(deck, trump="S"), "9H")

    assert sorted(_legal(state)) == sorted(legal)
    assert _refusal(state, "8H") == ("must_beat", "must beat the 9♥ with a higher heart: T♥ or A♥")
    # A card breaking both "follow" and "beat": the first obligation broken names the code
    # (game-record.md, *Error codes*, Decision).
    assert _refusal(state, "KS") == (
        "must_follow_suit",
        "must follow suit with a heart higher than the 9♥: T♥ or A♥",
    )
    assert play(state, "AH").deal.tricks_won == (1, 0)


@pytest.mark.parametrize("deck", [FOLLOW_IN_HAND, FOLLOW_ON_TABLE])
def test_follower_who_cannot_beat_plays_any_card_of_the_led_suit(deck) -> None:
    state = play(announced(deck, trump="S"), "TH")

    assert sorted(_legal(state)) == ["7H", "8H"]
    assert _refusal(state, "KS") == ("must_follow_suit", "must follow suit with a heart: 8♥ or 7♥")
    assert play(state, "7H").deal.tricks_won == (0, 1)


@pytest.mark.parametrize("deck", [TRUMP_IN_HAND, TRUMP_ON_TABLE])
def test_follower_without_the_led_suit_must_trump(deck) -> None:
    state = play(announced(deck, trump="S"), "9H")

    # His hearts are all face down: they do not count.
    assert sorted(_legal(state)) == ["7S", "KS"]
    assert _refusal(state, "8D") == (
        "must_trump",
        "must trump with a spade, having no heart: K♠ or 7♠",
    )
    after = play(state, "7S")
    assert (after.deal.tricks_won, seat_to_act(after)) == ((1, 0), 0)


def test_follower_without_led_suit_nor_trump_plays_anything() -> None:
    state = play(announced(NO_HEART_NO_TRUMP, trump="S"), "9H")

    assert len(_legal(state)) == 12


def test_rolled_deal_has_no_trump_obligation() -> None:
    state = play(announced(TRUMP_IN_HAND, trump=None), "9H")

    assert len(_legal(state)) == 12
    after = play(state, "KS")
    assert (after.deal.tricks_won, seat_to_act(after)) == ((0, 1), 1)


def test_a_face_down_card_does_not_count_for_the_obligations() -> None:
    deck = deck_for(
        hands={0: ["8H", "KS", "7S", "8D", "7D", "9C", "8C", "7C"], 1: ["9H"]},
        up={0: ["QD", "JD", "KC", "QC"]},
        down={0: ["AH", "TH", "9D", "TD"]},
    )
    state = play(announced(deck, trump="S"), "9H")

    assert _legal(state) == ["8H"]


def test_leader_plays_any_available_card_never_a_face_down_one() -> None:
    # Canonical deck, seat 0 deals: seat 1's face-down cards are 8S TH KH JH.
    state = announced(list(CARDS), dealer=0, trump="S")

    assert len(_legal(state)) == 12
    assert _refusal(state, "TH") == (
        "card_not_available",
        "the T♥ is not in seat 1's hand or face-up table cards; playable: "
        "T♠, A♠, K♠, 8♥, 7♥, K♦, J♦, 8♦, T♣, K♣, Q♣ or J♣",
    )


def test_card_not_available_for_a_face_down_card_or_an_opponent_card() -> None:
    state = play(announced(BEAT_IN_HAND, trump="S"), "9H")

    # KH is seat 0's own face-down card; the message must not tell him so.
    assert _refusal(state, "KH") == (
        "card_not_available",
        "the K♥ is not in seat 0's hand or face-up table cards; playable: T♥ or A♥",
    )
    assert _refusal(state, "9H") == (
        "card_not_available",
        "the 9♥ is not in seat 0's hand or face-up table cards; playable: T♥ or A♥",
    )


def test_playing_out_of_turn_is_not_your_turn() -> None:
    state = announced(BEAT_IN_HAND, trump="S")

    with pytest.raises(RuleError) as caught:
        apply(state, Action(seat=0, type="play", card="TH"))

    assert caught.value.code == "not_your_turn"
    assert caught.value.message == (
        "it is seat 1's turn, not seat 0's: the cards are being played, seat 1 to play"
    )


def test_a_played_table_card_reveals_the_card_under_it_at_once() -> None:
    deck = deck_for(
        hands={
            1: ["9H", "8H", "7H", "9S", "8S", "7S", "9D", "8D"],
            0: ["7C", "TS", "AS", "KS", "QS", "JS", "TH", "AH"],
        },
        up={1: ["QC", "JD", "TD", "AD"], 0: ["KH", "QH", "JH", "9C"]},
        down={1: ["KC", "7D", "QD", "KD"]},
    )
    state = announced(deck, trump="H")

    state = play(state, "QC")

    assert player_view(state, 0)["stacks"][1][0] == {"up": "KC", "down": 0}
    assert public_view(state)["stacks"][1][0] == {"up": "KC", "down": 0}
    state = play(state, "7C")
    assert (state.deal.tricks_won, seat_to_act(state)) == ((0, 1), 1)
    assert "KC" in _legal(state)
    state = play(state, "KC")
    assert player_view(state, 1)["stacks"][1][0] == {"up": None, "down": 0}


def test_trump_wins_over_a_higher_card_of_the_led_suit() -> None:
    state = play(announced(TRUMP_IN_HAND, trump="S"), "9H", "7S")

    assert state.deal.last_trick == ((1, "9H"), (0, "7S"))
    assert state.deal.last_winner == 0
    assert player_view(state, 1)["last_trick"] == {
        "cards": [{"seat": 1, "card": "9H"}, {"seat": 0, "card": "7S"}],
        "winner": 0,
    }


def test_a_discard_of_another_suit_loses_even_if_higher() -> None:
    state = play(announced(NO_HEART_NO_TRUMP, trump="S"), "9H", "TD")

    assert (state.deal.tricks_won, state.deal.card_points) == ((0, 1), (0, 5))


def test_a_trump_lead_must_be_beaten_by_a_higher_trump() -> None:
    deck = deck_for(
        hands={1: ["9S"], 0: ["TS", "7S", "8D", "7D", "9C", "8C", "7C", "QD"]},
        up={0: ["JD", "KC", "QC", "TD"]},
    )
    state = play(announced(deck, trump="S"), "9S")

    assert _legal(state) == ["TS"]
    assert play(state, "TS").deal.card_points == (5, 0)


def _perft(state, depth: int) -> int:
    if depth == 0 or state.phase is not Phase.PLAY:
        return 1
    return sum(
        _perft(apply(state, action), depth - 1)
        for action in legal_actions(state, seat_to_act(state))
    )


def test_perft_from_the_canonical_deck_with_spades_trump() -> None:
    # Seat 1 leads from TS AS KS 8H 7H KC QC JC + KD JD 8D TC; seat 0 holds QS JS 9S TD AD 9C
    # 8C 7C + QD 9D 7D AC. Depth 2 by hand: spade leads 3 x 3, heart leads 2 x 3 (trumps),
    # KC/QC/JC 1 each (AC), KD 2, JD 3, 8D 4, TC 4 = 31.
    state = announced(list(CARDS), dealer=0, trump="S")

    assert [_perft(state, depth) for depth in (1, 2, 3, 4)] == [12, 31, 351, 887]


def test_perft_from_the_canonical_deck_rolled() -> None:
    # Without trump the heart leads leave seat 0 free: 12 answers each, 31 + 2 x 9 = 49.
    state = announced(list(CARDS), dealer=0, trump=None)

    assert [_perft(state, depth) for depth in (1, 2, 3, 4)] == [12, 49, 549, 1715]
