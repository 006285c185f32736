import random

import pytest

from games.engine import (
    CARDS,
    FORMAT_SIX_DEALS,
    VARIANTS,
    Action,
    Phase,
    deck_commitment,
    draw_first_dealer,
    new_match,
    salt_from,
    shuffled_deck,
    variant_get,
)
from games.engine.encheres import Phase as EncheresPhase
from games.engine.labels import gettext_noop
from games.engine.partnership import Phase as PartnershipPhase
from games.engine.partnership import draw_first_dealer as partnership_draw_first_dealer

from .positions import TIE_DECK, play_deal


def _six_deals_before_a_forced_roll():
    state = new_match(format=FORMAT_SIX_DEALS, first_dealer=0)
    for _ in range(4):
        state = play_deal(state, TIE_DECK, ["trump:S", "pass"])
    return state


def test_advance_deals_the_first_deal_with_the_rngs_deck_then_salt() -> None:
    variant = variant_get("manille-2p")
    expected_rng = random.Random(7)
    deck = shuffled_deck(expected_rng)
    salt = salt_from(expected_rng)

    state = variant.advance(variant.new_match(first_dealer=1), random.Random(7))

    assert (state.phase, state.deal.dealer, state.deal.deck) == ("trump", 1, tuple(deck))
    assert (state.deal.salt, state.deal.commitment) == (salt, deck_commitment(deck, salt))


@pytest.mark.parametrize(
    "name", ["manille-flemish", "manille-french", "manille-parlee", "manille-mort"]
)
def test_advance_deals_a_partnership_deal_and_waits_for_its_first_decision(name: str) -> None:
    variant = variant_get(name)

    state = variant.advance(variant.new_match(first_dealer=2), random.Random(3))

    assert state.phase == ("trump" if name == "manille-flemish" else "play")
    assert state.deal.dealer == 2
    assert state.deal.commitment == deck_commitment(state.deal.deck, state.deal.salt)
    assert state.deal.actions == ()


def test_advance_rolls_a_forced_deal_for_its_dealer() -> None:
    variant = variant_get("manille-2p")
    before = _six_deals_before_a_forced_roll()

    state = variant.advance(before, random.Random(5))

    assert (state.phase, state.deal_number, state.deal.dealer) == ("buque", 5, 0)
    assert state.deal.actions == (Action(seat=0, type="roll"),)
    assert (state.deal.rolled, state.deal.roll_forced) == (True, True)
    assert state.deal.salt is not None


def test_advance_leaves_a_state_waiting_for_a_seat_as_it_is() -> None:
    variant = variant_get("manille-flemish")
    state = variant.advance(variant.new_match(first_dealer=0), random.Random(1))

    assert variant.advance(state, random.Random(2)) is state


def test_advance_leaves_a_finished_match_as_it_is() -> None:
    variant = variant_get("manille-french")
    state = variant.advance(variant.new_match(first_dealer=0), random.Random(1))
    state = variant.forfeit(state, seat=0, reason="timeout")

    assert variant.advance(state, random.Random(2)) is state


def test_each_game_is_named_with_the_sites_msgids() -> None:
    assert {name: variant.label for name, variant in VARIANTS.items()} == {
        "manille-2p": "Manille à deux",
        "manille-flemish": "Manille flamande",
        "manille-french": "Manille française",
        "manille-parlee": "Manille parlée",
        "manille-mort": "Manille avec un mort",
        "manille-a-trois": "Manille à trois",
        "manille-encheres": "Manille aux enchères",
        "manille-encheres-3": "Manille aux enchères à trois",
        "manni": "Manni",
    }
    assert {name: dict(variant.format_labels) for name, variant in VARIANTS.items()} == {
        "manille-2p": {"first-to-71": "premier à 71", "six-deals": "6 donnes"},
        "manille-flemish": {
            "boom-101": "Boom à 101",
            "boom-61": "Boom à 61",
            "boompje-12": "Boompje (12 donnes)",
        },
        "manille-french": {"first-to-34": "Premier à 34", "first-to-44": "Premier à 44"},
        "manille-parlee": {"first-to-34": "Premier à 34", "first-to-44": "Premier à 44"},
        "manille-mort": {"first-to-34": "Premier à 34", "first-to-44": "Premier à 44"},
        "manille-a-trois": {"first-to-34": "Premier à 34", "first-to-44": "Premier à 44"},
        "manille-encheres": {"to-100": "En 100", "to-120": "En 120", "to-150": "En 150"},
        "manille-encheres-3": {"to-100": "En 100", "to-120": "En 120", "to-150": "En 150"},
        "manni": {"manni-10": "Premier à 10 points plus"},
    }
    assert {name: dict(variant.option_labels) for name, variant in VARIANTS.items()} == {
        "manille-2p": {},
        "manille-flemish": {"blind": "Sans-atout aveugle permis", "mee_tegen": "Mee et tegen"},
        "manille-french": {},
        "manille-parlee": {},
        "manille-mort": {},
        "manille-a-trois": {"sevens_removed": "Sans une paire de sept (30 cartes)"},
        "manille-encheres": {},
        "manille-encheres-3": {},
        "manni": {},
    }


