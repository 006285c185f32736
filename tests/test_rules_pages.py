"""The rules pages of the four-player games: both languages, and the follower rule's worked
examples as the engine plays them."""

import re

import pytest
from django.test import Client

from games.engine.partnership import legal_actions
from games.engine.partnership.follower_examples import FOLLOWER_EXAMPLES
from tests.engine.partnership.positions import follower_position

PAGES = {
    "/regles/manille-flamande/": {
        "fr": [
            "Manille flamande",
            "3, puis 2, puis 3",
            "mee",
            "tegen",
            "à l'aveugle",
            "101",
            "Boompje en 12 donnes",
            "60 × 4 × 4 × 2 = 1920",
            "pour son équipe",
            "libres",
        ],
        "en": [
            "Flemish Manille",
            "3, then 2, then 3",
            "mee",
            "tegen",
            "blind",
            "101",
            "Boompje in 12 donnes",
            "60 × 4 × 4 × 2 = 1920",
            "for his team",
            "free",
        ],
    },
    "/regles/manille-francaise/": {
        "fr": [
            "Manille française",
            "4 par 4",
            "retournée",
            "plus 1 point par pli",
            "34–34",
            "En 44",
            "pour son équipe",
            "libres",
        ],
        "en": [
            "French Manille",
            "4 by 4",
            "turned up",
            "plus 1 point per pli",
            "34–34",
            "To 44",
            "for his team",
            "free",
        ],
    },
    "/regles/manille-a-trois/": {
        "fr": [
            "Manille à trois",
            "chacun pour soi",
            "4, puis 4, puis 2",
            "paire de sept",
            "talon",
            "70 points",
            "ce qui dépasse 17",
            "13, 5, 1",
            "on joue une donne de plus",
        ],
        "en": [
            "three-player Manille",
            "each for himself",
            "4, then 4, then 2",
            "pair of sevens",
            "talon",
            "70 points",
            "what is above 17",
            "13, 5, 1",
            "one more donne is played",
        ],
    },
    "/regles/manille-aux-encheres/": {
        "fr": [
            "aux enchères",
            "18 à 68",
            "24 à 70",
            "la vole",
            "demandeur",
            "un seul joueur",
            "37</td><td>49</td><td>37",
        ],
        "en": [
            "by auction",
            "18 to 68",
            "24 to 70",
            "la vole",
            "demandeur",
            "one player",
            "37</td><td>49</td><td>37",
        ],
    },
    "/regles/manni/": {
        "fr": [
            "Manni",
            "52 cartes",
            "nullo",
            "jusqu'à <strong>7</strong>",
            "10 points plus",
            "0, 4, 8",
        ],
        "en": [
            "Manni",
            "52-card",
            "nullo",
            "up to <strong>7</strong>",
            "10 plus points",
            "0, 4, 8",
        ],
    },
    "/regles/manille-avec-un-mort/": {
        "fr": [
            "Manille à trois avec un mort",
            "4 par 4",
            "retournée",
            "jeu étalé",
            "toute la partie",
            "son associé",
            "34–34",
        ],
        "en": [
            "Manille with a dummy",
            "4 by 4",
            "turned up",
            "spread out",
            "whole match",
            "its partner",
            "34–34",
        ],
    },
    "/regles/manille-parlee/": {
        "fr": [
            "Manille parlée",
            "4 par 4",
            "retournée",
            "Combien de cœurs as-tu ?",
            "Montre ton jeu",
            "une seule par tour",
            "conduit la partie",
            "entendues de tous",
            "34–34",
        ],
        "en": [
            "Manille parlée",
            "4 by 4",
            "turned up",
            "How many hearts do you have?",
            "Show your hand",
            "one a turn",
            "conducts the game",
            "heard by everyone",
            "34–34",
        ],
    },
}


def _page(client: Client, url: str, language: str) -> str:
    client.cookies["django_language"] = language
    response = client.get(url)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("language", ["fr", "en"])
def test_each_rules_page_answers_in_both_languages(client: Client, db, url, language) -> None:
    page = _page(client, url, language)

    assert f'<html lang="{language}">' in page
    assert [word for word in PAGES[url][language] if word not in page] == []


def test_the_rules_pages_link_to_each_other(client: Client, db) -> None:
    for url in ("/regles/", *PAGES):
        page = _page(client, url, "fr")

        for link in (
            "/regles/",
            "/regles/manille-flamande/",
            "/regles/manille-francaise/",
            "/regles/manille-parlee/",
            "/regles/manille-avec-un-mort/",
            "/regles/manille-a-trois/",
            "/regles/manille-aux-encheres/",
            "/regles/manni/",
        ):
            assert f'href="{link}"' in page


def _shown_examples(page: str) -> dict[str, dict[str, bool]]:
    """Return, per example key, each card of the hand drawn on the page: may it be played?"""
    shown = {}
    blocks = re.split(r'<li class="follower-example" id="exemple-\d+" data-example="', page)[1:]
    for block in blocks:
        key = block[: block.index('"')]
        shown[key] = {
            card: may_play == "true"
            for card, may_play in re.findall(
                r'data-hand-card="(..)" data-may-play="(true|false)"', block
            )
        }
    return shown


@pytest.mark.parametrize(
    ("url", "examples_shown"),
    [
        ("/regles/manille-flamande/", FOLLOWER_EXAMPLES),
        # Every French deal has a trump (the turned-up card): no example without one.
        (
            "/regles/manille-francaise/",
            [example for example in FOLLOWER_EXAMPLES if example.trump is not None],
        ),
        (
            "/regles/manille-parlee/",
            [example for example in FOLLOWER_EXAMPLES if example.trump is not None],
        ),
        (
            "/regles/manille-avec-un-mort/",
            [example for example in FOLLOWER_EXAMPLES if example.trump is not None],
        ),
    ],
)
def test_every_worked_example_shows_what_the_engine_allows(
    client: Client, db, url, examples_shown
) -> None:
    examples = _shown_examples(_page(client, url, "fr"))

    assert list(examples) == [example.key for example in examples_shown]
    assert len(examples) >= 12
    for example in examples_shown:
        engine_allowed = {
            action.card for action in legal_actions(follower_position(example), example.seat)
        }
        assert list(examples[example.key]) == list(example.hand)
        assert {card for card, may in examples[example.key].items() if may} == engine_allowed


def test_an_example_draws_the_trick_and_names_the_refusal(client: Client, db) -> None:
    page = _page(client, "/regles/manille-flamande/", "fr")
    block = page.split('data-example="void_overtrump"')[1].split("data-example=")[0]

    assert re.findall(r'data-trick-card="(..)"', block) == ["8C", "JH"]
    assert '<li class="rule-card is-winning" data-trick-card="JH">' in block
    assert "✗ il faut couper" in block and "✗ il faut monter" in block
    assert 'aria-label="manille (10) de cœur"' in block
