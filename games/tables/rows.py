"""The game row on the move's path, in SQL prepared once: read (locked or not), and written by a
decision (its action row inserted, the columns a decision changes updated).

Every move reads the game and writes it. Through the ORM each of these statements is compiled
again on every call, which cost more CPU than the database's own work (docs/performance.md, *The
move's path*); here each statement is compiled once per process and database, from the same
querysets and fields the ORM would use, so the SQL, the values' conversions and the locks are
the ORM's own. Only the hot path is here: every other write goes through the ORM.
"""

import threading

from django.db import connections, transaction
from django.utils import timezone

from games.models import Game, GameAction

# What a decision that does not end the match writes of the game row (of its 22 columns).
MOVE_COLUMNS = ("state", "version", "deadline", "computer_due_at")
_ACTION_COLUMNS = ("game", "version", "kind", "seat", "payload", "created_at")

_prepared: dict[tuple, object] = {}
_prepared_lock = threading.Lock()


class _GameRead:
    """`SELECT … FROM games_game WHERE id = %s [FOR UPDATE]` and how to turn a row into a Game."""

    def __init__(self, alias: str, for_update: bool) -> None:
        queryset = Game.objects.using(alias).filter(pk=0)
        if for_update:
            queryset = queryset.select_for_update()
        compiler = queryset.query.get_compiler(alias)
        # The ORM refuses to compile a locking read outside a transaction: compiled inside one.
        with transaction.atomic(using=alias):
            self.sql, parameters = compiler.as_sql()
        if list(parameters) != [0]:
            raise RuntimeError(f"Unexpected parameters of the game's read: {parameters!r}")
        columns = [column for column, _sql, _alias in compiler.select]
        self.field_names = [column.target.attname for column in columns]
        self.converters = compiler.get_converters(columns)
        self.compiler = compiler
        self.alias = alias

    def read(self, game_id: int) -> Game | None:
        with connections[self.alias].cursor() as cursor:
            cursor.execute(self.sql, [game_id])
            row = cursor.fetchone()
        if row is None:
            return None
        if self.converters:
            row = next(iter(self.compiler.apply_converters([row], self.converters)))
        return Game.from_db(self.alias, self.field_names, row)


class _MoveWrite:
    """The action row's INSERT and the game row's UPDATE of `MOVE_COLUMNS`."""

    def __init__(self, alias: str) -> None:
        connection = connections[alias]
        quote = connection.ops.quote_name
        self.action_fields = [GameAction._meta.get_field(name) for name in _ACTION_COLUMNS]
        self.insert_sql = "INSERT INTO {} ({}) VALUES ({})".format(
            quote(GameAction._meta.db_table),
            ", ".join(quote(field.column) for field in self.action_fields),
            ", ".join(["%s"] * len(self.action_fields)),
        )
        self.game_fields = [Game._meta.get_field(name) for name in MOVE_COLUMNS]
        self.update_sql = "UPDATE {} SET {} WHERE {} = %s AND {} = %s".format(
            quote(Game._meta.db_table),
            ", ".join(f"{quote(field.column)} = %s" for field in self.game_fields),
            quote(Game._meta.pk.column),
            quote(Game._meta.get_field("version").column),
        )
        self.alias = alias

    def write(self, game: Game, *, kind: str, seat: int | None, payload: dict) -> bool:
        connection = connections[self.alias]
        action_values = {
            "game": game.pk,
            "version": game.version,
            "kind": kind,
            "seat": seat,
            "payload": payload,
            "created_at": timezone.now(),
        }
        with connection.cursor() as cursor:
            cursor.execute(
                self.update_sql,
                [
                    *(
                        field.get_db_prep_save(getattr(game, field.attname), connection)
                        for field in self.game_fields
                    ),
                    game.pk,
                    game.version - 1,
                ],
            )
            if cursor.rowcount != 1:
                return False
            cursor.execute(
                self.insert_sql,
                [
                    field.get_db_prep_save(action_values[field.name], connection)
                    for field in self.action_fields
                ],
            )
        return True


def _prepared_statement(key: tuple, make):
    statement = _prepared.get(key)
    if statement is None:
        with _prepared_lock:
            statement = _prepared.get(key)
            if statement is None:
                statement = _prepared[key] = make()
    return statement


def game_row_read(*, game_id: int, for_update: bool = False, alias: str = "default") -> Game:
    """Return the game row (without its seats), locked for the transaction if `for_update`;
    raise Game.DoesNotExist when there is none."""
    # What the ORM would refuse or find nothing for: no integer, or none a row's id can be.
    game_id = Game._meta.pk.get_prep_value(game_id)
    if not -(2**63) <= game_id < 2**63:
        raise Game.DoesNotExist
    reader = _prepared_statement(("read", alias, for_update), lambda: _GameRead(alias, for_update))
    game = reader.read(game_id)
    if game is None:
        raise Game.DoesNotExist
    return game


def move_row_write(
    game: Game, *, kind: str, seat: int | None, payload: dict, alias: str = "default"
) -> bool:
    """Write a decision inside the writer's transaction: the game's `MOVE_COLUMNS` over the
    version before the game's (new) one, then its action row at the new version. Return False,
    writing nothing, when the stored row is no longer at the version before (a row held in
    memory that another writer has replaced; a row locked by the writer always is)."""
    writer = _prepared_statement(("move", alias), lambda: _MoveWrite(alias))
    return writer.write(game, kind=kind, seat=seat, payload=payload)
