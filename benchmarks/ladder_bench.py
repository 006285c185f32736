"""Measure the ladder at scale: leaderboard pages, *Mon classement*, closing a period.

Generates 100,000 members subscribed to the current weekly and monthly ladders and 1,000,000
ledger rows (250,000 finished ranked games, each moving both players on both ladders), then
times the pages through Django's test Client (server time only, no network) and the closing of
the weekly period. Targets: p95 < 50 ms per page, closing < 10 s.

The data goes into a database of its own, never the development or test one: with DATABASE_URL
pointing at PostgreSQL the script (re)creates the database `cm_bench` on that server; without
it, a SQLite file `cm_bench.sqlite3` in the system's temporary directory.

Run: `DATABASE_URL=postgres://user@host:5432/anything .venv/bin/python benchmarks/ladder_bench.py`
Options: `--members N` (default 100000), `--games N` (default 250000), `--requests N` (50).
"""

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BENCH_DATABASE = "cm_bench"
BATCH = 10_000


def bench_database_prepare() -> str:
    """Point DATABASE_URL at a fresh benchmark database and return a description of it."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        parts = urlsplit(url)
        admin_url = urlunsplit(parts._replace(path="/postgres"))
        with psycopg.connect(admin_url, autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS {BENCH_DATABASE} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE {BENCH_DATABASE}")
        os.environ["DATABASE_URL"] = urlunsplit(parts._replace(path=f"/{BENCH_DATABASE}"))
        return f"PostgreSQL database {BENCH_DATABASE}"
    path = Path(tempfile.gettempdir()) / f"{BENCH_DATABASE}.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    return "SQLite file in the temporary directory"


def timed(label: str, function):
    started = time.perf_counter()
    result = function()
    print(f"  {label}: {time.perf_counter() - started:.1f} s", flush=True)
    return result


def populate(*, members: int, games: int, seed: int) -> None:
    import datetime as dt

    from django.contrib.auth import get_user_model
    from django.utils import timezone

    from games.models import Game, Seat
    from rankings.models import LadderPeriod, PointsEntry, Subscription
    from rankings.periods import LadderKind, period_containing

    rng = random.Random(seed)
    User = get_user_model()
    now = timezone.now()
    periods = {kind: period_containing(kind=kind, moment=now) for kind in LadderKind.values}
    week = periods[LadderKind.WEEKLY]
    # Games end between the start of the week and now, so they count on both ladders.
    span = max(1.0, (now - week.start).total_seconds())

    def insert_members() -> None:
        for first in range(0, members, BATCH):
            wins_losses = [(rng.randint(0, 300), rng.randint(0, 300)) for _ in range(BATCH)]
            User.objects.bulk_create(
                [
                    User(
                        username=f"joueur{index:06d}",
                        password="!",
                        ranked_wins=wins,
                        ranked_losses=losses,
                    )
                    for index, (wins, losses) in zip(
                        range(first, min(first + BATCH, members)), wins_losses, strict=False
                    )
                ]
            )

    timed(f"{members} members", insert_members)
    member_ids = list(User.objects.order_by("pk").values_list("pk", flat=True))

    def insert_subscriptions() -> None:
        for kind, period in periods.items():
            for first in range(0, len(member_ids), BATCH):
                rows = []
                for member_id in member_ids[first : first + BATCH]:
                    reached = week.start + dt.timedelta(seconds=rng.uniform(0, span))
                    rows.append(
                        Subscription(
                            user_id=member_id,
                            ladder_kind=kind,
                            period_start=period.start,
                            period_end=period.end,
                            created_at=period.start,
                            points=rng.randint(0, 120),
                            wins=rng.randint(0, 25),
                            losses=rng.randint(0, 25),
                            points_reached_at=reached,
                        )
                    )
                Subscription.objects.bulk_create(rows)

    timed(f"{2 * members} subscriptions (weekly and monthly)", insert_subscriptions)
    LadderPeriod.objects.bulk_create(
        LadderPeriod(
            ladder_kind=kind,
            period_start=period.start,
            period_end=period.end,
            participant_count=len(member_ids),
        )
        for kind, period in periods.items()
    )
    subscription_ids = {
        (user_id, kind): pk
        for pk, user_id, kind in Subscription.objects.values_list("pk", "user_id", "ladder_kind")
    }

    def insert_games_and_ledger() -> None:
        for first in range(0, games, BATCH):
            count = min(BATCH, games - first)
            pairs = [rng.sample(member_ids, 2) for _ in range(count)]
            ended = [week.start + dt.timedelta(seconds=rng.uniform(0, span)) for _ in range(count)]
            created = Game.objects.bulk_create(
                [
                    Game(
                        host_id=winner,
                        variant="manille-2p",
                        is_ranked=True,
                        format="six-deals",
                        status=Game.Status.FINISHED,
                        started_at=ended_at - dt.timedelta(minutes=25),
                        ended_at=ended_at,
                        # The winner sits at seat 0, his own team in the two-player game.
                        winner_team=0,
                        end_reason=Game.EndReason.POINTS,
                        is_first_deal_complete=True,
                    )
                    for (winner, loser), ended_at in zip(pairs, ended, strict=True)
                ]
            )
            Seat.objects.bulk_create(
                [
                    Seat(game_id=game.pk, seat=seat, team=seat, user_id=user_id, stars=stars)
                    for game, players in zip(created, pairs, strict=True)
                    for seat, user_id, stars in zip(
                        (0, 1), players, (rng.randint(1, 3), rng.randint(1, 3)), strict=True
                    )
                ],
                batch_size=BATCH,
            )
            entries = []
            for game, (winner, loser) in zip(created, pairs, strict=True):
                for kind, period in periods.items():
                    for member, opponent, delta in ((winner, loser, 5), (loser, winner, -3)):
                        entries.append(
                            PointsEntry(
                                game_id=game.pk,
                                user_id=member,
                                subscription_id=subscription_ids[(member, kind)],
                                ladder_kind=kind,
                                period_start=period.start,
                                opponent_id=opponent,
                                outcome="win" if delta > 0 else "loss",
                                stars=1,
                                opponent_stars=1,
                                nominal_delta=delta,
                                delta=delta,
                                points_after=rng.randint(0, 120),
                                game_ended_at=game.ended_at,
                            )
                        )
            PointsEntry.objects.bulk_create(entries, batch_size=BATCH)

    timed(f"{games} games and {4 * games} ledger rows", insert_games_and_ledger)


def measure(client, url: str, *, requests: int) -> tuple[float, float]:
    for _ in range(3):
        response = client.get(url)
        if response.status_code not in (200, 302):
            raise SystemExit(f"{url} answered {response.status_code}")
    durations = []
    for _ in range(requests):
        started = time.perf_counter()
        client.get(url)
        durations.append((time.perf_counter() - started) * 1000)
    durations.sort()
    p95 = durations[max(0, int(round(0.95 * len(durations))) - 1)]
    return statistics.median(durations), p95


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--members", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=250_000)
    parser.add_argument("--requests", type=int, default=50)
    arguments = parser.parse_args()

    where = bench_database_prepare()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cartomaniak.settings")
    # A development tool: the development default unless the environment says otherwise.
    os.environ.setdefault("DEBUG", "1")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.utils import timezone

    from rankings.models import STANDING_ORDER, Subscription
    from rankings.periods import LadderKind, period_containing
    from rankings.selectors import page_of_rank
    from rankings.services import period_close

    # Production-like: no query log kept in memory for every request.
    settings.DEBUG = False
    print(f"Database: {where}")
    call_command("migrate", verbosity=0)
    print("Generating data")
    populate(members=arguments.members, games=arguments.games, seed=2026)
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    else:
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")

    week = period_containing(kind=LadderKind.WEEKLY, moment=timezone.now())
    weekly = Subscription.objects.filter(ladder_kind=LadderKind.WEEKLY, period_start=week.start)
    middle_rank = min(50_000, weekly.count())
    middle = weekly.order_by(*STANDING_ORDER).select_related("user")[middle_rank - 1]
    client = Client()
    client.force_login(middle.user)
    day = week.start_date.isoformat()
    urls = [
        ("leaderboards index (week + month top 10)", "/classements/"),
        ("weekly leaderboard, page 1", f"/classements/semaine/{day}/"),
        (
            f"weekly leaderboard, page {page_of_rank(middle_rank)} (rank {middle_rank}'s page)",
            f"/classements/semaine/{day}/?page={page_of_rank(middle_rank)}",
        ),
        (
            f"weekly leaderboard, 'ma position' of rank {middle_rank} (redirect to his page)",
            f"/classements/semaine/{day}/?moi=1",
        ),
        # Matches ten members spread over the leaderboard: ten ranks to count.
        ("weekly leaderboard, search a name", f"/classements/semaine/{day}/?q=joueur04999"),
        (f"Mon classement (member ranked {middle_rank})", "/classements/moi/"),
    ]
    print(f"Server time over {arguments.requests} requests (after 3 warm-up requests)")
    for label, url in urls:
        p50, p95 = measure(client, url, requests=arguments.requests)
        print(f"  {label}: p50 {p50:.1f} ms, p95 {p95:.1f} ms")

    started = time.perf_counter()
    closing = period_close(ladder_kind=LadderKind.WEEKLY, period_start=week.start, now=week.end)
    elapsed = time.perf_counter() - started
    print(f"Closing the weekly period ({closing.participant_count} standings): {elapsed:.2f} s")
    closed_url = f"/classements/semaine/{day}/?page={page_of_rank(middle_rank)}"
    p50, p95 = measure(client, closed_url, requests=arguments.requests)
    print(
        f"  closed weekly leaderboard, rank {middle_rank}'s page: "
        f"p50 {p50:.1f} ms, p95 {p95:.1f} ms"
    )


if __name__ == "__main__":
    main()
