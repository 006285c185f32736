"""Records for the cross-check: legal ones played at random by the reference, then illegal and
malformed ones made from them by changing one thing (the intended error is checked against the
reference's own replay, so a mutation that misses its aim fails loudly)."""

import copy
import random
from dataclasses import dataclass, field

from . import GAMES, replay_record
from .common import FRENCH_CARDS, FRENCH_MAP, SEVENS_PAIRS, SUITS, french_strength, without_nulls
from .manni import CARDS as MANNI_CARDS
from .trois import THREE_PLAYER_MAP

KINDS = ("legal", "illegal", "malformed")


@dataclass(frozen=True)
class Case:
    """A variant and its table options, as one line of the figures."""

    name: str
    variant: str
    seat_count: int
    formats: tuple
    cards: tuple
    typical_actions: int
    options: dict = field(default_factory=dict)


TO_34 = ("first-to-34", "first-to-44")
TO_100 = ("to-100", "to-120", "to-150")
# `typical_actions` bounds where an unfinished record stops: about a whole match.
CASES = (
    Case(
        "manille-a-trois", "manille-a-trois", 3, TO_34, FRENCH_CARDS, 120, {"sevens_removed": True}
    ),
    Case(
        "manille-a-trois/talon",
        "manille-a-trois",
        3,
        TO_34,
        FRENCH_CARDS,
        120,
        {"sevens_removed": False},
    ),
    Case("manille-encheres", "manille-encheres", 4, TO_100, FRENCH_CARDS, 250),
    Case("manille-encheres-3", "manille-encheres-3", 3, TO_100, FRENCH_CARDS, 200),
    Case("manille-parlee", "manille-parlee", 4, TO_34, FRENCH_CARDS, 170),
    Case("manni", "manni", 3, ("manni-10",), MANNI_CARDS, 350),
    Case("manille-mort", "manille-mort", 4, TO_34, FRENCH_CARDS, 130),
)
CASES_BY_NAME = {case.name: case for case in CASES}


class MutationMissed(AssertionError):
    """A changed record whose reference replay is not the error it was made for."""


def is_sevens_removed(case: Case) -> bool:
    return case.variant == "manille-encheres-3" or case.options.get("sevens_removed", False)


def shuffled_deck(case: Case, pair, rng: random.Random) -> list:
    cards = [card for card in case.cards if not (is_sevens_removed(case) and card in pair)]
    rng.shuffle(cards)
    return cards


def random_hex(rng: random.Random) -> str:
    return format(rng.getrandbits(256), "064x")


def record_head(case: Case, rng: random.Random) -> dict:
    record = {
        "variant": case.variant,
        "format": rng.choice(case.formats),
        "players": [f"player {seat}" for seat in range(case.seat_count)],
        "first_dealer": rng.randrange(case.seat_count),
    }
    if case.variant == "manille-a-trois":
        if case.options["sevens_removed"] is False or rng.random() < 0.6:
            record["options"] = dict(case.options)
        elif rng.random() < 0.5:
            record["options"] = {}
    elif rng.random() < 0.05:
        # No key: no option the variant lacks.
        record["options"] = {}
    if case.variant == "manille-mort":
        record["dummy"] = rng.randrange(4)
        record["players"][record["dummy"]] = None
    if rng.random() < 0.1:
        record["site"] = {"game_id": rng.randrange(1000), "ranked": False}
    record["deals"] = []
    return record


@dataclass(frozen=True)
class Strong:
    """A deal dealt so that one seat holds every trump and the best cards, and played by its
    side at full strength and by the others at their weakest: capot, vole, all ten tricks."""

    seat: int
    trump: str


def strong_deck(case: Case, dealer: int, pair, rng: random.Random) -> tuple[list, Strong]:
    """Deal every trump, then the strongest cards, to one seat (the dealer where trump is the
    dealer's turned-up card)."""
    has_turned_up = case.variant in ("manille-a-trois", "manille-parlee", "manille-mort")
    seat = dealer if has_turned_up else rng.randrange(case.seat_count)
    trump = rng.choice(SUITS)
    cards = shuffled_deck(case, pair, rng)
    if case.seat_count == 3:
        indices, turned_up = THREE_PLAYER_MAP[(seat - dealer) % 3], 29
    else:
        indices, turned_up = FRENCH_MAP[(seat - dealer) % 4], 31
    ordered = sorted(cards, key=lambda card: (card[1] != trump, -french_strength(card)))
    strong = ordered[: len(indices)]
    rest = [card for card in cards if card not in strong]
    rng.shuffle(strong)
    if has_turned_up:
        # The turned-up card names trump: it must be one of the strong seat's trumps.
        strong.sort(key=lambda card: card[1] == trump)
    deck = [None] * len(cards)
    for index, card in zip(indices, strong, strict=True):
        deck[index] = card
    if has_turned_up and deck[turned_up][1] != trump:
        raise AssertionError("the turned-up card is not a trump")
    free = iter(rest)
    return [card if card is not None else next(free) for card in deck], Strong(seat, trump)


