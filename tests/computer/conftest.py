import pytest

from games.computer import strong
from games.computer.partnership import strong as partnership_strong


@pytest.fixture(autouse=True)
def small_strong_budget(monkeypatch):
    """Fewer playouts per decision of the strong level: what the tests check (legal actions,
    repeatable decisions, the information boundary) does not depend on the budget, and the
    full one is measured by benchmarks/computer_speed.py and
    benchmarks/partnership_strength.py --speed."""
    monkeypatch.setattr(strong, "PLAYOUTS", 300)
    monkeypatch.setattr(partnership_strong, "PLAYOUTS", 300)
