"""The club yardstick and the duplicate arena (benchmarks/) run, and the arena's two plays of a
deck pair deal the same cards to the same seats."""

from benchmarks import club_rules
from benchmarks.duplicate_arena import play_pair, summarise


def _first_cards(record: dict):
    """Record each seat's cards (hand and face-up table cards) at its first decision of a deal."""

    def on_decision(first_seat, view, action) -> None:
        assert action in view["legal_actions"]
        key = (first_seat, view["deal_number"], view["seat"])
        if key not in record:
            up = [stack["up"] for stack in view["stacks"][view["seat"]] if stack["up"]]
            record[key] = (sorted(view["hand"]), sorted(up), view["dealer"])

    return on_decision


def test_swapping_the_sides_deals_the_same_cards_to_the_other_level() -> None:
    record: dict = {}

    result = play_pair("moyen", "club", seed=7, first_dealer=1, on_decision=_first_cards(record))

    both = {(deal, seat) for first_seat, deal, seat in record if first_seat == 0} & {
        (deal, seat) for first_seat, deal, seat in record if first_seat == 1
    }
    assert len(both) >= 4
    for deal, seat in both:
        assert record[(0, deal, seat)] == record[(1, deal, seat)]
    assert [len(nets) for nets in result["nets"]] == [
        len(state.progress.summaries) for state in result["states"]
    ]
    assert 0 <= result["wins"] <= 2


def test_the_club_yardstick_plays_only_legal_actions_and_the_report_prints() -> None:
    results = [
        play_pair("club", "facile", seed=seed, first_dealer=seed % 2, on_decision=_first_cards({}))
        for seed in range(2)
    ]

    lines = summarise("club", "facile", results)

    assert lines[0].startswith("club beats facile: ")
    assert "/4 matches" in lines[0]
    assert results[0]["decisions"]["club"] > 0 and results[0]["decisions"]["facile"] > 0


def test_the_club_yardstick_is_deterministic_and_returns_a_legal_action() -> None:
    seen = []

    def on_decision(first_seat, view, action) -> None:
        seen.append((view, action))

    play_pair("club", "moyen", seed=3, on_decision=on_decision)

    for view, _action in seen[:200]:
        assert club_rules.choose_action(view, seed=1) == club_rules.choose_action(view, seed=2)
        assert club_rules.choose_action(view, seed=1) in view["legal_actions"]