def is_strong_side(case: Case, strong: Strong, seat: int) -> bool:
    if case.variant in ("manille-parlee", "manille-mort"):
        return seat % 2 == strong.seat % 2
    return seat == strong.seat


def choose_action(case: Case, deal, rng: random.Random, strong: Strong | None = None) -> dict:
    """Choose a random legal action of the seat to act (at full or weakest strength in a
    strong deal)."""
    seat = deal.seat_to_act()
    if case.variant == "manni":
        if deal.phase == "exchange":
            limit = min(deal.exchange_limit(seat), len(deal.hands[seat]))
            count = rng.choice((0, rng.randint(0, limit), limit))
            return {"seat": seat, "type": "exchange", "cards": rng.sample(deal.hands[seat], count)}
        led = deal.trick[0][1][1] if deal.trick else None
        hand = deal.hands[seat]
        followers = [card for card in hand if card[1] == led]
        return {"seat": seat, "type": "play", "card": rng.choice(followers or hand)}
    if case.variant.startswith("manille-encheres"):
        maximum = deal.rules.maximum
        if strong is not None and deal.phase != "play" and strong.seat not in deal.bidders:
            strong = None
        if deal.phase == "bid" and strong is not None:
            if seat == strong.seat:
                return {"seat": seat, "type": "bid", "points": maximum}
            return {"seat": seat, "type": "pass"}
        if deal.phase == "bid":
            if rng.random() < (0.6 if deal.highest is None else 0.35):
                lowest = deal.lowest_bid()
                points = rng.choice(
                    (lowest, min(maximum, lowest + rng.randint(0, 6)), rng.randint(lowest, maximum))
                )
                if rng.random() < 0.02:
                    points = maximum
                return {"seat": seat, "type": "bid", "points": points}
            return {"seat": seat, "type": "pass"}
        if deal.phase == "trump":
            suit = strong.trump if strong is not None else rng.choice(SUITS)
            return {"seat": seat, "type": "trump", "suit": suit}
        if strong is not None and deal.bidder != strong.seat:
            strong = None
    if case.variant == "manille-parlee" and rng.random() < 0.3:
        question = rng.choice(
            (
                {"seat": seat, "type": "ask_card", "card": rng.choice(FRENCH_CARDS)},
                {"seat": seat, "type": "ask_count", "suit": rng.choice(SUITS)},
                {"seat": seat, "type": "show"},
            )
        )
        if deal.refusal(without_nulls(question)) is None:
            return question
    legal = deal.tricks.legal_cards(seat)
    if strong is None:
        card = rng.choice(legal)
    else:
        choose = max if is_strong_side(case, strong, seat) else min
        card = choose(legal, key=lambda card: (card[1] == strong.trump, french_strength(card)))
    return {"seat": seat, "type": "play", "card": card}


def with_noise(action: dict, rng: random.Random) -> dict:
    """Add what a replay must ignore: a null key (absent), a question's answer."""
    noisy = dict(action)
    if rng.random() < 0.03:
        key = rng.choice([key for key in ("card", "suit", "points") if key not in noisy])
        noisy[key] = None
    if noisy["type"] in ("ask_card", "ask_count", "show") and rng.random() < 0.3:
        noisy["answer"] = rng.choice((True, False, 3, ["TS"]))
    return noisy


def play_deal(case: Case, match, deal_record: dict, rng, strong, budget: int | None) -> int | None:
    """Play the deal in play at random until it is over or the budget of actions is spent."""
    while not match.deal.is_over and (budget is None or budget > 0):
        if budget is not None:
            budget -= 1
        action = choose_action(case, match.deal, rng, strong)
        refusal = match.deal.refusal(without_nulls(action))
        assert refusal is None, (action, refusal)
        match.deal.apply(without_nulls(action))
        deal_record["actions"].append(with_noise(action, rng))
    return budget


def is_tied_at_the_top(case: Case, match) -> bool:
    """Tell a match that would be over but for a shared highest total (Decision 15)."""
    totals = match.totals
    if totals.count(max(totals)) < 2:
        return False
    return max(match.plus) >= 10 if case.variant == "manni" else max(totals) >= match.target


def is_tie_near(case: Case, match) -> bool:
    if case.variant == "manni":
        return max(match.plus) >= 6
    return case.variant == "manille-a-trois" and max(match.totals) >= match.target - 20