def test_only_the_two_player_game_is_rankable() -> None:
    assert {name: variant.is_rankable for name, variant in VARIANTS.items()} == {
        "manille-2p": True,
        "manille-flemish": False,
        "manille-french": False,
        "manille-parlee": False,
        "manille-mort": False,
        "manille-a-trois": False,
        "manille-encheres": False,
        "manille-encheres-3": False,
        "manni": False,
    }


def test_each_format_has_its_target_and_its_deal_count() -> None:
    assert {
        (name, format): (variant.format_target(format), variant.format_deal_count(format))
        for name, variant in VARIANTS.items()
        for format in variant.formats
    } == {
        ("manille-2p", "first-to-71"): (71, None),
        ("manille-2p", "six-deals"): (71, 6),
        ("manille-flemish", "boom-101"): (101, None),
        ("manille-flemish", "boom-61"): (61, None),
        ("manille-flemish", "boompje-12"): (None, 12),
        ("manille-french", "first-to-34"): (34, None),
        ("manille-french", "first-to-44"): (44, None),
        ("manille-parlee", "first-to-34"): (34, None),
        ("manille-parlee", "first-to-44"): (44, None),
        ("manille-mort", "first-to-34"): (34, None),
        ("manille-mort", "first-to-44"): (44, None),
        ("manille-a-trois", "first-to-34"): (34, None),
        ("manille-a-trois", "first-to-44"): (44, None),
        ("manille-encheres", "to-100"): (100, None),
        ("manille-encheres", "to-120"): (120, None),
        ("manille-encheres", "to-150"): (150, None),
        ("manille-encheres-3", "to-100"): (100, None),
        ("manille-encheres-3", "to-120"): (120, None),
        ("manille-encheres-3", "to-150"): (150, None),
        # Manni's target is in plus points, the score deciding (manille-variants.md, *Manni*).
        ("manni", "manni-10"): (10, None),
    }


def test_the_turn_line_names_every_phase_a_seat_acts_in() -> None:
    assert {name: dict(variant.phase_labels) for name, variant in VARIANTS.items()} == {
        "manille-2p": {
            "trump": "choisir l'atout ou rouler",
            "buque": "buquer ou passer",
            "surbuque": "sur-buquer ou passer",
            "play": "jouer une carte",
            "dealing": "distribution",
        },
        "manille-flemish": {
            "look": "regarder ses cartes ou jouer à l'aveugle",
            "trump": "nommer l'atout",
            "mee": "mee ou passer",
            "tegen": "tegen ou passer",
            "play": "jouer une carte",
            "dealing": "distribution",
        },
        "manille-french": {"play": "jouer une carte", "dealing": "distribution"},
        "manille-parlee": {"play": "jouer une carte", "dealing": "distribution"},
        "manille-mort": {"play": "jouer une carte", "dealing": "distribution"},
        "manille-a-trois": {"play": "jouer une carte", "dealing": "distribution"},
        "manille-encheres": {
            "bid": "enchérir ou passer",
            "trump": "nommer l'atout",
            "play": "jouer une carte",
            "dealing": "distribution",
        },
        "manille-encheres-3": {
            "bid": "enchérir ou passer",
            "trump": "nommer l'atout",
            "play": "jouer une carte",
            "dealing": "distribution",
        },
        "manni": {
            "exchange": "échanger avec le Manni",
            "play": "jouer une carte",
            "dealing": "distribution",
        },
    }
    assert set(VARIANTS["manille-2p"].phase_labels) == {
        str(phase) for phase in Phase if phase != "match_over"
    }
    assert set(VARIANTS["manille-flemish"].phase_labels) == {
        str(phase) for phase in PartnershipPhase if phase != "match_over"
    }
    assert set(VARIANTS["manille-encheres"].phase_labels) == {
        str(phase) for phase in EncheresPhase if phase != "match_over"
    }


