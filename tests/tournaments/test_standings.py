"""Tie-breaks on hand-made examples (tournaments/standings.py); every figure worked by hand."""

from tournaments.standings import (
    MatchResult,
    elimination_standings,
    round_robin_standings,
    swiss_standings,
)


def win(winner, loser, points=(71, 0), round_number=1) -> MatchResult:
    return MatchResult(
        player0=winner,
        player1=loser,
        winner=winner,
        points0=points[0],
        points1=points[1],
        round_number=round_number,
    )


def bye(player, round_number=1) -> MatchResult:
    return MatchResult(player0=player, player1=None, winner=player, round_number=round_number)


def table(standings) -> list[tuple]:
    return [(s.rank, s.player, s.points, s.tiebreak1, s.tiebreak2) for s in standings]


def test_swiss_breaks_ties_on_buchholz_and_counts_a_bye_as_a_point():
    # E has a bye then two wins; A and D have 2 points, B and C 1 (their byes).
    results = [
        win("A", "C"), win("D", "B"), bye("E"),
        win("E", "A"), win("D", "C"), bye("B"),
        win("A", "D"), win("E", "B"), bye("C"),
    ]  # fmt: skip

    standings = swiss_standings(["A", "B", "C", "D", "E"], results)

    # Buchholz: A met C(1) E(3) D(2) = 6; D met B(1) C(1) A(2) = 4; B met D(2) E(3) = 5;
    # C met A(2) D(2) = 4; E met A(2) B(1) = 3 (a bye adds nothing).
    # Sonneborn–Berger: A beat C(1) D(2) = 3; D beat B(1) C(1) = 2; E beat A(2) B(1) = 3.
    assert table(standings) == [
        (1, "E", 3, 3, 3),
        (2, "A", 2, 6, 3),
        (3, "D", 2, 4, 2),
        (4, "B", 1, 5, 0),
        (5, "C", 1, 4, 0),
    ]


def test_swiss_breaks_an_equal_buchholz_on_sonneborn_berger():
    results = [
        win("A", "D"), win("C", "B"),
        win("A", "C"), win("B", "D"),
        win("B", "A"), win("D", "C"),
    ]  # fmt: skip

    standings = swiss_standings(["A", "B", "C", "D"], results)

    # A and B: 2 points, Buchholz 1+1+2 = 4 each; B beat D(1) and A(2) = 3, A beat D(1) C(1) = 2.
    # C and D: 1 point, Buchholz 5 each; C beat B(2) = 2, D beat C(1) = 1.
    assert table(standings) == [
        (1, "B", 2, 4, 3),
        (2, "A", 2, 4, 2),
        (3, "C", 1, 5, 2),
        (4, "D", 1, 5, 1),
    ]


def test_swiss_falls_back_to_the_seed_when_everything_is_equal():
    standings = swiss_standings(["A", "B"], [])

    assert [(s.rank, s.player) for s in standings] == [(1, "A"), (2, "B")]


def test_round_robin_puts_head_to_head_before_the_deal_points_difference():
    results = [
        win("A", "C", (71, 0)), win("A", "D", (71, 0)), win("B", "A", (71, 70)),
        win("B", "D", (71, 69)), win("C", "B", (71, 0)), win("D", "C", (71, 65)),
    ]  # fmt: skip

    standings = round_robin_standings(["A", "B", "C", "D"], results)

    # A (difference 71 + 71 − 1 = +141) and B (1 + 2 − 71 = −68) both have 2 wins, but B beat
    # A; D (−71 − 2 + 6 = −67) beat C (−71 + 71 − 6 = −6) the same way.
    assert table(standings) == [
        (1, "B", 2, 1, -68),
        (2, "A", 2, 0, 141),
        (3, "D", 1, 1, -67),
        (4, "C", 1, 0, -6),
    ]


