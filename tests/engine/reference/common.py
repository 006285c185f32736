"""What the reference games share: French cards, tricks, the follower rule, the record's shape.

A second reading of the spec, written without the engine's rule code: manille-4p.md (*Common to
both*: cards, points, the play of a trick, the follower rule, which error is reported),
manille-variants.md (*Common to the French variants*, *Records of all these variants*) and
game-record.md (*Format*, *Replaying*).
"""

SUITS = "SHDC"
FRENCH_RANKS = "TAKQJ987"
FRENCH_CARDS = tuple(rank + suit for suit in SUITS for rank in FRENCH_RANKS)
CARD_POINTS = {"T": 5, "A": 4, "K": 3, "Q": 2, "J": 1, "9": 0, "8": 0, "7": 0}
SEVENS_PAIRS = (("7S", "7C"), ("7H", "7D"))
FORFEIT_REASONS = ("timeout", "left")
HEXADECIMAL_DIGITS = "0123456789abcdef"


# The 4 by 4 deal of *muette* from d+1: deck indices by the seat's distance from the dealer.
FRENCH_MAP = {
    1: (0, 1, 2, 3, 16, 17, 18, 19),
    2: (4, 5, 6, 7, 20, 21, 22, 23),
    3: (8, 9, 10, 11, 24, 25, 26, 27),
    0: (12, 13, 14, 15, 28, 29, 30, 31),
}


def french_hands(deck: list, dealer: int) -> dict:
    """Deal 4 by 4 from d+1 (manille-4p.md, *Deal and trump*)."""
    return {
        (dealer + distance) % 4: [deck[index] for index in indices]
        for distance, indices in FRENCH_MAP.items()
    }


class Malformed(Exception):
    """A record that is not well-formed: exit 2, at no deal and no action."""

    def __init__(self, message: str, code: str = "malformed"):
        super().__init__(message)
        self.code = code


def refused(code: str, message: str) -> tuple[str, str]:
    """Name the refusal of an action: its code and what was wrong."""
    return code, message


def is_integer(value) -> bool:
    """Tell an integer, a boolean not being one."""
    return isinstance(value, int) and not isinstance(value, bool)


def french_strength(card: str) -> int:
    """Rank a French card in its suit, the manille highest."""
    return len(FRENCH_RANKS) - FRENCH_RANKS.index(card[0])


def card_points(card: str) -> int:
    """Count a French card's points."""
    return CARD_POINTS[card[0]]


def trick_power(card: str, led: str, trump: str | None, strength) -> tuple[int, int]:
    """Order the cards of a trick: a trump beats the led suit, which beats the rest."""
    if card[1] == trump:
        return 2, strength(card)
    if card[1] == led:
        return 1, strength(card)
    return 0, 0


def winning_play(trick: list, trump: str | None, strength=french_strength) -> tuple[int, str]:
    """Give the (seat, card) winning a trick so far: the highest trump, else the highest led."""
    led = trick[0][1][1]
    return max(trick, key=lambda play: trick_power(play[1], led, trump, strength))


def follower_refusal(hand, trick, trump, is_partner, card) -> tuple[str, str] | None:
    """Refuse a card a follower may not play (manille-variants.md, *Follower rule*), or None.

    `is_partner(seat)` says whether a seat is on the follower's side.
    """
    if not trick:
        return None
    led = trick[0][1][1]
    winning_seat, winning_card = winning_play(trick, trump)
    winning_power = trick_power(winning_card, led, trump, french_strength)

    def wins(own: str) -> bool:
        return trick_power(own, led, trump, french_strength) > winning_power

    led_cards = [own for own in hand if own[1] == led]
    if led_cards:
        if card[1] != led:
            return refused("must_follow_suit", f"must follow suit: {led_cards}")
        if not is_partner(winning_seat) and winning_card[1] == led:
            higher = [own for own in led_cards if wins(own)]
            if higher and card not in higher:
                return refused("must_beat", f"must beat the {winning_card}: {higher}")
        return None
    if is_partner(winning_seat) or trump is None:
        return None
    winning_trumps = [own for own in hand if own[1] == trump and wins(own)]
    if not winning_trumps or card in winning_trumps:
        return None
    if card[1] == trump:
        return refused("must_beat", f"must trump higher than the {winning_card}: {winning_trumps}")
    return refused("must_trump", f"must trump: {winning_trumps}")


