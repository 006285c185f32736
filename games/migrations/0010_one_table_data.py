"""One table for every game (2/3): every two-player game and four-player table carried over.

Each two-player game keeps its id (its address /parties/<id>/, its ladder points, its
competition match and its record stay as they are); its two seats become `Seat` rows with the
star groups they started with, its winner a team (in the two-player game a team is a seat). Each
four-player table becomes a game of its variant with a new id, its old number kept in
`legacy_table_id` (/tables/<n>/ leads to it), its seats and every action carried over in order.
The engine states are kept as they were written: each variant reads its own.
"""

from django.db import migrations


def _forfeit_seat(state):
    forfeit = (state or {}).get("forfeit")
    return None if not forfeit else forfeit.get("seat")


def _is_first_deal_complete(state):
    return any(summary.get("complete") for summary in (state or {}).get("summaries", []))


def carry_over(apps, schema_editor):
    Game = apps.get_model("games", "Game")
    Seat = apps.get_model("games", "Seat")
    GameAction = apps.get_model("games", "GameAction")
    PartnershipGame = apps.get_model("games", "PartnershipGame")
    PartnershipSeat = apps.get_model("games", "PartnershipSeat")
    PartnershipAction = apps.get_model("games", "PartnershipAction")

    for game in Game.objects.select_related("seat0", "seat1").order_by("pk").iterator():
        seats = []
        for number, user, stars in (
            (0, game.seat0, game.seat0_stars),
            (1, game.seat1, game.seat1_stars),
        ):
            if user is not None:
                seats.append(
                    Seat(
                        game_id=game.pk,
                        seat=number,
                        team=number,
                        user_id=user.pk,
                        is_computer=user.is_computer,
                        stars=stars,
                    )
                )
        Seat.objects.bulk_create(seats)
        draw = game.first_dealer_draw
        Game.objects.filter(pk=game.pk).update(
            winner_team=game.winner_seat,
            forfeit_seat=_forfeit_seat(game.state),
            # A game that waits in the room starts when its opponent sits down.
            starts_when_full=game.origin == "lobby",
            first_dealer_draw=(
                None
                if draw is None
                else [[[0, cards[0]], [1, cards[1]]] for cards in draw]
            ),
        )

    for table in PartnershipGame.objects.order_by("pk").iterator():
        game = Game.objects.create(
            variant=table.variant,
            format=table.format,
            options=table.options,
            host_id=table.host_id,
            is_ranked=False,
            starts_when_full=False,
            status=table.status,
            state=table.state,
            version=table.version,
            deadline=table.deadline,
            started_at=table.started_at,
            ended_at=table.ended_at,
            winner_team=table.winner_team,
            end_reason=table.end_reason,
            forfeit_seat=table.forfeit_seat,
            is_first_deal_complete=_is_first_deal_complete(table.state),
            first_dealer_draw=table.first_dealer_draw,
            origin="lobby",
            computer_due_at=table.computer_due_at,
            legacy_table_id=table.pk,
        )
        # auto_now_add stamped the copy: the table keeps the time it was opened.
        Game.objects.filter(pk=game.pk).update(created_at=table.created_at)
        Seat.objects.bulk_create(
            Seat(
                game_id=game.pk,
                seat=seat.seat,
                team=seat.seat % 2,
                user_id=seat.user_id,
                is_computer=seat.is_computer,
            )
            for seat in PartnershipSeat.objects.filter(game_id=table.pk)
        )
        for action in PartnershipAction.objects.filter(game_id=table.pk).order_by("version"):
            copy = GameAction.objects.create(
                game_id=game.pk,
                version=action.version,
                kind=action.kind,
                seat=action.seat,
                payload=action.payload,
            )
            GameAction.objects.filter(pk=copy.pk).update(created_at=action.created_at)


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0009_one_table_schema"),
    ]

    operations = [
        # Irreversible: the old models are removed by the next migration.
        migrations.RunPython(carry_over, migrations.RunPython.noop, elidable=False),
    ]
