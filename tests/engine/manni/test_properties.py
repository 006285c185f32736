"""Whole random matches of Manni, random exchanges included, checked at every step."""

import json
import random

import pytest

from games.engine.manni import (
    CARDS,
    Action,
    deal_points,
    exchange_limit,
    legal_cards,
    state_from_json,
    state_to_json,
)
from games.engine.variants import variant_get

MANNI = variant_get("manni")


def random_exchange(state, seat: int, rng: random.Random) -> Action:
    """Return an exchange of a random number of random cards of `seat`'s, within his limit."""
    hand = state.deal.hands[seat]
    count = rng.randint(0, min(exchange_limit(state.deal, seat), len(hand)))
    return Action(seat=seat, type="exchange", cards=tuple(rng.sample(hand, count)))


def _check_cards(state) -> None:
    """Every card of the deal is in exactly one place: a hand, the Manni, a discard, played."""
    deal = state.deal
    places = [*deal.hands, deal.manni, *deal.discards, [card for _seat, card in deal.plays]]
    every = [card for place in places for card in place]
    assert sorted(every) == sorted(CARDS)


def _visible_cards(view: dict) -> set[str]:
    cards = set(view["hand"]) | set(view["discards"])
    cards |= {entry["card"] for entry in view["trick"] + view["plays"]}
    if view["last_trick"]:
        cards |= {entry["card"] for entry in view["last_trick"]["cards"]}
    if view["cut"]:
        cards.add(view["cut"])
    for action in view["legal_actions"]:
        cards |= {action.get("card")} | set(action.get("cards", ())) - {None}
    return cards - {None}


def _check_views(state) -> None:
    deal = state.deal
    played = {card for _seat, card in deal.plays}
    views = [(seat, MANNI.player_view(state, seat)) for seat in range(3)]
    views.append((None, MANNI.public_view(state)))
    for seat, view in views:
        text = json.dumps(view)
        assert '"deck"' not in text and "salt" not in text and '"manni":' not in text
        own = set(deal.hands[seat]) if seat is not None else set()
        # Between deals the view shows no deal (the last one is in `deals`).
        is_shown = state.phase != "dealing"
        own_discards = set(deal.discards[seat]) if seat is not None and is_shown else set()
        assert set(view["hand"]) == own
        assert set(view["discards"]) == own_discards
        assert _visible_cards(view) <= own | own_discards | played | {deal.cut}
        for other in range(3):
            if other != seat:
                assert not set(deal.hands[other]) & set(view["hand"])
        # Every word of the view but the deals over (their cut cards): no card of the Manni.
        words = json.dumps({key: value for key, value in view.items() if key != "deals"})
        assert not set(deal.manni) & set(words.replace('"', " ").replace(",", " ").split())
        if is_shown:
            assert view["hand_counts"] == [len(hand) for hand in deal.hands]
            assert view["exchanged"] == list(deal.exchanged)
            assert view["manni_count"] == len(deal.manni)
        assert (view["plus"], view["minus"]) == (list(state.plus), list(state.minus))
        assert view["totals"] == [p - m for p, m in zip(state.plus, state.minus, strict=True)]


def _play_match(seed: int):
    rng = random.Random(seed)
    state = MANNI.advance(MANNI.new_match(first_dealer=seed % 3), rng)
    deals_seen = 0
    while not state.is_finished:
        _check_cards(state)
        _check_views(state)
        seat = MANNI.seat_to_act(state)
        for other in range(3):
            if other != seat:
                assert MANNI.legal_actions(state, other) == []
        if state.phase == "exchange":
            action = random_exchange(state, seat, rng)
        else:
            actions = MANNI.legal_actions(state, seat)
            assert [action.card for action in actions] == list(legal_cards(state.deal, seat))
            action = rng.choice(actions)
        state = MANNI.apply(state, MANNI.action_from_json(action.to_json()))
        assert state_from_json(json.loads(json.dumps(state_to_json(state)))) == state
        if len(state.progress.summaries) > deals_seen:
            deals_seen = len(state.progress.summaries)
            _check_cards(state)
            _check_views(state)
            state = MANNI.advance(state, rng)
        if seed % 4 == 3 and deals_seen == 1 and state.is_deal_in_play and rng.random() < 0.03:
            state = MANNI.forfeit(state, seat=rng.randrange(3), reason="left")
    _check_views(state)
    return state


@pytest.mark.parametrize("seed", range(8))
def test_random_matches_keep_every_invariant(seed: int) -> None:
    state = _play_match(seed)

    plus = [0, 0, 0]
    minus = [0, 0, 0]
    for summary, record in zip(state.progress.summaries, state.progress.records, strict=True):
        exchanges = [action for action in record.actions if action.type == "exchange"]
        plays = [action.card for action in record.actions if action.type == "play"]
        assert [action.seat for action in exchanges] == [
            (record.dealer + step) % 3 for step in (1, 2, 3)
        ][: len(exchanges)]
        assert len(plays) == len(set(plays))
        if summary.complete:
            assert len(plays) == 36 and sum(summary.tricks) == 12
            assert sum(summary.plus) == sum(summary.minus)
            assert (summary.plus, summary.minus) == deal_points(summary.contract, summary.tricks)
            assert summary.exchanged == tuple(
                len(next(a for a in exchanges if a.seat == seat).cards) for seat in range(3)
            )
        else:
            assert summary.plus == summary.minus == summary.score == (0, 0, 0)
        plus = [a + b for a, b in zip(plus, summary.plus, strict=True)]
        minus = [a + b for a, b in zip(minus, summary.minus, strict=True)]
    assert (list(state.plus), list(state.minus)) == (plus, minus)
    totals = [p - m for p, m in zip(plus, minus, strict=True)]
    assert list(state.totals) == totals
    if state.end is None:
        assert max(plus) >= 10
        assert totals.count(max(totals)) == 1 and state.winner == totals.index(max(totals))
    record = MANNI.record_from_state(state, players=["a", "b", "c"])
    status, output = MANNI.replay_document(record)
    assert (status, output["totals"], output["winner"]) == (0, totals, state.winner)
    assert MANNI.verify_document(record)[0] == 0
