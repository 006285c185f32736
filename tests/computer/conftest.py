import pytest

from games.computer import strong


@pytest.fixture(autouse=True)
def small_strong_budget(monkeypatch):
    """Fewer playouts per decision of the strong level: what the tests check (legal actions,
    repeatable decisions, the information boundary) does not depend on the budget, and the
    full one is measured by benchmarks/computer_speed.py."""
    monkeypatch.setattr(strong, "PLAYOUTS", 300)
