import pytest
from django.template import Context, Template

from rankings.stars import star_group, star_label


@pytest.mark.parametrize(
    ("wins", "losses", "group"),
    [
        (12, 7, 1),  # fewer than 20 ranked games
        (9, 56, 1),  # more losses than wins
        (15, 9, 2),
        (300, 240, 2),
        (200, 100, 3),
        (371, 103, 3),
        (10, 10, 2),  # equal counts are not "more losses"
    ],
)
def test_star_group_matches_every_example_of_the_spec(wins: int, losses: int, group: int) -> None:
    assert star_group(wins=wins, losses=losses) == group


def test_star_group_boundaries() -> None:
    assert star_group(wins=19, losses=0) == 1
    assert star_group(wins=20, losses=0) == 3
    assert star_group(wins=10, losses=11) == 1
    assert star_group(wins=39, losses=20) == 2
    assert star_group(wins=40, losses=20) == 3


def test_star_label() -> None:
    assert [star_label(group) for group in (1, 2, 3)] == ["★", "★★", "★★★"]


def test_stars_filter_renders_a_member_and_a_stored_group(make_member) -> None:
    member = make_member("carole", wins=200, losses=100)
    template = Template("{% load rankings %}{{ member|stars }}|{{ group|stars }}")

    html = template.render(Context({"member": member, "group": 2}))

    assert html == (
        '<span class="stars stars--3" title="groupe 3 étoiles"><span aria-hidden="true">★★★</span>'
        '<span class="visually-hidden">groupe 3 étoiles</span></span>|'
        '<span class="stars stars--2" title="groupe 2 étoiles"><span aria-hidden="true">★★</span>'
        '<span class="visually-hidden">groupe 2 étoiles</span></span>'
    )


def test_signed_filter() -> None:
    template = Template("{% load rankings %}{{ 5|signed }} {{ -3|signed }} {{ 0|signed }}")

    assert template.render(Context()) == "+5 \u22123 0"