def tied_deal(case: Case, match, deal_record: dict, rng, strong) -> None:
    """Play the deal in play so that the highest total is shared, if some of a few random
    playouts does it: ties are too rare at random to be seen in a few thousand records."""
    for _ in range(20):
        trial, trial_record = copy.deepcopy((match, deal_record))
        play_deal(case, trial, trial_record, rng, strong, None)
        trial.finish_deal()
        if is_tied_at_the_top(case, trial):
            break
    for action in trial_record["actions"]:
        match.deal.apply(without_nulls(action))
    deal_record["actions"] = trial_record["actions"]


def legal_record(case: Case, rng: random.Random) -> dict:
    """Play a match at random with the reference: complete, unfinished, or forfeited."""
    record = record_head(case, rng)
    match = GAMES[case.variant].Match(record)
    budget = None if rng.random() < 0.45 else rng.randint(0, case.typical_actions)
    seeks_ties = budget is None and rng.random() < 0.3
    pair = rng.choice(SEVENS_PAIRS)
    has_seal = rng.random() < 0.2
    while not match.finished:
        if budget is not None and budget <= 0 and rng.random() < 0.5:
            break
        dealer = (record["first_dealer"] + len(record["deals"])) % case.seat_count
        strong = None
        if case.variant == "manni" or rng.random() > 0.1:
            deck = shuffled_deck(case, pair, rng)
        else:
            deck, strong = strong_deck(case, dealer, pair, rng)
        match.start_deal(deck)
        deal_record = {"dealer": match.deal.dealer, "deck": deck, "actions": []}
        if has_seal:
            deal_record["salt"] = rng.choice((random_hex(rng), None))
            deal_record["commitment"] = random_hex(rng)
        record["deals"].append(deal_record)
        if seeks_ties and is_tie_near(case, match):
            tied_deal(case, match, deal_record, rng, strong)
        else:
            budget = play_deal(case, match, deal_record, rng, strong, budget)
        if not match.deal.is_over:
            break
        match.finish_deal()
    if not match.finished and rng.random() < 0.5:
        seats = [seat for seat in range(case.seat_count) if seat != record.get("dummy")]
        record["end"] = {
            "type": "forfeit",
            "seat": rng.choice(seats),
            "reason": rng.choice(("timeout", "left")),
        }
    return record


# Illegal records: one action replaced, or one inserted, at a place found by walking the record.


@dataclass(frozen=True)
class Mutation:
    kind: str
    deal: int
    action: int
    actions: tuple
    is_insert: bool
    code: str


def other_seat(case: Case, seat: int, rng: random.Random) -> int:
    return rng.choice([other for other in range(case.seat_count) if other != seat])


def walk(case: Case, record: dict):
    """Yield (deal index, action index, deal, action or None) before each action of a legal
    record, and after the last action of each deal that is over (action None)."""
    match = GAMES[case.variant].Match(record)
    for deal_index, deal_record in enumerate(record["deals"]):
        match.start_deal(deal_record["deck"])
        for action_index, action in enumerate(deal_record["actions"]):
            action = without_nulls(action)
            yield deal_index, action_index, match.deal, action
            match.deal.apply(action)
        if match.deal.is_over:
            yield deal_index, len(deal_record["actions"]), match.deal, None
            match.finish_deal()


def play_mutations(case: Case, at: tuple, tricks, seat: int, rng: random.Random):
    """Replace a card played: one not held, or one the follower rule refuses."""
    hand = tricks.hands[seat]
    absent = [card for card in case.cards if card not in hand]
    yield Mutation(
        "card_not_available",
        *at,
        ({"seat": seat, "type": "play", "card": rng.choice(absent)},),
        False,
        "card_not_available",
    )
    for card in hand:
        refusal = tricks.card_refusal(seat, card)
        if refusal is not None:
            yield Mutation(
                refusal[0], *at, ({"seat": seat, "type": "play", "card": card},), False, refusal[0]
            )


def manni_play_mutations(case: Case, at: tuple, deal, seat: int, rng: random.Random):
    hand = deal.hands[seat]
    absent = [card for card in case.cards if card not in hand]
    yield Mutation(
        "card_not_available",
        *at,
        ({"seat": seat, "type": "play", "card": rng.choice(absent)},),
        False,
        "card_not_available",
    )
    for card in hand:
        refusal = deal.refusal({"seat": seat, "type": "play", "card": card})
        if refusal is not None:
            yield Mutation(
                refusal[0], *at, ({"seat": seat, "type": "play", "card": card},), False, refusal[0]
            )


