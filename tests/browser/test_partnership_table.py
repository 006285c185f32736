"""A table for four in a real browser, through the one table client: a member opens one from the
waiting room, fills the three other seats with computer players, starts, and plays a whole match
to its end.

At each of his decisions the buttons or the legal cards are inside the window (no scrolling) at a
laptop's and at a phone's size, and no card of another seat's hand is anywhere in the page. The
live server runs the embedded runner (its threads play the computers' turns) with a short pause.
Set SCREENSHOTS_DIR to keep the pages it goes through at both sizes.
"""

import json
import os
import re
from pathlib import Path

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Page, expect

from games.engine.variants import variant_get
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    keep_screenshot,
    leave_table,
    resize,
)

# Something for the member to do, a summary to close, or the end.
ASKED_OR_OVER = """() => document.getElementById("table").dataset.status === "finished"
    || !document.getElementById("deal-summary").hidden
    || (document.getElementById("table").dataset.holding === "false"
        && (document.querySelector("#announcements button.announce")
            || document.querySelector("#hand-bottom button.card.is-legal")))"""


def assert_in_view(page: Page, selector: str) -> None:
    """Every element the selector finds is wholly inside the window, at the size it has now."""
    boxes = page.locator(selector).evaluate_all(
        "nodes => nodes.map(n => { const r = n.getBoundingClientRect();"
        " return [r.left, r.top, r.right, r.bottom]; })"
    )
    size = page.viewport_size
    assert boxes, selector
    for left, top, right, bottom in boxes:
        assert left >= -1 and top >= -1, (selector, left, top)
        assert right <= size["width"] + 1 and bottom <= size["height"] + 1, (
            selector,
            right,
            bottom,
            size,
        )


def hidden_cards(table_id: int, seat: int) -> set[str]:
    """The cards in the other seats' hands now (the French turned-up card is everyone's)."""
    game = Game.objects.get(pk=table_id)
    variant = variant_get(game.variant)
    state = variant.state_from_json(game.state)
    if state.deal is None:
        return set()
    view = variant.player_view(state, seat)
    # The deal keeps the hands as dealt: the cards played since are everyone's.
    public = {played["card"] for played in view["plays"]}
    if view["turned_up"]:
        public.add(view["turned_up"]["card"])
    return {
        card
        for other, hand in enumerate(state.deal.hands)
        if other != seat
        for card in hand
        if card not in public
    }


