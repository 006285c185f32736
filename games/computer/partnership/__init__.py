"""The computer players of the four-player partnership games (Flemish and French Manille).

Same contract as the two-player levels (`games.computer.choose_action`): a seat's `player_view`
in, one of its legal actions out, repeatable for a seed. `knowledge.py` reads what the seat knows
and samples the three unknown hands, `playout.py` plays a deal out on bitmasks, `medium.py` and
`strong.py` are the *moyen* and *fort* levels (docs/computer.md, *The four-player levels*).
"""
