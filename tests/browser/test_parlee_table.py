"""A table of *Manille parlée* in a real browser: a member opens it from the waiting room with
three computer players, asks his partner how many cards of a suit he holds, then to show his
hand, and plays a whole deal.

Each answer is the server's, from the partner's true hand; the shown hand lies face up at the
partner's place; no other hidden card is ever in the page; the questions and the legal cards are
in view at a laptop's and a phone's size; axe finds nothing.
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games.engine.variants import variant_get
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, keep_screenshot, resize
from tests.browser.test_partnership_table import assert_in_view

# A card or a question to decide, a summary to close, or the end.
ASKED_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && document.querySelector("#hand-bottom button.card.is-legal"))"""


def _state(table_id: int):
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    return variant, variant.state_from_json(game.state)


def partner_hand(table_id: int) -> list[str]:
    """The cards seat 2 (the member's partner) holds now."""
    variant, state = _state(table_id)
    played = {played["card"] for played in variant.player_view(state, 0)["plays"]}
    return [card for card in state.deal.hands[2] if card not in played]


def hidden_cards(table_id: int) -> set[str]:
    """The cards seat 0 may not know now: the other hands, but for the turned-up card, the
    cards played and the hands shown."""
    variant, state = _state(table_id)
    view = variant.player_view(state, 0)
    public = {played["card"] for played in view["plays"]}
    if view["turned_up"]:
        public.add(view["turned_up"]["card"])
    for shown in view["shown_hands"]:
        public.update(shown or ())
    return {
        card
        for other, hand in enumerate(state.deal.hands)
        if other != 0
        for card in hand
        if card not in public
    }


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.1)
class ParleeTableTests(BrowserTestCase):
    def test_a_member_questions_his_partner_and_plays_a_whole_deal(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.set_viewport_size(LAPTOP)
        page.goto("/salle/")
        block = page.locator("#four-tables")
        block.locator("label", has_text="Manille parlée").click()
        expect(block.get_by_role("link", name="Manille parlée")).to_have_attribute(
            "href", "/regles/manille-parlee/"
        )
        page.click("#table-create-button")
        page.wait_for_url("**/parties/*/")
        table_id = int(page.url.rstrip("/").split("/")[-1])
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        for seat in (1, 2, 3):
            page.select_option(f"#level-{seat}", "facile")
            page.click(f"button[data-fill='{seat}']")
            expect(page.locator(f"button[data-fill='{seat}']")).to_have_count(0)
        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        page.click("#draw-panel .overlay-close")

        asked = []
        for _turn in range(60):
            page.wait_for_function(ASKED_OR_OVER, timeout=60_000)
            if page.locator("#table").get_attribute("data-deals") == "1":
                break
            if page.locator("#deal-summary").is_visible():
                page.click("#deal-summary-close")
                continue
            shown = set(
                page.locator("[data-card]").evaluate_all(
                    "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
                )
            )
            assert not hidden_cards(table_id) & shown
            questions = page.locator("#questions")
            if len(asked) == 0:
                # First turn: how many hearts has the partner? The server answers for him.
                expect(questions).to_be_visible()
                for size in (PHONE, LAPTOP):
                    resize(page, size)
                    assert_in_view(page, "#questions button")
                    assert_in_view(page, "#hand-bottom button.card.is-legal")
                keep_screenshot(page, "parlee-questions")
                assert_accessible(page, "parlée: the questions")
                hearts = sum(1 for card in partner_hand(table_id) if card[1] == "H")
                questions.locator("button[data-suit='H']").click()
                story = page.locator("#question-story li").last
                expect(story).to_contain_text("combien de cœurs")
                expect(story.locator(".answer")).to_have_text(f"Hugo (facile) : {hearts}")
                # One question a turn: the panel is gone, the card is still to play.
                expect(questions).to_be_hidden()
                asked.append("ask_count")
            elif len(asked) == 1:
                # Next turn: the partner's hand on the table, for every seat to see.
                expect(questions).to_be_visible()
                cards = partner_hand(table_id)
                questions.locator("button[data-action='show']").click()
                expect(page.locator("#hand-top .card[data-card]")).to_have_count(len(cards))
                assert sorted(
                    page.locator("#hand-top .card[data-card]").evaluate_all(
                        "nodes => nodes.map(n => n.dataset.card)"
                    )
                ) == sorted(cards)
                expect(page.locator("#question-story li").last).to_contain_text("montre ton jeu")
                for size in (PHONE, LAPTOP):
                    resize(page, size)
                    assert_in_view(page, "#hand-bottom button.card.is-legal")
                keep_screenshot(page, "parlee-shown-hand")
                assert_accessible(page, "parlée: a hand shown")
                asked.append("show")
            else:
                # After a hand is shown the team asks nothing more in the deal.
                expect(questions).to_be_hidden()
            version = page.locator("#table").get_attribute("data-version")
            page.locator("#hand-bottom button.card.is-legal").first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        assert asked == ["ask_count", "show"]
        assert page.locator("#table").get_attribute("data-deals") == "1"
        game = Game.objects.get(pk=table_id)
        actions = list(game.actions.filter(kind="action").values_list("payload", flat=True))
        assert [action["type"] for action in actions if action["type"] != "play"][:2] == [
            "ask_count",
            "show",
        ]