def mutations_at(case: Case, deal_index: int, action_index: int, deal, action, rng: random.Random):
    """Give the one-action changes possible at a place of a legal record."""
    at = (deal_index, action_index)
    seat_count = case.seat_count
    if action is None:
        intruder = rng.randrange(seat_count)
        extras = [{"seat": intruder, "type": "play", "card": rng.choice(case.cards)}]
        if case.variant.startswith("manille-encheres"):
            extras.append({"seat": intruder, "type": "pass"})
        if case.variant == "manille-parlee":
            extras.append({"seat": intruder, "type": "show"})
        if case.variant == "manni":
            extras.append({"seat": intruder, "type": "exchange", "cards": []})
        extra = rng.choice(extras)
        yield Mutation("after_the_deal", *at, (extra,), True, "wrong_phase")
        return
    seat = action["seat"]
    moved = dict(action, seat=other_seat(case, seat, rng))
    yield Mutation("not_your_turn", *at, (moved,), False, "not_your_turn")
    kind = action["type"]
    if case.variant == "manni":
        hand = deal.hands[seat]
        if kind == "exchange":
            limit = deal.exchange_limit(seat)
            absent = [card for card in case.cards if card not in hand]
            count = rng.randint(1, min(limit, len(hand)))
            cards = rng.sample(hand, count - 1) + [rng.choice(absent)]
            rng.shuffle(cards)
            yield Mutation(
                "card_not_available",
                *at,
                ({"seat": seat, "type": "exchange", "cards": cards},),
                False,
                "card_not_available",
            )
            if limit < len(hand):
                over = rng.sample(hand, rng.randint(limit + 1, len(hand)))
                yield Mutation(
                    "exchange_limit",
                    *at,
                    ({"seat": seat, "type": "exchange", "cards": over},),
                    False,
                    "exchange_limit",
                )
                yield Mutation(
                    "card_not_available_over_limit",
                    *at,
                    (
                        {
                            "seat": seat,
                            "type": "exchange",
                            "cards": over[1:] + rng.sample(absent, 2),
                        },
                    ),
                    False,
                    "card_not_available",
                )
            play = {"seat": seat, "type": "play", "card": rng.choice(hand)}
            yield Mutation("wrong_phase", *at, (play,), False, "wrong_phase")
            yield Mutation(
                "not_your_turn_over_wrong_phase",
                *at,
                (dict(play, seat=other_seat(case, seat, rng)),),
                False,
                "not_your_turn",
            )
        else:
            yield from manni_play_mutations(case, at, deal, seat, rng)
            exchange = {"seat": seat, "type": "exchange", "cards": []}
            yield Mutation("wrong_phase", *at, (exchange,), True, "wrong_phase")
            yield Mutation(
                "not_your_turn_over_wrong_phase",
                *at,
                (dict(exchange, seat=other_seat(case, seat, rng)),),
                True,
                "not_your_turn",
            )
        return
    if case.variant.startswith("manille-encheres"):
        rules = deal.rules
        if deal.phase == "bid":
            lowest = deal.lowest_bid()
            low = rng.choice(
                (
                    -lowest,
                    rng.randint(0, rules.minimum - 1),
                    lowest - 1,
                    rng.randint(rules.minimum - 3, lowest - 1),
                )
            )
            yield Mutation(
                "bid_too_low",
                *at,
                ({"seat": seat, "type": "bid", "points": low},),
                False,
                "bid_too_low",
            )
            high = rules.maximum + rng.choice((1, rng.randint(1, 50)))
            yield Mutation(
                "bid_too_high",
                *at,
                ({"seat": seat, "type": "bid", "points": high},),
                False,
                "bid_too_high",
            )
            wrong = rng.choice(
                (
                    {"seat": seat, "type": "play", "card": rng.choice(deal.hands[seat])},
                    {"seat": seat, "type": "trump", "suit": rng.choice(SUITS)},
                )
            )
            yield Mutation("wrong_phase", *at, (wrong,), False, "wrong_phase")
            yield Mutation(
                "not_your_turn_over_wrong_phase",
                *at,
                (dict(wrong, seat=other_seat(case, seat, rng)),),
                False,
                "not_your_turn",
            )
            return
        if deal.phase == "trump":
            wrong = rng.choice(
                (
                    {"seat": seat, "type": "pass"},
                    {"seat": seat, "type": "bid", "points": rules.maximum},
                    {"seat": seat, "type": "play", "card": rng.choice(deal.hands[seat])},
                )
            )
            yield Mutation("wrong_phase", *at, (wrong,), False, "wrong_phase")
            yield Mutation(
                "not_your_turn_over_wrong_phase",
                *at,
                (dict(wrong, seat=other_seat(case, seat, rng)),),
                False,
                "not_your_turn",
            )
            return
        wrong = rng.choice(
            (
                {"seat": seat, "type": "pass"},
                {"seat": seat, "type": "bid", "points": rules.maximum},
                {"seat": seat, "type": "trump", "suit": rng.choice(SUITS)},
            )
        )
        yield Mutation("wrong_phase", *at, (wrong,), True, "wrong_phase")
        yield Mutation(
            "not_your_turn_over_wrong_phase",
            *at,
            (dict(wrong, seat=other_seat(case, seat, rng)),),
            True,
            "not_your_turn",
        )
        yield from play_mutations(case, at, deal.tricks, seat, rng)
        return
    if kind == "play":
        yield from play_mutations(case, at, deal.tricks, seat, rng)
    if case.variant == "manille-parlee":
        question = rng.choice(
            (
                {"type": "ask_card", "card": rng.choice(FRENCH_CARDS)},
                {"type": "ask_count", "suit": rng.choice(SUITS)},
                {"type": "show"},
            )
        )
        team = seat % 2
        partner = (seat + 2) % 4
        yield Mutation(
            "question_not_your_turn",
            *at,
            (dict(question, seat=other_seat(case, seat, rng)),),
            True,
            "not_your_turn",
        )
        if deal.conductors[team] == partner:
            yield Mutation(
                "not_conductor", *at, (dict(question, seat=seat),), True, "not_conductor"
            )
        elif deal.has_asked_this_turn:
            yield Mutation(
                "question_limit", *at, (dict(question, seat=seat),), True, "question_limit"
            )
        elif deal.is_shown[team]:
            yield Mutation(
                "question_after_show", *at, (dict(question, seat=seat),), True, "question_limit"
            )


