"""What the announcements of a Flemish deal make likely of the other hands (issue 23).

A determinization (`knowledge.PartnershipKnowledge.sample_hands`) deals the unknown cards among
every deal consistent with the rules; the announcements say more. The dealer named the suit where
he is long and strong (or no trump with manilles); *d+1* and *d+3* said *mee* only with a strong
hand, and passed without one; after a *mee*, *d+2* and the dealer the same for *tegen*.
`likely_hands(view, knowledge)` reads them from the view and returns a test of a deal drawn: does
a club player holding those hands announce so? The club player is the two-player levels' rules,
which the four-player *moyen* shares (`medium.suit_strength` for the trump, the worth of
`inference.buque_score` for a doubling), with a margin on each side: a person, or a search, does
not announce by a table. The view does not say which of two seats said *mee* (or *tegen*), so a
*mee* is read only by the dealer's team, as "one of the two is strong"; every seat reads a pass
of both.

What a seat held when it announced: the hand drawn and the cards it has played since.
"""

from collections.abc import Callable

from games.engine.core import CARD_INDEX, NO_TRUMP
from games.engine.partnership.rulesets import TRUMP_NAMED_BY_DEALER

from ..inference import best_strength, buque_score, suit_strength
from ..medium import count_rank
from .knowledge import PartnershipKnowledge

# A named trump is believed when it is within this of the dealer's best suit (a card).
TRUMP_MARGIN = 2.0
# The worth (`inference.buque_score`) of the four-player moyen's strong hand: four trumps headed
# by the manille with the manillon (12 + 6 + 3), or five with the manille (15 + 6); without
# trump three manilles and two manillons (12 + 5).
STRONG_AT = {"trump": 21.0, "no_trump": 17.0}
# How far from that a doubling, or a pass, is still believed (points of worth).
MARGIN = 4.0
# No trump named by choice: at least this many manilles.
NO_TRUMP_MANILLES = 2

HandsTest = Callable[[list[int]], bool]


def likely_hands(view: dict, knowledge: PartnershipKnowledge) -> HandsTest | None:
    """Return a test of a drawn deal (the four hands, masks): true when the announcements of the
    deal agree with it; None when they tell nothing (no test)."""
    named = view["trump"] is not None or view["no_trump"]
    if knowledge.ruleset.trump_source != TRUMP_NAMED_BY_DEALER or not named:
        return None
    seat = knowledge.seat
    dealer = knowledge.dealer
    trump = knowledge.trump
    strong_at = STRONG_AT["no_trump" if trump == NO_TRUMP else "trump"]
    tests: list[HandsTest] = []

    def worth(hands: list[int], holder: int) -> float:
        return buque_score(hands[holder], trump)

    if dealer != seat and not view["blind"]:
        if trump == NO_TRUMP:
            tests.append(lambda hands: count_rank(hands[dealer], 0) >= NO_TRUMP_MANILLES)
        else:
            tests.append(
                lambda hands: (
                    suit_strength(hands[dealer], trump) + TRUMP_MARGIN
                    >= best_strength(hands[dealer])
                )
            )
    # The asking is over once the cards are played.
    if (view.get("options") or {}).get("mee_tegen") and view["phase"] == "play":
        askers = [(dealer + 1) % 4, (dealer + 3) % 4]
        answerers = [(dealer + 2) % 4, dealer]
        rounds = [(askers, view["mee"])]
        if view["mee"]:
            rounds.append((answerers, view["tegen"]))
        for asked, said in rounds:
            others = [holder for holder in asked if holder != seat]
            if said:
                # Who said it is unknown: read only when neither was this seat.
                if len(others) == len(asked):
                    tests.append(
                        lambda hands, others=others: any(
                            worth(hands, holder) >= strong_at - MARGIN for holder in others
                        )
                    )
            else:
                tests.append(
                    lambda hands, others=others: all(
                        worth(hands, holder) < strong_at + MARGIN for holder in others
                    )
                )
    if not tests:
        return None
    played = [0, 0, 0, 0]
    for entry in view["plays"]:
        played[entry["seat"]] |= 1 << CARD_INDEX[entry["card"]]

    def is_likely(hands: list[int]) -> bool:
        then = [hand | cards for hand, cards in zip(hands, played, strict=True)]
        return all(test(then) for test in tests)

    return is_likely


def informed(view: dict) -> PartnershipKnowledge:
    """Return the seat's knowledge with the test of the deal's announcements."""
    knowledge = PartnershipKnowledge(view)
    knowledge.likely = likely_hands(view, knowledge)
    return knowledge
