"""Computer players on the site: their members, their games, and the runner that moves them.

The decisions themselves are `games.computer` (pure, no Django): the site only hands it the view
a person in the computer's seat would receive (the registry's `player_view`) and submits its
answer through the tables' one writer (`games.tables.services.game_computer_act`), under the same
version check and deadline as a person (docs/computer.md).

- `members`: the member who plays at each level (made at its first game);
- `scheduling`: when a computer's turn is due, and where it runs (Celery's queue `computer`, or
  the embedded runner on the server's own loop);
- `turns`: one turn played, the sweep of turns whose run was lost (a restart);
- `services`: a game against the computer started from the waiting room.

The modules depend on one another in that order, and `games.tables.services` uses only the
first two: the runner finds the turn by its dotted name, never by an import.
"""
