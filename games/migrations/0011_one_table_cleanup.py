"""One table for every game (3/3): the two-player columns and the four-player models removed."""

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ("games", "0010_one_table_data"),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="game", name="game_winner_seat_valid"),
        migrations.RemoveField(model_name="game", name="seat0"),
        migrations.RemoveField(model_name="game", name="seat1"),
        migrations.RemoveField(model_name="game", name="seat0_stars"),
        migrations.RemoveField(model_name="game", name="seat1_stars"),
        migrations.RemoveField(model_name="game", name="winner_seat"),
        migrations.AddConstraint(
            model_name="game",
            constraint=models.CheckConstraint(
                condition=models.Q(("forfeit_seat__isnull", True), ("forfeit_seat__lte", 7), _connector="OR"),
                name="game_forfeit_seat_valid",
            ),
        ),
        migrations.DeleteModel(name="PartnershipAction"),
        migrations.DeleteModel(name="PartnershipSeat"),
        migrations.DeleteModel(name="PartnershipGame"),
    ]
