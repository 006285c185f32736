"""Yardsticks of our own for the two-player strong level (issue 23): players that are not levels
of the site, written to measure *fort* against at the same time a decision.

- `greedy`: determinized Monte Carlo with mostly greedy playouts;
- `ismcts`: single-observer information-set Monte Carlo tree search (UCB).

Both keep `games.computer.choose_action`'s contract: they decide from their seat's
`player_view` alone (through `games.computer.knowledge`), return one of the view's legal actions
unchanged, and with a budget in playouts the same view and seed give the same action. Their
budget may instead be a time: CPU seconds a decision, what it costs on one core, to compare
them with *fort* at the same time (benchmarks/duplicate_arena.py).
"""
