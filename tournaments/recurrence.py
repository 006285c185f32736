"""Dates of the next edition of a recurring competition (docs/tournaments.md, *Recurring*).

Pure: the time zone is an argument. Editions keep their wall-clock times on the site's clock
(Europe/Paris): a weekly championship on Saturday at 20:00 stays at 20:00 across the changes
to and from summer time. A monthly one keeps the day of the month of the series' first edition,
or the month's last day when the month is shorter (the 31st gives the 30th in April, then the
31st again in May).
"""

import calendar
import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

WEEKLY = "weekly"
MONTHLY = "monthly"


@dataclass(frozen=True)
class EditionDates:
    registration_opens_at: dt.datetime
    registration_closes_at: dt.datetime
    starts_at: dt.datetime


def _wall(moment: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    return moment.astimezone(zone).replace(tzinfo=None)


def _aware(wall: dt.datetime, zone: ZoneInfo) -> dt.datetime:
    return wall.replace(tzinfo=zone).astimezone(dt.UTC)


def _add_months(wall: dt.datetime, months: int, anchor_day: int) -> dt.datetime:
    month_index = wall.month - 1 + months
    year, month = wall.year + month_index // 12, month_index % 12 + 1
    day = min(anchor_day, calendar.monthrange(year, month)[1])
    return wall.replace(year=year, month=month, day=day)


def edition_dates_after(
    *,
    dates: EditionDates,
    recurrence: str,
    periods: int,
    anchor_day: int,
    zone: ZoneInfo,
) -> EditionDates:
    """Return the dates `periods` weeks or months after `dates`, on the wall clock of `zone`.

    The start moves by whole weeks or months; registration opens and closes as long before the
    start, in wall-clock time, as in `dates`.
    """
    if periods < 1:
        raise ValueError("the next edition comes at least one period later")
    start = _wall(dates.starts_at, zone)
    if recurrence == WEEKLY:
        new_start = start + dt.timedelta(weeks=periods)
    elif recurrence == MONTHLY:
        new_start = _add_months(start, periods, anchor_day)
    else:
        raise ValueError(f"unknown recurrence {recurrence!r}")
    opens_before = start - _wall(dates.registration_opens_at, zone)
    closes_before = start - _wall(dates.registration_closes_at, zone)
    return EditionDates(
        registration_opens_at=_aware(new_start - opens_before, zone),
        registration_closes_at=_aware(new_start - closes_before, zone),
        starts_at=_aware(new_start, zone),
    )


def next_edition_dates(
    *,
    dates: EditionDates,
    recurrence: str,
    anchor_day: int,
    zone: ZoneInfo,
    now: dt.datetime,
) -> EditionDates:
    """Return the dates of the next edition: one period later, or as many as it takes for it
    to start in the future (a runner that stopped for weeks does not announce past editions)."""
    periods = 1
    while True:
        candidate = edition_dates_after(
            dates=dates, recurrence=recurrence, periods=periods, anchor_day=anchor_day, zone=zone
        )
        if candidate.starts_at > now:
            return candidate
        periods += 1
