"""Does a question help the medium level at *Manille parlée*? A team whose players ask their
partner *Montre ton jeu* at their first lead of a deal (while they may still ask, with five
cards or more in hand) against a team of the same level that never asks, on the same decks
with the teams swapped (each deck played twice).

The answer is heard by everyone, the opponents included, and the medium level reads a hand on
the table as known cards (`PartnershipKnowledge`): the figure says whether the asking team
gains more from it than the other. Prints the asking team's matches won and its mean score per
deal minus the other's (95% normal interval).

    .venv/bin/python benchmarks/parlee_questions.py --decks 1000
"""

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.computer import LEVEL_MEDIUM, choose_action  # noqa: E402
from games.computer.arena import play_partnership_match  # noqa: E402

ASKING = "moyen-qui-demande"


def _choose(level: str, view: dict, *, seed: int) -> dict:
    """The medium level, asking *Montre ton jeu* first at its first lead when it is `ASKING`."""
    if level == ASKING and not view["trick"] and len(view["hand"]) >= 5:
        team = view["seat"] % 2
        show = next((action for action in view["legal_actions"] if action["type"] == "show"), None)
        if show is not None and view["conductors"][team] is None:
            return show
    return choose_action(LEVEL_MEDIUM, view, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--decks", type=int, default=200)
    arguments = parser.parse_args()
    margins, wins = [], 0
    for seed in range(arguments.decks):
        for asking_team in (0, 1):
            levels = tuple(ASKING if seat % 2 == asking_team else LEVEL_MEDIUM for seat in range(4))
            state = play_partnership_match("manille-parlee", levels, seed=seed, choose=_choose)
            deals = state.progress.summaries
            margins.append(
                sum(deal.score[asking_team] - deal.score[1 - asking_team] for deal in deals)
                / len(deals)
            )
            wins += state.winner == asking_team
    mean = statistics.mean(margins)
    half_width = 1.96 * statistics.stdev(margins) / len(margins) ** 0.5
    print(
        f"{len(margins)} matches: the asking team won {wins} ({wins / len(margins):.1%}), "
        f"{mean:+.2f} ± {half_width:.2f} points a deal"
    )


if __name__ == "__main__":
    main()