def assert_no_hidden_card(page: Page, table_id: int, seat: int) -> None:
    """No card held by another seat is drawn in the page, nor in the frame it was served."""
    hidden = hidden_cards(table_id, seat)
    # The trick's cards are public; the one on the table may be the last of the deal before.
    shown = set(
        page.locator("[data-card]").evaluate_all(
            "nodes => nodes.filter(n => !n.closest('#trick')).map(n => n.dataset.card)"
        )
    )
    assert not hidden & shown, hidden & shown
    served = page.request.get(f"/parties/{table_id}/").text()
    frame = json.loads(served.split('id="initial-frame" type="application/json">')[1].split("<")[0])
    # The frame the page is served with: its own hand only, no other seat's.
    assert frame["game"]["your_seat"] == seat
    assert "hands" not in frame["view"]
    assert not set(frame["view"]["hand"]) & hidden_cards(table_id, seat)


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.1)
class PartnershipTableTests(BrowserTestCase):
    def test_a_member_fills_a_table_with_computers_and_plays_a_whole_match(self) -> None:
        for name in ("alice", "bob"):
            get_user_model().objects.create_user(
                username=name, email=f"{name}@example.com", password=PASSWORD
            )
        # Bob waits in the room: he sees the table open, then running, without reloading.
        bob = self.log_in("bob")
        bob.set_viewport_size({"width": 1280, "height": 800})
        bob.goto("/salle/")
        expect(bob.locator("#live-status")).to_have_attribute("data-status", "open")
        page = self.log_in("alice")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto("/salle/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        block = page.locator("#four-tables")
        expect(block).to_be_visible()
        # The French game shows its own formats only, and no Flemish option.
        block.locator("label", has_text="Manille française").click()
        shown_formats = page.locator("#table-format option").evaluate_all(
            "nodes => nodes.filter(n => !n.parentNode.disabled).map(n => n.value)"
        )
        assert shown_formats == ["first-to-34", "first-to-44"]
        expect(page.locator("#table-option-blind")).to_be_hidden()
        page.select_option("#table-format", "first-to-34")
        keep_screenshot(page, "lobby", full_page=True)
        assert_accessible(page, "waiting room with the tables for four")
        page.click("#table-create-button")
        page.wait_for_url("**/parties/*/")
        table_id = int(page.url.rstrip("/").split("/")[-1])
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")

        # The host at the bottom, three free seats, "Commencer" not yet possible.
        expect(page.locator("#player-bottom .player-name")).to_have_text("alice")
        expect(page.locator("#start-button")).to_be_disabled()
        for seat in (1, 2, 3):
            page.select_option(f"#level-{seat}", "facile")
            page.click(f"button[data-fill='{seat}']")
            expect(page.locator(f"button[data-fill='{seat}']")).to_have_count(0)
            if seat == 1:
                # A seat still free: the room offers it.
                waiting = bob.locator(f"#open-tables li[data-table-id='{table_id}']")
                expect(waiting.get_by_role("link", name="S'asseoir")).to_have_attribute(
                    "href", f"/parties/{table_id}/"
                )
        # Three computers of one level: each named after its seat.
        for name in ("Louise", "Hugo", "Inès"):
            expect(page.locator(".player-name", has_text=f"{name} (facile)")).to_have_count(1)
        expect(page.locator("#start-button")).to_be_enabled()
        for size in (PHONE, LAPTOP):
            resize(page, size)
            for selector in ("#start-button", "#cancel-button", ".player-card"):
                assert_in_view(page, selector)
        keep_screenshot(page, "open-table")
        assert_accessible(page, "open table")
        listed = bob.locator(f"#open-tables li[data-table-id='{table_id}']")
        expect(listed).to_contain_text("Manille française · Premier à 34")
        expect(listed).to_contain_text("alice, Ordinateur (facile), Ordinateur (facile)")
        # Four seats taken: the room offers to watch it, not to sit.
        expect(listed.get_by_role("link", name="Regarder")).to_have_attribute(
            "href", f"/parties/{table_id}/"
        )
        keep_screenshot(bob, "lobby-open-table", full_page=True)

        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        expect(page.locator("#turned-up-info")).to_contain_text("Carte retournée")
        # Who deals first, then the player closes the draw.
        expect(page.locator("#draw-panel")).to_be_visible()
        expect(page.locator("#draw-result")).to_contain_text("donne en premier")
        page.click("#draw-panel .overlay-close")
        running = bob.locator(f"#watch-list li[data-game-id='{table_id}']")
        expect(running).to_contain_text("contre")
        expect(bob.locator(f"#open-tables li[data-table-id='{table_id}']")).to_have_count(0)
        keep_screenshot(bob, "lobby-running-table", full_page=True)
        # A spectator: the public view, backs only, no decision.
        running.get_by_role("link", name="Regarder").click()
        bob.wait_for_url(f"**/parties/{table_id}/")
        expect(bob.locator("#hand-bottom .card-back").first).to_be_visible()
        assert (
            bob.locator("#felt [data-card]:not(#trick [data-card])").evaluate_all(
                "nodes => nodes.filter(n => !n.closest('#turned-up-info')).length"
            )
            == 0
        )
        expect(bob.locator("#score-team-0 .team-name")).to_contain_text("alice et ")
        keep_screenshot(bob, "spectator")
        bob.context.close()
        checked_accessibility = False
        explained = False
        decisions = 0
        for _turn in range(400):
            page.wait_for_function(ASKED_OR_OVER, timeout=60_000)
            if page.locator("#table").get_attribute("data-status") == "finished":
                break
            summary = page.locator("#deal-summary")
            if summary.is_visible():
                expect(page.locator("#deal-summary-title")).to_contain_text("Fin de la donne")
                if page.locator("#table").get_attribute("data-deals") == "1":
                    keep_screenshot(page, "deal-end")
                page.click("#deal-summary-close")
                continue
            assert_no_hidden_card(page, table_id, seat=0)
            legal = page.locator("#hand-bottom button.card.is-legal")
            if not legal.count():
                continue
            assert_in_view(page, "#hand-bottom button.card.is-legal")
            resize(page, PHONE)
            if os.environ.get("SCREENSHOTS_DIR"):
                page.screenshot(path=str(Path(os.environ["SCREENSHOTS_DIR"]) / "last-phone.png"))
            assert_in_view(page, "#hand-bottom button.card.is-legal")
            assert_in_view(page, "#turned-up-info")
            resize(page, LAPTOP)
            if not checked_accessibility and page.locator("#trick .played").count() >= 2:
                checked_accessibility = True
                keep_screenshot(page, "play")
                assert_accessible(page, "table in play")
            refused = page.locator("#hand-bottom button.card[aria-disabled=true]:enabled")
            if not explained and refused.count():
                # A card the rule forbids: the server refuses it, the table says why.
                explained = True
                refused.first.click(force=True)
                expect(page.locator("#rule-error")).to_contain_text("Vous devez")
            version = page.locator("#table").get_attribute("data-version")
            legal.first.click()
            decisions += 1
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
                " || document.getElementById('table').dataset.status === 'finished'"
            )
        game = Game.objects.get(pk=table_id)
        assert game.status == Game.Status.FINISHED
        assert decisions >= 8
        assert explained
        # The last deal's summary first, then the result.
        page.wait_for_function("!document.getElementById('match-end').hidden", timeout=15_000)
        expect(page.locator("#match-end-title")).to_have_text(
            "Nous gagnons la partie !" if game.winner_team == 0 else "Nous perdons la partie."
        )
        expect(page.locator("#match-end-reason")).to_contain_text("Aux points")
        expect(page.locator("#lobby-link")).to_have_attribute("href", "/salle/")
        expect(page.locator("#record-link")).to_have_attribute(
            "href", f"/parties/{table_id}/partie.json"
        )
        # Alone with computer players: no rematch to offer, Rejouer instead.
        expect(page.locator("#again-button")).to_be_visible()
        expect(page.locator("#rematch-button")).to_be_hidden()
        for size in (PHONE, LAPTOP):
            resize(page, size)
            for selector in ("#again-button", "#lobby-link"):
                assert_in_view(page, selector)
        keep_screenshot(page, "match-end")
        assert_accessible(page, "end of the match")
        # Back in the room, free again: the form of a new table is there.
        page.click("#lobby-link")
        page.wait_for_url("**/salle/")
        expect(page.locator("#table-form")).to_be_visible()
        expect(page.locator("#my-table")).to_be_hidden()


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.5)
class FlemishDecisionsTests(BrowserTestCase):
    def test_the_flemish_decisions_are_in_view_and_leaving_forfeits(self) -> None:
        """Twelve deals cannot end early: in four deals the member deals once (trump, blind),
        answers mee or tegen, and sits as the dealer's partner, his cards face down."""
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        page = self.log_in("alice")
        page.set_viewport_size({"width": 1280, "height": 800})
        page.goto("/salle/")
        page.locator("#four-tables label", has_text="Manille flamande").click()
        page.select_option("#table-format", "boompje-12")
        page.check("#table-option-blind")
        page.click("#table-create-button")
        page.wait_for_url("**/parties/*/")
        table_id = int(page.url.rstrip("/").split("/")[-1])
        expect(page.locator("#table-options")).to_contain_text("Mee et tegen")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        for seat in (1, 2, 3):
            page.click(f"button[data-fill='{seat}']")
            expect(page.locator(f"button[data-fill='{seat}']")).to_have_count(0)
        page.click("#start-button")
        expect(page.locator("#table")).to_have_attribute("data-status", "in_progress")
        page.keyboard.press("Escape")
        expect(page.locator("#draw-panel")).to_be_hidden()

        seen = set()
        for _turn in range(300):
            if page.locator("#table").get_attribute("data-deals") == "4":
                break
            hidden = page.locator("#table").get_attribute("data-hand-hidden")
            if hidden == "partner" and "backs" not in seen:
                # His partner deals and has not named trump: eight backs, and why.
                seen.add("backs")
                expect(page.locator("#player-top .player-tag")).to_contain_text("donneur")
                expect(page.locator("#hidden-hand-note")).to_contain_text("aura nommé l'atout")
                assert page.locator("#hand-bottom .card-back").count() == 8
                keep_screenshot(page, "flemish-partner-backs")
            page.wait_for_function(
                f"() => ({ASKED_OR_OVER})()"
                + (
                    ""
                    if "backs" in seen
                    else " || document.getElementById('table').dataset.handHidden === 'partner'"
                ),
                timeout=60_000,
            )
            if page.locator("#deal-summary").is_visible():
                page.click("#deal-summary-close")
                continue
            assert_no_hidden_card(page, table_id, seat=0)
            decisions = page.locator("#announcements button.announce")
            if decisions.count():
                kinds = set(decisions.evaluate_all("nodes => nodes.map(n => n.dataset.action)"))
                for size in (LAPTOP, PHONE):
                    resize(page, size)
                    assert_in_view(page, "#announcements button.announce")
                    assert_in_view(page, "#hand-bottom .card")
                resize(page, LAPTOP)
                phase = page.locator("#table").get_attribute("data-phase")
                if phase not in seen:
                    seen.add(phase)
                    assert_accessible(page, f"Flemish {phase}")
                    keep_screenshot(page, f"flemish-{phase}")
                if "look" in kinds:
                    choice = "look"
                elif "trump" in kinds:
                    choice = "trump"
                    assert page.locator("#announcements [data-suit=none]").count() == 1
                else:
                    choice = "mee" if "mee" in kinds else "tegen" if "tegen" in kinds else "pass"
            elif page.locator("#hand-bottom button.card.is-legal").count():
                choice = None
                for size in (LAPTOP, PHONE):
                    resize(page, size)
                    assert_in_view(page, "#hand-bottom button.card.is-legal")
                resize(page, LAPTOP)
            else:
                continue
            version = page.locator("#table").get_attribute("data-version")
            if choice:
                page.locator(f"#announcements button[data-action={choice}]").first.click()
            else:
                page.locator("#hand-bottom button.card.is-legal").first.click()
            page.wait_for_function(
                f"document.getElementById('table').dataset.version !== '{version}'"
            )
        assert {"look", "trump", "backs"} <= seen, seen

        leave_table(page)
        expect(page.locator("#match-end")).to_be_visible()
        expect(page.locator("#match-end-title")).to_have_text("Nous perdons la partie.")
        expect(page.locator("#match-end-reason")).to_have_text(
            "Forfait : alice a quitté la partie."
        )
        game = Game.objects.get(pk=table_id)
        assert (game.status, game.winner_team) == (Game.Status.FINISHED, 1)
        expect(page.locator("#replay-link")).to_have_attribute(
            "href", f"/parties/{table_id}/revoir/"
        )
        assert_accessible(page, "Flemish table, its end")
        # Rejouer: the same three computer players sit down again and the next match begins.
        page.click("#again-button")
        page.wait_for_url(re.compile(rf".*/parties/(?!{table_id}/)\d+/$"))
        again = Game.objects.exclude(pk=table_id).get()
        assert again.status == Game.Status.IN_PROGRESS
        assert again.options == game.options
        page.wait_for_function("document.getElementById('table').dataset.status === 'in_progress'")
        expect(page.locator("#match-end")).to_be_hidden()
