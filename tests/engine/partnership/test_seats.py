from games.engine.partnership import (
    SEATS,
    TEAMS,
    are_partners,
    draw_first_dealer,
    next_seat,
    opponents_of,
    partner_of,
    team_of,
    team_seats,
)


class ScriptedDraws:
    """A random source whose `sample` hands out the cards of each draw in turn."""

    def __init__(self, *rounds: list[str]) -> None:
        self.rounds = list(rounds)
        self.sizes: list[int] = []

    def sample(self, population, size: int) -> list[str]:
        self.sizes.append(size)
        return self.rounds.pop(0)


def test_seats_are_numbered_in_playing_order() -> None:
    assert SEATS == (0, 1, 2, 3)
    assert [next_seat(seat) for seat in SEATS] == [1, 2, 3, 0]


def test_partners_sit_opposite_in_teams_0_2_and_1_3() -> None:
    assert TEAMS == ((0, 2), (1, 3))
    assert [team_of(seat) for seat in SEATS] == [0, 1, 0, 1]
    assert [partner_of(seat) for seat in SEATS] == [2, 3, 0, 1]
    assert [opponents_of(seat) for seat in SEATS] == [(1, 3), (0, 2), (1, 3), (0, 2)]
    assert (team_seats(0), team_seats(1)) == ((0, 2), (1, 3))
    assert (are_partners(0, 2), are_partners(1, 3), are_partners(0, 1), are_partners(3, 2)) == (
        True,
        True,
        False,
        False,
    )


def test_the_highest_rank_deals_first_and_the_manille_is_high() -> None:
    rng = ScriptedDraws(["AS", "TC", "KH", "7D"])

    draws, dealer = draw_first_dealer(rng)

    assert dealer == 1
    assert draws == [((0, "AS"), (1, "TC"), (2, "KH"), (3, "7D"))]


def test_seats_tied_for_highest_draw_again_among_themselves() -> None:
    # Seats 1 and 3 tie on kings (suits do not count), then tie again on nines; seat 3 wins.
    rng = ScriptedDraws(["7S", "KH", "QC", "KD"], ["9S", "9C"], ["8H", "TD"])

    draws, dealer = draw_first_dealer(rng)

    assert dealer == 3
    assert rng.sizes == [4, 2, 2]
    assert draws == [
        ((0, "7S"), (1, "KH"), (2, "QC"), (3, "KD")),
        ((1, "9S"), (3, "9C")),
        ((1, "8H"), (3, "TD")),
    ]


def test_three_seats_tied_draw_again_all_three() -> None:
    rng = ScriptedDraws(["AS", "AH", "8C", "AD"], ["JS", "QH", "7C"])

    draws, dealer = draw_first_dealer(rng)

    assert (dealer, rng.sizes) == (1, [4, 3])
    assert draws[1] == ((0, "JS"), (1, "QH"), (3, "7C"))