class FrenchTricks:
    """The play of a French deal: whose turn, what may be played, tricks and points by seat.

    Points are card points plus 1 per trick (manille-variants.md, *Cards and points*).
    """

    def __init__(self, hands: dict, leader: int, trump: str | None, trick_count: int, sides):
        self.hands = {seat: list(cards) for seat, cards in hands.items()}
        self.seat_count = len(hands)
        self.to_play = leader
        self.trump = trump
        self.trick_count = trick_count
        self.sides = sides
        self.trick: list[tuple[int, str]] = []
        self.tricks = [0] * self.seat_count
        self.points = [0] * self.seat_count
        self.tricks_played = 0

    @property
    def is_over(self) -> bool:
        return self.tricks_played == self.trick_count

    def legal_cards(self, seat: int) -> list[str]:
        return [card for card in self.hands[seat] if self.card_refusal(seat, card) is None]

    def card_refusal(self, seat: int, card: str) -> tuple[str, str] | None:
        """Refuse a card of the seat to play: not held, then the follower rule."""
        if card not in self.hands[seat]:
            return refused("card_not_available", f"the {card} is not in seat {seat}'s hand")
        side = self.sides(seat)
        return follower_refusal(
            self.hands[seat], self.trick, self.trump, lambda other: self.sides(other) == side, card
        )

    def play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.trick.append((seat, card))
        if len(self.trick) < self.seat_count:
            self.to_play = (seat + 1) % self.seat_count
            return
        winner, _ = winning_play(self.trick, self.trump)
        self.tricks[winner] += 1
        self.points[winner] += 1 + sum(card_points(played) for _, played in self.trick)
        self.tricks_played += 1
        self.trick = []
        self.to_play = winner


def turn_refusal(is_over: bool, seat_to_act, action: dict, phase_types) -> tuple[str, str] | None:
    """Refuse an action out of place, in the spec's order (manille-4p.md, *Which error is
    reported*): the deal over, not the seat to act, an action of another phase."""
    if is_over:
        return refused("wrong_phase", "the deal is over")
    if action["seat"] != seat_to_act:
        return refused("not_your_turn", f"it is seat {seat_to_act}'s turn")
    if action["type"] not in phase_types:
        return refused("wrong_phase", f"{action['type']} is not possible now")
    return None


def without_nulls(mapping: dict) -> dict:
    """Drop the keys whose value is null: they count as absent (game-record.md, *Replaying*)."""
    return {key: value for key, value in mapping.items() if value is not None}


def check_keys(record: dict, keys) -> None:
    missing = [key for key in keys if key not in record]
    if missing:
        raise Malformed(f"missing {', '.join(missing)}")


def check_head(record, *, variant: str, seat_count: int, formats, option_keys=()) -> dict:
    """Check the record's fields before the deals; give its options."""
    if not isinstance(record, dict):
        raise Malformed("a record is a JSON object")
    check_keys(record, ("variant", "format", "players", "first_dealer", "deals"))
    if record["variant"] != variant:
        raise Malformed(f"not a {variant} record")
    if record["format"] not in formats:
        raise Malformed(f"unknown format {record['format']!r}")
    players = record["players"]
    if not isinstance(players, list) or len(players) != seat_count:
        raise Malformed(f"players: {seat_count} names")
    first_dealer = record["first_dealer"]
    if not is_integer(first_dealer) or not 0 <= first_dealer < seat_count:
        raise Malformed("first_dealer out of range")
    options = record.get("options", {})
    if not isinstance(options, dict):
        raise Malformed("options: an object")
    unknown = [key for key in options if key not in option_keys]
    if unknown:
        raise Malformed(f"{variant} has no option {unknown[0]!r}", code="options_not_allowed")
    if any(not isinstance(value, bool) for value in options.values()):
        raise Malformed("options are true or false")
    if not isinstance(record["deals"], list):
        raise Malformed("deals: a list")
    return options


def check_names(players: list) -> None:
    if any(not isinstance(name, str) for name in players):
        raise Malformed("players are names")


