"""Worked examples of what a follower may play, with partners.

Implements manille-4p.md, *What a follower may play*, as data: each example is a trick in
progress, the follower's cards, the cards he may play and the code each other card is refused
with. The engine's tests play every example through the rules; the rules pages can show the
same positions (the `key` names the example, so a page can attach its own translated words).

In every example the follower is seat 0; his partner is seat 2, his opponents seats 1 and 3, and
the trick was led by the seat `len(trick)` places before him.
"""

from dataclasses import dataclass

from ..errors import MUST_BEAT, MUST_FOLLOW_SUIT, MUST_TRUMP


@dataclass(frozen=True, slots=True)
class FollowerExample:
    """One position: `trick` is ((seat, card), ...) in playing order, seat 0 plays next."""

    key: str
    rule: int
    description: str
    trump: str | None
    trick: tuple[tuple[int, str], ...]
    hand: tuple[str, ...]
    allowed: tuple[str, ...]
    # Card refused -> error code (every card of `hand` not in `allowed` is listed).
    refused: tuple[tuple[str, str], ...]

    @property
    def seat(self) -> int:
        return 0


FOLLOWER_EXAMPLES: tuple[FollowerExample, ...] = (
    FollowerExample(
        key="beat_the_opponents_card",
        rule=1,
        description="An opponent leads the 9♥: holding the 10♥ and the 8♥, you must beat it.",
        trump="S",
        trick=((1, "9H"),),
        hand=("TH", "8H", "KS", "7D"),
        allowed=("TH",),
        refused=(("8H", MUST_BEAT), ("KS", MUST_FOLLOW_SUIT), ("7D", MUST_FOLLOW_SUIT)),
    ),
    FollowerExample(
        key="beat_the_winning_card_not_the_led_card",
        rule=1,
        description=(
            "Your partner leads the Q♥ and an opponent wins it with the A♥: holding the 10♥"
            " and the K♥, you must play the 10♥, the only heart above the ace."
        ),
        trump="S",
        trick=((2, "QH"), (3, "AH")),
        hand=("TH", "KH", "7C"),
        allowed=("TH",),
        refused=(("KH", MUST_BEAT), ("7C", MUST_FOLLOW_SUIT)),
    ),
    FollowerExample(
        key="cannot_beat_follow_with_any",
        rule=1,
        description=(
            "An opponent leads the 10♥: nothing beats it, any heart will do (the 8♥ or the 7♥)."
        ),
        trump="S",
        trick=((1, "TH"),),
        hand=("8H", "7H", "AS"),
        allowed=("8H", "7H"),
        refused=(("AS", MUST_FOLLOW_SUIT),),
    ),
    FollowerExample(
        key="partner_winning_follow_with_any",
        rule=1,
        description=(
            "Your partner's K♥ is winning over the opponent's 9♥: any heart, you need not beat."
        ),
        trump="S",
        trick=((2, "KH"), (3, "9H")),
        hand=("TH", "8H", "AS"),
        allowed=("TH", "8H"),
        refused=(("AS", MUST_FOLLOW_SUIT),),
    ),
    FollowerExample(
        key="opponent_trumped_follow_with_any",
        rule=1,
        description=(
            "Hearts led and an opponent trumps with the 7♠: you still follow with a heart, any"
            " heart, since no heart can win the trick."
        ),
        trump="S",
        trick=((2, "KH"), (3, "7S")),
        hand=("TH", "8H", "AS"),
        allowed=("TH", "8H"),
        refused=(("AS", MUST_FOLLOW_SUIT),),
    ),
    FollowerExample(
        key="trump_led_beat_it",
        rule=1,
        description=(
            "An opponent leads the J♠, spades being trump: holding the A♠ and the 7♠, you"
            " must play the A♠ (the trump suit led is followed like any other)."
        ),
        trump="S",
        trick=((1, "JS"),),
        hand=("AS", "7S", "TH"),
        allowed=("AS",),
        refused=(("7S", MUST_BEAT), ("TH", MUST_FOLLOW_SUIT)),
    ),
    FollowerExample(
        key="void_partner_winning_any_card",
        rule=2,
        description="Your partner's A♣ is winning and you have no club: any card, trump or not.",
        trump="S",
        trick=((2, "AC"), (3, "9C")),
        hand=("KS", "7S", "TH", "8D"),
        allowed=("KS", "7S", "TH", "8D"),
        refused=(),
    ),
    FollowerExample(
        key="void_any_trump_wins",
        rule=3,
        description=(
            "An opponent leads the A♠ (hearts trump) and you have no spade: any trump wins,"
            " since the trick holds none, so you must trump, with any heart."
        ),
        trump="H",
        trick=((1, "AS"),),
        hand=("9H", "7H", "TD", "KC"),
        allowed=("9H", "7H"),
        refused=(("TD", MUST_TRUMP), ("KC", MUST_TRUMP)),
    ),
    FollowerExample(
        key="void_overtrump",
        rule=3,
        description=(
            "Clubs led, an opponent has trumped with the J♥ (hearts trump): with the 10♥ and"
            " the 9♥ you must play the 10♥, the trump that wins."
        ),
        trump="H",
        trick=((2, "8C"), (3, "JH")),
        hand=("TH", "9H", "8D"),
        allowed=("TH",),
        refused=(("9H", MUST_BEAT), ("8D", MUST_TRUMP)),
    ),
    FollowerExample(
        key="void_lower_trump_allowed",
        rule=3,
        description=(
            "Clubs led, an opponent has trumped with the J♥: with only the 9♥ and the 8♥ no"
            " trump of yours wins, so any card, a lower trump included."
        ),
        trump="H",
        trick=((2, "8C"), (3, "JH")),
        hand=("9H", "8H", "8D"),
        allowed=("9H", "8H", "8D"),
        refused=(),
    ),
    FollowerExample(
        key="void_overtrump_partner_overtrumped",
        rule=3,
        description=(
            "Your partner trumped with the 9♥ and the next opponent over-trumped with the K♥:"
            " holding the A♥ you must play it to win the trick back."
        ),
        trump="H",
        trick=((1, "KC"), (2, "9H"), (3, "KH")),
        hand=("AH", "7H", "8D"),
        allowed=("AH",),
        refused=(("7H", MUST_BEAT), ("8D", MUST_TRUMP)),
    ),
    FollowerExample(
        key="void_holding_no_trump_any_card",
        rule=3,
        description=(
            "An opponent's Q♣ is winning, you have no club and no trump (spades): any card."
        ),
        trump="S",
        trick=((2, "8C"), (3, "QC")),
        hand=("TH", "AD", "7D"),
        allowed=("TH", "AD", "7D"),
        refused=(),
    ),
    FollowerExample(
        key="void_no_trump_any_card",
        rule=4,
        description=(
            "No trump this deal: an opponent leads the K♣ and you have no club: any card."
        ),
        trump=None,
        trick=((1, "KC"),),
        hand=("TH", "8D", "7S"),
        allowed=("TH", "8D", "7S"),
        refused=(),
    ),
)
