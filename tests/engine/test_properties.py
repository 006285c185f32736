import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from games.engine import (
    FORMAT_FIRST_TO_71,
    FORMAT_SIX_DEALS,
    POINTS,
    STRENGTH,
    Phase,
    apply,
    deal_start,
    forfeit,
    legal_actions,
    new_match,
    player_view,
    public_view,
    record_from_state,
    replay_record,
    seat_to_act,
    shuffled_deck,
    state_from_json,
    state_to_json,
)


def _expected_legal_cards(view: dict) -> set[str]:
    """Derive the playable cards from what the player sees, by the rules' own words."""
    seat = view["seat"]
    available = set(view["hand"]) | {
        stack["up"] for stack in view["stacks"][seat] if stack["up"] is not None
    }
    if not view["trick"]:
        return available
    led = view["trick"][0]["card"]
    following = {card for card in available if card[1] == led[1]}
    if following:
        beating = {card for card in following if STRENGTH[card] > STRENGTH[led]}
        return beating or following
    trumps = {card for card in available if view["trump"] and card[1] == view["trump"]}
    return trumps or available


def _hidden_from(state, seat: int) -> set[str]:
    deal = state.deal
    face_down = {card for stacks in deal.stacks for stack in stacks for card in stack[1:]}
    return set(deal.hands[1 - seat]) | face_down


def _check_views(state) -> None:
    for seat in (0, 1):
        text = json.dumps(player_view(state, seat))
        assert [card for card in _hidden_from(state, seat) if f'"{card}"' in text] == []
        assert "deck" not in text
    public_text = json.dumps(public_view(state))
    hidden = _hidden_from(state, 0) | set(state.deal.hands[0])
    assert [card for card in hidden if f'"{card}"' in public_text] == []


def _check_round_trip(state) -> None:
    text = json.dumps(state_to_json(state))
    assert state_from_json(json.loads(text)) == state


def _play_match(seed: int, format: str, forfeit_chance: float):
    rng = random.Random(seed)
    state = new_match(format=format, first_dealer=seed % 2)
    while not state.is_finished:
        state = deal_start(state, shuffled_deck(rng))
        played: list[str] = []
        while state.phase not in (Phase.DEALING, Phase.MATCH_OVER):
            _check_views(state)
            _check_round_trip(state)
            seat = seat_to_act(state)
            assert legal_actions(state, 1 - seat) == []
            if rng.random() < forfeit_chance:
                return forfeit(state, seat=seat, reason="timeout")
            actions = legal_actions(state, seat)
            if state.phase is Phase.PLAY:
                view = player_view(state, seat)
                assert {action.card for action in actions} == _expected_legal_cards(view)
            action = rng.choice(actions)
            if action.type == "play":
                played.append(action.card)
            state = apply(state, action)
        _check_round_trip(state)
        summary = state.progress.summaries[-1]
        assert sum(summary.tricks) == 16
        assert sum(summary.card_points) == 60
        assert sum(POINTS[card] for card in played) == 60
        assert len(played) == len(set(played)) == 32
        assert all(stack == () for stacks in state.deal.stacks for stack in stacks)
        assert state.deal.hands == ((), ())
    return state


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**32 - 1),
    format=st.sampled_from([FORMAT_FIRST_TO_71, FORMAT_SIX_DEALS]),
)
def test_random_legal_matches_keep_every_invariant(seed: int, format: str) -> None:
    state = _play_match(seed, format, forfeit_chance=0.0)

    assert state.winner in (0, 1)
    assert state.totals[state.winner] > state.totals[1 - state.winner]
    assert sum(summary.score[0] for summary in state.progress.summaries) == state.totals[0]
    for summary in state.progress.summaries:
        assert min(summary.score) == 0
        assert max(summary.score) <= 480
    status, output = replay_record(record_from_state(state, players=["a", "b"]))
    assert status == 0
    assert (output["totals"], output["winner"], output["finished"]) == (
        list(state.totals),
        state.winner,
        True,
    )
    assert output["deals"] == [summary.to_json() for summary in state.progress.summaries]


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_random_matches_cut_by_a_forfeit_replay_to_the_same_result(seed: int) -> None:
    state = _play_match(seed, FORMAT_SIX_DEALS, forfeit_chance=0.01)

    status, output = replay_record(json.dumps(record_from_state(state, players=["a", "b"])))

    assert status == 0
    assert (output["totals"], output["winner"], output["end"]) == (
        list(state.totals),
        state.winner,
        state.end,
    )
