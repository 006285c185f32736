import datetime as dt

import pytest

from rankings.periods import LadderKind, period_containing, period_of_start, period_starting_on

from .conftest import paris

UTC = dt.UTC


def test_week_runs_monday_to_monday_on_the_paris_clock() -> None:
    period = period_containing(kind=LadderKind.WEEKLY, moment=paris(2026, 6, 17, 15, 0))

    assert period.start == dt.datetime(2026, 6, 14, 22, 0, tzinfo=UTC)  # Monday 15 June, 00:00
    assert period.end == dt.datetime(2026, 6, 21, 22, 0, tzinfo=UTC)
    assert period.start_date == dt.date(2026, 6, 15)
    assert period.last_date == dt.date(2026, 6, 21)


def test_monday_midnight_belongs_to_the_new_week_and_sunday_night_to_the_old() -> None:
    sunday_night = period_containing(
        kind=LadderKind.WEEKLY, moment=paris(2026, 6, 21, 23, 59, 59, 999999)
    )
    monday_midnight = period_containing(kind=LadderKind.WEEKLY, moment=paris(2026, 6, 22, 0, 0))

    assert sunday_night.start_date == dt.date(2026, 6, 15)
    assert monday_midnight.start_date == dt.date(2026, 6, 22)
    assert sunday_night.end == monday_midnight.start


def test_week_containing_the_march_change_to_summer_time_lasts_167_hours() -> None:
    # Sunday 29 March 2026 at 02:00 the clocks go forward to 03:00.
    period = period_containing(kind=LadderKind.WEEKLY, moment=paris(2026, 3, 29, 12, 0))

    assert period.start == dt.datetime(2026, 3, 22, 23, 0, tzinfo=UTC)  # Monday 23, 00:00 CET
    assert period.end == dt.datetime(2026, 3, 29, 22, 0, tzinfo=UTC)  # Monday 30, 00:00 CEST
    assert period.end - period.start == dt.timedelta(hours=167)


def test_week_containing_the_october_change_to_winter_time_lasts_169_hours() -> None:
    # Sunday 25 October 2026 at 03:00 the clocks go back to 02:00.
    period = period_containing(kind=LadderKind.WEEKLY, moment=paris(2026, 10, 25, 2, 30))

    assert period.start == dt.datetime(2026, 10, 18, 22, 0, tzinfo=UTC)
    assert period.end == dt.datetime(2026, 10, 25, 23, 0, tzinfo=UTC)
    assert period.end - period.start == dt.timedelta(hours=169)


def test_the_last_hour_of_the_october_sunday_is_still_that_week() -> None:
    # 23:30 on Sunday 25 October 2026 in Paris is 22:30 UTC, an hour later than in summer.
    moment = dt.datetime(2026, 10, 25, 22, 30, tzinfo=UTC)

    period = period_containing(kind=LadderKind.WEEKLY, moment=moment)

    assert period.start_date == dt.date(2026, 10, 19)


def test_months_across_both_daylight_saving_changes() -> None:
    march = period_containing(kind=LadderKind.MONTHLY, moment=paris(2026, 3, 31, 23, 59))
    october = period_containing(kind=LadderKind.MONTHLY, moment=paris(2026, 10, 1, 0, 0))

    assert march.start == dt.datetime(2026, 2, 28, 23, 0, tzinfo=UTC)  # 1 March 00:00 CET
    assert march.end == dt.datetime(2026, 3, 31, 22, 0, tzinfo=UTC)  # 1 April 00:00 CEST
    assert october.start == dt.datetime(2026, 9, 30, 22, 0, tzinfo=UTC)  # 1 October, CEST
    assert october.end == dt.datetime(2026, 10, 31, 23, 0, tzinfo=UTC)  # 1 November, CET


def test_december_rolls_over_to_january() -> None:
    period = period_containing(kind=LadderKind.MONTHLY, moment=paris(2026, 12, 31, 23, 0))

    assert period.start_date == dt.date(2026, 12, 1)
    assert period.next().start_date == dt.date(2027, 1, 1)
    assert period.next().previous() == period


def test_period_starting_on_accepts_only_a_first_day() -> None:
    assert period_starting_on(kind=LadderKind.WEEKLY, day=dt.date(2026, 6, 16)) is None
    assert period_starting_on(kind=LadderKind.MONTHLY, day=dt.date(2026, 6, 2)) is None
    assert period_starting_on(kind=LadderKind.WEEKLY, day=dt.date(2026, 6, 15)).end == (
        dt.datetime(2026, 6, 21, 22, 0, tzinfo=UTC)
    )


def test_period_of_start_refuses_a_moment_inside_a_period() -> None:
    with pytest.raises(ValueError):
        period_of_start(kind=LadderKind.WEEKLY, start=paris(2026, 6, 16, 0, 0))


def test_naive_datetimes_are_refused() -> None:
    with pytest.raises(ValueError):
        period_containing(kind=LadderKind.WEEKLY, moment=dt.datetime(2026, 6, 16, 12, 0))