def test_every_announcement_has_its_button() -> None:
    assert {name: dict(variant.action_labels) for name, variant in VARIANTS.items()} == {
        "manille-2p": {
            "trump": "Atout %(suit)s",
            "roll": "Rouler",
            "buque": "Buquer",
            "surbuque": "Sur-buquer",
            "pass": "Passer",
        },
        "manille-flemish": {
            "look": "Regarder mes cartes",
            "blind": "Sans atout à l'aveugle (×4)",
            "trump": "Atout %(suit)s",
            "no_trump": "Sans atout (×2)",
            "mee": "Mee (×2)",
            "tegen": "Tegen (×4)",
            "pass": "Passer",
        },
        "manille-french": {},
        "manille-parlee": {
            "ask_card": "Demander une carte",
            "ask_count": "Combien de %(suit)s ?",
            "show": "Montre ton jeu",
        },
        "manille-mort": {},
        "manille-a-trois": {},
        "manille-encheres": {
            "bid": "Enchérir %(points)s",
            "pass": "Passer",
            "trump": "Atout %(suit)s",
        },
        "manille-encheres-3": {
            "bid": "Enchérir %(points)s",
            "pass": "Passer",
            "trump": "Atout %(suit)s",
        },
        "manni": {"exchange": "Échanger"},
    }


def test_the_replay_tells_every_action_of_the_game() -> None:
    assert {name: dict(variant.replay_action_labels) for name, variant in VARIANTS.items()} == {
        "manille-2p": {
            "trump": "%(name)s choisit l'atout %(suit)s",
            "roll": "%(name)s roule",
            "buque": "%(name)s buque",
            "surbuque": "%(name)s sur-buque",
            "pass": "%(name)s passe",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-flemish": {
            "look": "%(name)s regarde ses cartes",
            "blind": "%(name)s annonce sans atout à l'aveugle",
            "trump": "%(name)s choisit l'atout %(suit)s",
            "no_trump": "%(name)s joue sans atout",
            "mee": "%(name)s dit mee",
            "tegen": "%(name)s dit tegen",
            "pass": "%(name)s passe",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-french": {
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-parlee": {
            "ask_card": "%(name)s demande : as-tu %(card)s ?",
            "ask_count": "%(name)s demande : combien de %(suit)s as-tu ?",
            "show": "%(name)s demande : montre ton jeu",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-mort": {
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-a-trois": {
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-encheres": {
            "bid": "%(name)s enchérit %(points)s",
            "pass": "%(name)s passe",
            "trump": "%(name)s choisit l'atout %(suit)s",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manille-encheres-3": {
            "bid": "%(name)s enchérit %(points)s",
            "pass": "%(name)s passe",
            "trump": "%(name)s choisit l'atout %(suit)s",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
        "manni": {
            "exchange": "%(name)s échange %(n)s cartes",
            "play": "%(name)s joue %(card)s",
            "forfeit": "%(name)s perd par forfait",
        },
    }


def test_the_marker_leaves_a_msgid_as_it_is() -> None:
    assert gettext_noop("Manille à deux") == "Manille à deux"


@pytest.mark.parametrize(
    "name",
    [
        "manille-2p",
        "manille-flemish",
        "manille-french",
        "manille-parlee",
        "manille-mort",
        "manille-a-trois",
        "manille-encheres",
        "manille-encheres-3",
    ],
)
def test_every_first_dealer_draw_has_the_same_shape(name: str) -> None:
    variant = variant_get(name)

    rounds, first_dealer = variant.draw_first_dealer(random.Random(21))

    assert isinstance(rounds, list)
    assert [type(round_) for round_ in rounds] == [list for _round in rounds]
    assert [seat for seat, _card in rounds[0]] == list(variant.seats)
    assert first_dealer in variant.seats
    assert all(
        isinstance(seat, int) and card in CARDS for round_ in rounds for seat, card in round_
    )


def test_the_two_player_draw_through_the_registry_is_the_engines_draw() -> None:
    variant = variant_get("manille-2p")

    assert variant.draw_first_dealer(random.Random(21)) == (
        [[(0, "KH"), (1, "KC")], [(0, "KC"), (1, "KD")], [(0, "8C"), (1, "9H")]],
        1,
    )
    assert [variant.draw_first_dealer(random.Random(seed)) for seed in range(40)] == [
        ([[(0, card0), (1, card1)] for card0, card1 in draws], dealer)
        for draws, dealer in (draw_first_dealer(random.Random(seed)) for seed in range(40))
    ]


def test_a_four_player_draw_through_the_registry_is_the_partnership_draw_as_lists() -> None:
    rounds, first_dealer = partnership_draw_first_dealer(random.Random(5))

    assert variant_get("manille-french").draw_first_dealer(random.Random(5)) == (
        [list(round_) for round_ in rounds],
        first_dealer,
    )