def apply_mutation(record: dict, mutation: Mutation) -> dict:
    changed = copy.deepcopy(record)
    actions = changed["deals"][mutation.deal]["actions"]
    position = mutation.action
    actions[position : position if mutation.is_insert else position + 1] = list(mutation.actions)
    return changed


def illegal_record(case: Case, rng: random.Random) -> tuple[dict, str]:
    """Change one action of a legal record so that it is refused; give it and the change's kind."""
    while True:
        record = legal_record(case, rng)
        by_kind: dict[str, list] = {}
        for place in walk(case, record):
            for mutation in mutations_at(case, *place, rng):
                by_kind.setdefault(mutation.kind, []).append(mutation)
        if by_kind:
            break
    kind = rng.choice(sorted(by_kind))
    mutation = rng.choice(by_kind[kind])
    changed = apply_mutation(record, mutation)
    status, document = replay_record(changed)
    error = document.get("error", {})
    if (status, error.get("deal"), error.get("action"), error.get("code")) != (
        1,
        mutation.deal,
        mutation.action,
        mutation.code,
    ):
        raise MutationMissed(f"{mutation} gave {status} {error}")
    return changed, kind


# Malformed records: one field of a legal record broken. Each change gives the changed record,
# or None where the record has nothing to break that way.

MALFORMED_CHANGES = {}


def change(*variants, code="malformed"):
    """Register a change that makes a record malformed, for some variants or all."""

    def register(function):
        MALFORMED_CHANGES[function.__name__] = (function, variants, code)
        return function

    return register


def actions_of(record: dict):
    """Give (deal index, action index, action) of every action of the record."""
    return [
        (deal_index, action_index, action)
        for deal_index, deal in enumerate(record["deals"])
        for action_index, action in enumerate(deal["actions"])
    ]


def some_action(record: dict, rng: random.Random, types=None):
    found = [
        place for place in actions_of(record) if types is None or place[2].get("type") in types
    ]
    return rng.choice(found) if found else None


def replaced_action(record: dict, place, action) -> dict:
    changed = copy.deepcopy(record)
    changed["deals"][place[0]]["actions"][place[1]] = action
    return changed


def some_deal(record: dict, rng: random.Random):
    return rng.randrange(len(record["deals"])) if record["deals"] else None


def finished_on_points(record: dict) -> bool:
    status, document = replay_record(record)
    return status == 0 and document["finished"] and document["end"] is None


@change()
def not_an_object(case, record, rng):
    return [record]


@change()
def field_missing(case, record, rng):
    changed = copy.deepcopy(record)
    del changed[rng.choice(("variant", "format", "players", "first_dealer", "deals"))]
    return changed


@change()
def unknown_variant(case, record, rng):
    return dict(record, variant=rng.choice(("manille-quatre", "", 3)))


@change()
def format_of_another_game(case, record, rng):
    others = ["first-to-34", "to-100", "manni-10", "boom-101", "first-to-71", "first-to-99"]
    return dict(record, format=rng.choice([name for name in others if name not in case.formats]))


@change()
def players_miscounted(case, record, rng):
    players = list(record["players"])
    if rng.random() < 0.5:
        players.append("one more")
    else:
        players.pop(rng.choice([seat for seat, name in enumerate(players) if name is not None]))
    return dict(record, players=players)