def check_deals(record: dict, *, seat_count: int, check_deck, check_action) -> None:
    """Check every deal's fields, dealer, deck and actions before any play."""
    for index, deal in enumerate(record["deals"]):
        if not isinstance(deal, dict):
            raise Malformed(f"deal {index}: an object")
        check_keys(deal, ("dealer", "deck", "actions"))
        dealer = deal["dealer"]
        if not is_integer(dealer) or dealer != (record["first_dealer"] + index) % seat_count:
            raise Malformed(f"deal {index}: dealer out of turn")
        for key in ("salt", "commitment"):
            value = deal.get(key)
            if value is not None and not (
                isinstance(value, str)
                and len(value) == 64
                and all(digit in HEXADECIMAL_DIGITS for digit in value)
            ):
                raise Malformed(f"deal {index}: {key} is 64 hexadecimal digits")
        deck = deal["deck"]
        if not isinstance(deck, list) or not all(isinstance(card, str) for card in deck):
            raise Malformed(f"deal {index}: a deck is a list of cards")
        if len(set(deck)) != len(deck):
            raise Malformed(f"deal {index}: a card twice in the deck")
        check_deck(deck)
        if not isinstance(deal["actions"], list):
            raise Malformed(f"deal {index}: actions: a list")
        for action in deal["actions"]:
            if not isinstance(action, dict):
                raise Malformed("an action is an object")
            action = without_nulls(action)
            seat = action.get("seat")
            if not is_integer(seat) or not 0 <= seat < seat_count:
                raise Malformed("an action's seat out of range")
            check_action(action)


# The keys an action may carry besides `seat` and `type`, in one game or another.
ACTION_VOCABULARY = ("card", "suit", "points", "cards")


def check_action_keys(action: dict, takes: dict) -> None:
    """Check an action's type and keys: `takes` maps each type to its keys and their checks.

    Any other key of the actions' vocabulary is malformed on a type that does not take it.
    """
    kind = action.get("type")
    if kind not in takes:
        raise Malformed(f"unknown action type {kind!r}")
    for key, is_valid in takes[kind].items():
        if key not in action or not is_valid(action[key]):
            raise Malformed(f"a {kind} action takes a valid {key}")
    for key in ACTION_VOCABULARY:
        if key in action and key not in takes[kind]:
            raise Malformed(f"a {kind} action takes no {key}")


def check_end(record: dict, seat_count: int) -> None:
    end = record.get("end")
    if end is None:
        return
    if (
        not isinstance(end, dict)
        or end.get("type") != "forfeit"
        or not is_integer(end.get("seat"))
        or not 0 <= end["seat"] < seat_count
        or end.get("reason") not in FORFEIT_REASONS
    ):
        raise Malformed("end: a forfeit by a seat, for timeout or left")


def check_french_deck(deck: list) -> None:
    if sorted(deck) != sorted(FRENCH_CARDS):
        raise Malformed("a deck of the 32 cards")


def missing_sevens(deck: list) -> tuple[str, str] | None:
    """Give the pair of sevens of one colour a 30-card deck lacks, or None if it lacks others."""
    missing = set(FRENCH_CARDS) - set(deck)
    if len(deck) != 30 or not set(deck) <= set(FRENCH_CARDS):
        return None
    for pair in SEVENS_PAIRS:
        if missing == set(pair):
            return pair
    return None


def error_document(deal, action, code: str, message: str) -> dict:
    return {
        "ok": False,
        "error": {"deal": deal, "action": action, "code": code, "message": message},
    }


def forfeit_end(end: dict) -> dict:
    return {"type": "forfeit", "seat": end["seat"], "reason": end["reason"]}


def replay(record, game) -> tuple[int, dict]:
    """Replay a record with a game's module (`check_record`, `Match`); give (status, document).

    The whole record is checked before any play; a deal after an unfinished one or after the
    match was won, and a forfeit after a match won on points, are malformed too
    (manille-variants.md, *Records of all these variants*).
    """
    try:
        game.check_record(record)
        match = game.Match(record)
        for deal_index, deal_record in enumerate(record["deals"]):
            if match.finished:
                raise Malformed(f"deal {deal_index}: the match was already won")
            if match.deal is not None:
                raise Malformed(f"deal {deal_index}: after an unfinished deal")
            match.start_deal(deal_record["deck"])
            for action_index, action in enumerate(deal_record["actions"]):
                action = without_nulls(action)
                refusal = match.deal.refusal(action)
                if refusal is not None:
                    return 1, error_document(deal_index, action_index, *refusal)
                match.deal.apply(action)
            if match.deal.is_over:
                match.finish_deal()
        end = record.get("end")
        if end is not None:
            if match.finished:
                raise Malformed("a forfeit after a match won on points")
            match.forfeit(end)
    except Malformed as error:
        return 2, error_document(None, None, error.code, str(error))
    return 0, match.output()
