"""Recurring competitions: the next edition, on the Paris wall clock, announced exactly once."""

import datetime as dt
from zoneinfo import ZoneInfo

from tournaments.models import Tournament
from tournaments.recurrence import EditionDates, next_edition_dates
from tournaments.services import editions_create_due

PARIS = ZoneInfo("Europe/Paris")


def paris(*args) -> dt.datetime:
    return dt.datetime(*args, tzinfo=PARIS).astimezone(dt.UTC)


def on_wall_clock(moment: dt.datetime) -> tuple:
    local = moment.astimezone(PARIS)
    return (local.year, local.month, local.day, local.hour, local.minute)


def test_a_weekly_edition_keeps_its_wall_clock_time_across_summer_time():
    # Summer time begins on Sunday 29 March 2026: the next Saturday is 20:00 CEST, 18:00 UTC.
    dates = EditionDates(
        registration_opens_at=paris(2026, 3, 26, 12, 0),
        registration_closes_at=paris(2026, 3, 28, 19, 0),
        starts_at=paris(2026, 3, 28, 20, 0),
    )

    following = next_edition_dates(
        dates=dates, recurrence="weekly", anchor_day=28, zone=PARIS, now=paris(2026, 3, 27)
    )

    assert on_wall_clock(following.registration_opens_at) == (2026, 4, 2, 12, 0)
    assert on_wall_clock(following.registration_closes_at) == (2026, 4, 4, 19, 0)
    assert on_wall_clock(following.starts_at) == (2026, 4, 4, 20, 0)
    assert following.starts_at == dt.datetime(2026, 4, 4, 18, 0, tzinfo=dt.UTC)


def test_a_monthly_edition_keeps_the_first_editions_day_or_the_months_last():
    january = EditionDates(
        registration_opens_at=paris(2027, 1, 30, 10, 0),
        registration_closes_at=paris(2027, 1, 31, 17, 0),
        starts_at=paris(2027, 1, 31, 18, 0),
    )

    february = next_edition_dates(
        dates=january, recurrence="monthly", anchor_day=31, zone=PARIS, now=paris(2027, 1, 30)
    )
    march = next_edition_dates(
        dates=february, recurrence="monthly", anchor_day=31, zone=PARIS, now=paris(2027, 2, 27)
    )

    assert on_wall_clock(february.starts_at) == (2027, 2, 28, 18, 0)
    assert on_wall_clock(february.registration_opens_at) == (2027, 2, 27, 10, 0)
    assert on_wall_clock(march.starts_at) == (2027, 3, 31, 18, 0)


def test_editions_missed_while_nothing_ran_are_skipped_to_the_next_future_one():
    dates = EditionDates(
        registration_opens_at=paris(2026, 6, 1, 12, 0),
        registration_closes_at=paris(2026, 6, 6, 19, 0),
        starts_at=paris(2026, 6, 6, 20, 0),
    )

    following = next_edition_dates(
        dates=dates, recurrence="weekly", anchor_day=6, zone=PARIS, now=paris(2026, 6, 25)
    )

    assert on_wall_clock(following.starts_at) == (2026, 6, 27, 20, 0)


def test_the_next_edition_is_announced_once_with_the_same_rules_and_prizes(make_tournament):
    now = dt.datetime.now(dt.UTC)
    weekly = make_tournament(
        name="Championnat du samedi",
        recurrence=Tournament.Recurrence.WEEKLY,
        format=Tournament.Format.SWISS,
        swiss_rounds=4,
        entry_fee=10,
        rules="Quatre rondes.",
        prizes=((1, "credits", 200, ""), (2, "item", 0, "Un jeu de cartes")),
        registration_opens_at=now + dt.timedelta(hours=1),
        registration_closes_at=now + dt.timedelta(days=2),
        starts_at=now + dt.timedelta(days=2, hours=1),
    )
    assert editions_create_due(now=now) == []

    created = editions_create_due(now=now + dt.timedelta(hours=1))
    assert editions_create_due(now=now + dt.timedelta(hours=2)) == []

    (second,) = created
    assert (second.series, second.edition, str(second)) == (weekly, 2, "Championnat du samedi (2)")
    assert (second.format, second.swiss_rounds, second.entry_fee, second.rules) == (
        "swiss",
        4,
        10,
        "Quatre rondes.",
    )
    assert second.recurrence == Tournament.Recurrence.WEEKLY
    for name in ("registration_opens_at", "registration_closes_at", "starts_at"):
        wall_before = getattr(weekly, name).astimezone(PARIS).replace(tzinfo=None)
        wall_after = getattr(second, name).astimezone(PARIS).replace(tzinfo=None)
        assert wall_after - wall_before == dt.timedelta(weeks=1)
    assert list(second.prizes.values_list("place", "kind", "amount", "description")) == [
        (1, "credits", 200, ""),
        (2, "item", 0, "Un jeu de cartes"),
    ]
    # Not locked until its own registration opens: the operator may still edit it.
    assert not second.is_locked(now=now + dt.timedelta(days=1))

    (third,) = editions_create_due(now=second.registration_opens_at)
    assert (third.series, third.edition) == (weekly, 3)


def test_a_competition_without_recurrence_has_no_next_edition(make_tournament):
    make_tournament()

    assert editions_create_due(now=dt.datetime.now(dt.UTC) + dt.timedelta(days=30)) == []
    assert Tournament.objects.count() == 1