@change()
def player_not_a_name(case, record, rng):
    players = list(record["players"])
    seat = rng.choice([seat for seat, name in enumerate(players) if name is not None])
    # A null is a name missing, except at the dummy's seat of manille-mort.
    players[seat] = rng.choice((7, ["name"], {"name": "x"}, None))
    return dict(record, players=players)


@change()
def first_dealer_out_of_range(case, record, rng):
    return dict(record, first_dealer=rng.choice((case.seat_count, -1, "0", 4.5)))


@change(code="options_not_allowed")
def option_unknown(case, record, rng):
    options = dict(record.get("options", {}))
    names = ["blind", "mee_tegen", "talon", "dummy"]
    if case.variant != "manille-a-trois":
        names.append("sevens_removed")
    options[rng.choice(names)] = rng.choice((True, False))
    return dict(record, options=options)


@change()
def options_not_an_object(case, record, rng):
    return dict(record, options=rng.choice(([], "sevens_removed", True)))


@change("manille-a-trois")
def option_not_a_boolean(case, record, rng):
    value = case.options["sevens_removed"]
    return dict(record, options={"sevens_removed": rng.choice((int(value), str(value).lower()))})


@change()
def deals_not_a_list(case, record, rng):
    return dict(record, deals={"0": record["deals"][0]} if record["deals"] else "none")


