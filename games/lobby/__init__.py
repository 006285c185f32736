"""The waiting room: who is here, the games waiting for players, the games to watch, *Jouer
maintenant*, challenges, and the room fanned out once per process (`hub`).

Games themselves are opened, joined and started through the tables' one writer
(`games.tables.services`); the room only adds its own rules (a game that waits for an opponent,
the oldest compatible game first, challenges between present members).
"""
