"""One table for every game (1/3): the new columns and the seats, beside the old ones."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0008_partnership_tables"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RenameField(model_name="game", old_name="creator", new_name="host"),
        migrations.AlterField(
            model_name="game",
            name="host",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.PROTECT,
                related_name="hosted_games",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="variant",
            field=models.CharField(default="manille-2p", max_length=32, verbose_name="jeu"),
        ),
        migrations.AlterField(
            model_name="game",
            name="format",
            field=models.CharField(max_length=16, verbose_name="format"),
        ),
        migrations.AddField(
            model_name="game",
            name="options",
            field=models.JSONField(blank=True, default=dict),
        ),
        migrations.AddField(
            model_name="game",
            name="starts_when_full",
            field=models.BooleanField(default=False),
        ),
        migrations.AlterField(
            model_name="game",
            name="status",
            field=models.CharField(
                choices=[
                    ("open", "en attente de joueurs"),
                    ("in_progress", "en cours"),
                    ("finished", "terminée"),
                    ("cancelled", "annulée"),
                ],
                db_index=True,
                default="open",
                max_length=16,
                verbose_name="état",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="winner_team",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="forfeit_seat",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="game",
            name="legacy_table_id",
            field=models.PositiveIntegerField(blank=True, null=True, unique=True),
        ),
        migrations.AlterField(
            model_name="challenge",
            name="format",
            field=models.CharField(max_length=16, verbose_name="format"),
        ),
        migrations.AlterField(
            model_name="gameaction",
            name="kind",
            field=models.CharField(
                choices=[
                    ("seat", "place"),
                    ("start", "début"),
                    ("action", "action"),
                    ("forfeit", "forfait"),
                    ("cancel", "annulation"),
                ],
                max_length=16,
            ),
        ),
        migrations.AddField(
            model_name="rematchoffer",
            name="accepted_seats",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.CreateModel(
            name="Seat",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("seat", models.PositiveSmallIntegerField()),
                ("team", models.PositiveSmallIntegerField()),
                ("is_computer", models.BooleanField(default=False)),
                ("stars", models.PositiveSmallIntegerField(blank=True, null=True)),
                (
                    "game",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="seats",
                        to="games.game",
                    ),
                ),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="seats",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "verbose_name": "place",
                "verbose_name_plural": "places",
                "ordering": ["game", "seat"],
                "indexes": [models.Index(fields=["user", "game"], name="seat_user_game")],
                "constraints": [
                    models.UniqueConstraint(fields=("game", "seat"), name="seat_unique"),
                    models.UniqueConstraint(
                        condition=models.Q(("is_computer", False)),
                        fields=("game", "user"),
                        name="seat_member_once",
                    ),
                ],
            },
        ),
    ]