@change()
def deal_field_missing(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    del changed["deals"][index][rng.choice(("dealer", "deck", "actions"))]
    return changed


@change()
def dealer_out_of_turn(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    deal = changed["deals"][index]
    deal["dealer"] = rng.choice(((deal["dealer"] + 1) % case.seat_count, str(deal["dealer"])))
    return changed


@change()
def deck_miscounted(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    deck = changed["deals"][index]["deck"]
    if rng.random() < 0.5:
        deck.pop(rng.randrange(len(deck)))
    else:
        deck.append(rng.choice(deck))
    return changed


@change()
def deck_card_unknown(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    deck = changed["deals"][index]["deck"]
    position = rng.randrange(len(deck))
    foreign = "2S" if case.variant != "manni" else "1S"
    deck[position] = rng.choice(("1S", deck[position].lower(), "XX", "", 7, foreign))
    return changed


@change()
def deck_card_twice(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    deck = changed["deals"][index]["deck"]
    first, second = rng.sample(range(len(deck)), 2)
    deck[first] = deck[second]
    return changed


@change()
def seal_not_hexadecimal(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    changed = copy.deepcopy(record)
    changed["deals"][index][rng.choice(("salt", "commitment"))] = rng.choice(
        ("abc", random_hex(rng).upper(), random_hex(rng)[:63] + "g", 12)
    )
    return changed


@change()
def action_not_an_object(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    return replaced_action(record, place, rng.choice(([place[2]], "play", None)))


@change()
def action_seat_out_of_range(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    action = dict(place[2])
    if rng.random() < 0.2:
        del action["seat"]
    else:
        action["seat"] = rng.choice(
            (case.seat_count, -1, str(action["seat"]), True, float(action["seat"]))
        )
    return replaced_action(record, place, action)


@change()
def action_type_unknown(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    action = dict(place[2])
    if rng.random() < 0.2:
        del action["type"]
    else:
        action["type"] = rng.choice(("roll", "buque", "Play", "look", None))
    return replaced_action(record, place, action)


# Every action type of the record format, with the keys it takes (game-record.md,
# manille-4p.md, manille-variants.md): a type another game has is unknown to this one.
ACTION_TYPES_OF_EVERY_GAME = {
    "trump": {"suit": "H"},
    "roll": {},
    "buque": {},
    "surbuque": {},
    "pass": {},
    "look": {},
    "blind": {},
    "mee": {},
    "tegen": {},
    "bid": {"points": 30},
    "ask_card": {"card": "TS"},
    "ask_count": {"suit": "S"},
    "show": {},
    "exchange": {"cards": []},
    "play": {"card": "TS"},
}
ACTION_TYPES_BY_VARIANT = {
    "manille-a-trois": ("play",),
    "manille-encheres": ("bid", "pass", "trump", "play"),
    "manille-encheres-3": ("bid", "pass", "trump", "play"),
    "manille-parlee": ("ask_card", "ask_count", "show", "play"),
    "manille-mort": ("play",),
    "manni": ("exchange", "play"),
}


@change()
def action_type_of_another_game(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    foreign = [
        kind
        for kind in ACTION_TYPES_OF_EVERY_GAME
        if kind not in ACTION_TYPES_BY_VARIANT[case.variant]
    ]
    kind = rng.choice(foreign)
    action = {"seat": place[2]["seat"], "type": kind, **ACTION_TYPES_OF_EVERY_GAME[kind]}
    return replaced_action(record, place, action)


@change()
def card_not_a_card(case, record, rng):
    place = some_action(record, rng, types=("play",))
    if place is None:
        return None
    action = dict(place[2])
    if rng.random() < 0.3:
        action.pop("card")
    else:
        action["card"] = rng.choice(("1S", action["card"].lower(), "XX", 5, ["TS"]))
    return replaced_action(record, place, action)


@change()
def key_the_type_does_not_take(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    action = dict(place[2])
    taken = {
        "play": "card",
        "ask_card": "card",
        "ask_count": "suit",
        "trump": "suit",
        "bid": "points",
    }
    key = rng.choice([key for key in ("card", "suit") if key != taken.get(action["type"])])
    action[key] = rng.choice(FRENCH_CARDS) if key == "card" else rng.choice(SUITS)
    return replaced_action(record, place, action)


@change()
def end_not_a_forfeit(case, record, rng):
    end = {"type": "forfeit", "seat": 0, "reason": "timeout"}
    broken = rng.choice(
        (
            dict(end, type="resign"),
            dict(end, seat=case.seat_count),
            dict(end, reason="bored"),
            {"type": "forfeit", "reason": "left"},
            "forfeit",
        )
    )
    return dict(record, end=broken)


@change()
def forfeit_after_the_match(case, record, rng):
    if not finished_on_points(record):
        return None
    seats = [seat for seat in range(case.seat_count) if seat != record.get("dummy")]
    return dict(record, end={"type": "forfeit", "seat": rng.choice(seats), "reason": "left"})


@change()
def deal_after_the_match(case, record, rng):
    if not finished_on_points(record):
        return None
    changed = copy.deepcopy(record)
    dealer = (record["first_dealer"] + len(record["deals"])) % case.seat_count
    deck = copy.copy(record["deals"][-1]["deck"])
    rng.shuffle(deck)
    changed["deals"].append({"dealer": dealer, "deck": deck, "actions": []})
    return changed


@change()
def deal_after_an_unfinished_deal(case, record, rng):
    if len(record["deals"]) < 2:
        return None
    changed = copy.deepcopy(record)
    deal = changed["deals"][rng.randrange(len(record["deals"]) - 1)]
    deal["actions"] = deal["actions"][: rng.randrange(len(deal["actions"]))]
    return changed


@change()
def malformed_after_an_illegal_action(case, record, rng):
    """The whole record is checked before any play: a broken deck after an illegal action."""
    mutations = [
        mutation for place in walk(case, record) for mutation in mutations_at(case, *place, rng)
    ]
    if not mutations:
        return None
    changed = apply_mutation(record, rng.choice(mutations))
    deck = changed["deals"][-1]["deck"]
    deck[0] = deck[1]
    return changed


def with_deck(record: dict, index: int, deck: list) -> dict:
    changed = copy.deepcopy(record)
    changed["deals"][index]["deck"] = deck
    return changed


@change("manille-a-trois", "manille-encheres-3")
def deck_of_32_without_a_talon(case, record, rng):
    index = some_deal(record, rng)
    if index is None or not is_sevens_removed(case):
        return None
    deck = list(record["deals"][index]["deck"])
    for seven in set(FRENCH_CARDS) - set(deck):
        deck.insert(rng.randrange(len(deck) + 1), seven)
    return with_deck(record, index, deck)


@change("manille-a-trois", "manille-encheres-3")
def sevens_differ_between_deals(case, record, rng):
    if len(record["deals"]) < 2 or not is_sevens_removed(case):
        return None
    index = rng.randrange(len(record["deals"]))
    deck = list(record["deals"][index]["deck"])
    missing = set(FRENCH_CARDS) - set(deck)
    other = next(pair for pair in SEVENS_PAIRS if set(pair) != missing)
    swapped = dict(zip(other, sorted(missing), strict=True))
    return with_deck(record, index, [swapped.get(card, card) for card in deck])


@change("manille-a-trois", "manille-encheres-3")
def deck_lacking_other_cards(case, record, rng):
    index = some_deal(record, rng)
    if index is None or not is_sevens_removed(case):
        return None
    deck = list(record["deals"][index]["deck"])
    missing = sorted(set(FRENCH_CARDS) - set(deck))
    lacking = rng.choice((("7S", "7H"), ("7C", "7D"), ("8S", "8C"), ("TS", "AS")))
    replacements = [card for card in missing if card not in lacking]
    present = [card for card in lacking if card in deck]
    swapped = dict(zip(present, replacements, strict=True))
    return with_deck(record, index, [swapped.get(card, card) for card in deck])


@change("manille-a-trois")
def deck_of_30_with_a_talon(case, record, rng):
    index = some_deal(record, rng)
    if index is None or is_sevens_removed(case):
        return None
    pair = rng.choice(SEVENS_PAIRS)
    return with_deck(
        record, index, [card for card in record["deals"][index]["deck"] if card not in pair]
    )


@change("manille-encheres", "manille-encheres-3")
def trump_without_a_suit(case, record, rng):
    place = some_action(record, rng, types=("trump",))
    if place is None:
        return None
    action = dict(place[2])
    if rng.random() < 0.5:
        action["suit"] = None
    else:
        action["suit"] = rng.choice(("N", "h", "NT", 0))
    return replaced_action(record, place, action)


@change("manille-encheres", "manille-encheres-3")
def points_not_an_integer(case, record, rng):
    place = some_action(record, rng, types=("bid",))
    if place is None:
        return None
    points = place[2]["points"]
    action = dict(
        place[2], points=rng.choice((str(points), points + 0.5, float(points), True, None))
    )
    return replaced_action(record, place, action)


@change("manille-encheres", "manille-encheres-3")
def pass_with_points(case, record, rng):
    place = some_action(record, rng, types=("pass",))
    if place is None:
        return None
    return replaced_action(record, place, dict(place[2], points=rng.randint(18, 68)))


@change("manille-parlee")
def question_not_well_formed(case, record, rng):
    place = some_action(record, rng, types=("ask_card", "ask_count", "show"))
    if place is None:
        return None
    action = dict(place[2])
    if action["type"] == "ask_card":
        action["card"] = rng.choice((None, "1S", "S"))
    elif action["type"] == "ask_count":
        action["suit"] = rng.choice((None, "X", "TS", 1))
    else:
        action[rng.choice(("card", "suit"))] = rng.choice(("TS", "H"))
    return replaced_action(record, place, action)


@change("manille-mort")
def dummy_not_a_seat(case, record, rng):
    changed = dict(record)
    if rng.random() < 0.2:
        del changed["dummy"]
    else:
        changed["dummy"] = rng.choice((4, -1, str(record["dummy"]), None, float(record["dummy"])))
    return changed


@change("manille-mort")
def players_against_the_dummy(case, record, rng):
    players = list(record["players"])
    if rng.random() < 0.5:
        players[record["dummy"]] = "the dummy"
    else:
        players[rng.choice([seat for seat in range(4) if seat != record["dummy"]])] = None
    return dict(record, players=players)


@change("manille-mort")
def forfeit_by_the_dummy(case, record, rng):
    if finished_on_points(record):
        return None
    return dict(record, end={"type": "forfeit", "seat": record["dummy"], "reason": "timeout"})


@change("manille-mort")
def question_with_a_dummy(case, record, rng):
    place = some_action(record, rng)
    if place is None:
        return None
    return replaced_action(record, place, {"seat": place[2]["seat"], "type": "show"})


@change("manni")
def deck_of_manille(case, record, rng):
    index = some_deal(record, rng)
    if index is None:
        return None
    deck = list(FRENCH_CARDS)
    rng.shuffle(deck)
    return with_deck(record, index, deck)


@change("manni")
def exchange_not_well_formed(case, record, rng):
    place = some_action(record, rng, types=("exchange",))
    if place is None:
        return None
    action = dict(place[2])
    cards = list(action["cards"])
    broken = [None, "2H", cards + cards[:1] if cards else ["2H", "2H"], cards + ["1H"], {"2H": 1}]
    choice = rng.randrange(len(broken) + 1)
    if choice == len(broken):
        action["card"] = "2H"
    else:
        action["cards"] = broken[choice]
    return replaced_action(record, place, action)


@change("manni")
def play_with_cards(case, record, rng):
    place = some_action(record, rng, types=("play",))
    if place is None:
        return None
    return replaced_action(record, place, dict(place[2], cards=[place[2]["card"]]))


def malformed_record(case: Case, rng: random.Random) -> tuple[dict, str]:
    """Break one field of a legal record; give it and the change's name."""
    changes = [
        (name, function, code)
        for name, (function, variants, code) in MALFORMED_CHANGES.items()
        if not variants or case.variant in variants
    ]
    while True:
        record = legal_record(case, rng)
        name, function, code = rng.choice(changes)
        changed = function(case, record, rng)
        if changed is not None:
            break
    status, document = replay_record(changed)
    if (status, document.get("error", {}).get("code")) != (2, code):
        raise MutationMissed(f"{name} gave {status} {document}")
    return changed, name


def record_of(case: Case, kind: str, rng: random.Random) -> tuple[dict, str]:
    """Make a record of a kind (legal, illegal, malformed); give it and how it was made."""
    if kind == "legal":
        return legal_record(case, rng), "legal"
    if kind == "illegal":
        return illegal_record(case, rng)
    return malformed_record(case, rng)