def test_round_robin_three_way_tie_goes_to_the_deal_points_difference():
    results = [
        win("A", "B", (71, 60)), win("B", "C", (71, 50)), win("C", "A", (71, 70)),
        win("A", "D", (71, 0)), win("B", "D", (71, 10)), win("C", "D", (71, 0)),
    ]  # fmt: skip

    standings = round_robin_standings(["A", "B", "C", "D"], results)

    # Each of A, B, C beat one of the others: head-to-head 1 each. Differences: A +11 −1 +71,
    # B −11 +21 +61, C −21 +1 +71.
    assert table(standings) == [
        (1, "A", 2, 1, 81),
        (2, "B", 2, 1, 71),
        (3, "C", 2, 1, 51),
        (4, "D", 0, 0, -203),
    ]


def test_a_rest_in_a_round_robin_counts_nothing():
    standings = round_robin_standings(["A", "B", "C"], [bye("A"), win("B", "C")])

    assert table(standings) == [(1, "B", 1, 0, 71), (2, "A", 0, 0, 0), (3, "C", 0, 0, -71)]


def test_elimination_ranks_by_round_reached_then_deal_points_difference():
    results = [
        bye(1), win(4, 5, (71, 60)), bye(2), bye(3),
        win(1, 4, (71, 20), 2), win(3, 2, (71, 65), 2),
        win(3, 1, (71, 70), 3),
    ]  # fmt: skip

    standings = elimination_standings([1, 2, 3, 4, 5], results)

    # Champion 3, finalist 1, then the semi-finalists: 2 (−6) before 4 (+11 −51 = −40).
    assert [(s.rank, s.player, s.tiebreak1, s.tiebreak2) for s in standings] == [
        (1, 3, 4, 7),
        (2, 1, 3, 50),
        (3, 2, 2, -6),
        (4, 4, 2, -40),
        (5, 5, 1, -11),
    ]


def no_show(winner, absent, points=(0, 0), round_number=1) -> MatchResult:
    """The absent player lost on time without a move of his (or was not there at all)."""
    return MatchResult(
        player0=winner,
        player1=absent,
        winner=winner,
        points0=points[0],
        points1=points[1],
        round_number=round_number,
        absent=absent,
    )


def test_elimination_places_a_no_show_after_the_players_beaten_in_his_round():
    # D played and lost 40–71 (difference −31); C never came: 0–0 (difference 0), yet last.
    # The final: A beat B 71–60.
    results = [
        win("A", "D", points=(71, 40)),
        no_show("B", "C"),
        win("A", "B", points=(71, 60), round_number=2),
    ]

    standings = elimination_standings(["A", "B", "C", "D"], results)

    assert [(s.rank, s.player, s.tiebreak1, s.tiebreak2) for s in standings] == [
        (1, "A", 3, 42),
        (2, "B", 2, -11),
        (3, "D", 1, -31),
        (4, "C", 1, 0),
    ]


def test_swiss_places_a_no_show_after_the_players_on_his_points():
    # Round 1: A beat B, C beat D. Round 2: A did not show against C; B beat D.
    results = [
        win("A", "B"), win("C", "D"),
        no_show("C", "A", round_number=2), win("B", "D", round_number=2),
    ]  # fmt: skip

    standings = swiss_standings(["A", "B", "C", "D"], results)

    # Points: C 2, A 1, B 1, D 0. Buchholz: A met B (1) and C (2) = 3, B met A (1) and D (0)
    # = 1, so A would stand above B; A is absent, B played: B first.
    assert table(standings) == [
        (1, "C", 2, 1, 1),
        (2, "B", 1, 1, 0),
        (3, "A", 1, 3, 1),
        (4, "D", 0, 3, 0),
    ]


def test_round_robin_places_a_no_show_after_the_players_on_his_points():
    # Round 1: A beat B 71–0 (C rests). Round 2: A did not show against C, 0–0 (B rests).
    # Round 3: B beat C 71–0 (A rests).
    results = [win("A", "B"), no_show("C", "A", round_number=2), win("B", "C", round_number=3)]

    standings = round_robin_standings(["A", "B", "C"], results)

    # One point each and one head-to-head win each; deal difference A +71, B 0, C −71, so A
    # would be first; A is absent: B, C, then A.
    assert table(standings) == [(1, "B", 1, 1, 0), (2, "C", 1, 1, -71), (3, "A", 1, 1, 71)]
