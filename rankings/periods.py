"""Weekly and monthly ladder periods (ladder.md, *Ladders, periods, subscriptions*).

A period is computed on the site's wall clock (settings.TIME_ZONE, Europe/Paris) and stored as
an aware UTC datetime: weekly from Monday 00:00 to the next Monday 00:00 (exclusive), monthly
from the 1st 00:00 to the 1st of the next month. Local midnight never falls in a daylight-saving
gap or fold in Europe/Paris (the changes happen at 02:00 and 03:00), so each local midnight has
exactly one UTC instant.
"""

import datetime as dt
from dataclasses import dataclass
from zoneinfo import ZoneInfo

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LadderKind(models.TextChoices):
    WEEKLY = "weekly", _("hebdomadaire")
    MONTHLY = "monthly", _("mensuel")


# The URL slug of each ladder (French, like every other path of the site).
KIND_SLUGS = {LadderKind.WEEKLY: "semaine", LadderKind.MONTHLY: "mois"}
SLUG_KINDS = {slug: kind for kind, slug in KIND_SLUGS.items()}


@dataclass(frozen=True)
class Period:
    kind: str
    start: dt.datetime  # aware, UTC
    end: dt.datetime  # aware, UTC, exclusive

    @property
    def start_date(self) -> dt.date:
        """Return the local date on which the period begins."""
        return self.start.astimezone(site_zone()).date()

    @property
    def last_date(self) -> dt.date:
        """Return the last local date that belongs to the period."""
        return self.end.astimezone(site_zone()).date() - dt.timedelta(days=1)

    @property
    def slug(self) -> str:
        return KIND_SLUGS[LadderKind(self.kind)]

    def contains(self, moment: dt.datetime) -> bool:
        return self.start <= moment < self.end

    def next(self) -> "Period":
        return period_containing(kind=self.kind, moment=self.end)

    def previous(self) -> "Period":
        return period_containing(kind=self.kind, moment=self.start - dt.timedelta(microseconds=1))


def site_zone() -> ZoneInfo:
    return ZoneInfo(settings.TIME_ZONE)


def _local_midnight_utc(day: dt.date) -> dt.datetime:
    local = dt.datetime.combine(day, dt.time(0, 0), tzinfo=site_zone())
    return local.astimezone(dt.UTC)


def _start_date(kind: str, day: dt.date) -> dt.date:
    if kind == LadderKind.WEEKLY:
        return day - dt.timedelta(days=day.weekday())
    if kind == LadderKind.MONTHLY:
        return day.replace(day=1)
    raise ValueError(f"unknown ladder kind {kind!r}")


def _next_start_date(kind: str, start: dt.date) -> dt.date:
    if kind == LadderKind.WEEKLY:
        return start + dt.timedelta(days=7)
    if start.month == 12:
        return start.replace(year=start.year + 1, month=1)
    return start.replace(month=start.month + 1)


def period_containing(*, kind: str, moment: dt.datetime) -> Period:
    """Return the period of this ladder kind in which the aware `moment` falls."""
    if moment.tzinfo is None:
        raise ValueError("period_containing needs an aware datetime")
    start_day = _start_date(kind, moment.astimezone(site_zone()).date())
    return Period(
        kind=str(kind),
        start=_local_midnight_utc(start_day),
        end=_local_midnight_utc(_next_start_date(kind, start_day)),
    )


def period_starting_on(*, kind: str, day: dt.date) -> Period | None:
    """Return the period that begins on this local date, or None if none begins that day.

    A day at either end of the calendar (year 1, or a period that would end in the year 10000)
    has no period: its bounds cannot be represented.
    """
    try:
        if _start_date(kind, day) != day:
            return None
        return period_containing(kind=kind, moment=_local_midnight_utc(day))
    except (OverflowError, ValueError):
        return None


def period_of_start(*, kind: str, start: dt.datetime) -> Period:
    """Return the period whose stored start is `start` (an aware datetime)."""
    period = period_containing(kind=kind, moment=start)
    if period.start != start:
        raise ValueError(f"{start.isoformat()} does not begin a {kind} period")
    return period
