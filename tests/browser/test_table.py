"""The table in a real browser at a laptop's and a phone's size: every decision in view, the
completed trick shown, the results as overlays, the rematch."""

import random
import re
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from playwright.sync_api import Locator, Page, expect

from games import engine, selectors, services
from games.models import Game
from tests.browser.accessibility import assert_accessible
from tests.browser.base import PASSWORD, BrowserTestCase, act_once, close_overlays

LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def in_view(page: Page, locator: Locator) -> None:
    """Assert that every element of `locator` is wholly inside the window, with no scrolling."""
    size = page.viewport_size
    assert page.evaluate("window.scrollY") == 0
    count = locator.count()
    assert count > 0
    for index in range(count):
        box = locator.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= 0 and box["y"] >= 0, box
        assert box["x"] + box["width"] <= size["width"] + 0.5, box
        assert box["y"] + box["height"] <= size["height"] + 0.5, box


class TableTests(BrowserTestCase):
    def setUp(self) -> None:
        super().setUp()
        # Services broadcast through async_to_sync, which Playwright's loop forbids here.
        self.pool = ThreadPoolExecutor(max_workers=1)
        self.addCleanup(self.pool.shutdown)
        for name in ("alice", "bob"):
            get_user_model().objects.create_user(
                username=name, email=f"{name}@example.com", password=PASSWORD
            )

    def member_page(self, username: str, viewport: dict) -> Page:
        page = self.new_page(viewport=viewport)
        page.goto("/comptes/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.locator("form[action='/comptes/login/'] [type=submit]").click()
        page.wait_for_url(lambda url: "/comptes/login/" not in url)
        return page

    def start_game(self, viewport: dict) -> tuple[Game, list[Page]]:
        alice, bob = (get_user_model().objects.get(username=name) for name in ("alice", "bob"))

        def start() -> Game:
            game = services.game_create(user=alice, format="first-to-71", is_ranked=False)
            return services.game_join(game_id=game.pk, user=bob, rng=random.Random(5))

        game = self.pool.submit(start).result()
        pages = [self.member_page("alice", viewport), self.member_page("bob", viewport)]
        for page in pages:
            page.goto(f"/parties/{game.pk}/")
            expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        return game, pages

    def play_every_phase(self, viewport: dict) -> list[Page]:
        game, pages = self.start_game(viewport)
        dealer = engine.state_from_json(game.state).deal.dealer
        dealer_page, other_page = pages[dealer], pages[1 - dealer]

        # Both players are shown at the table.
        for page in pages:
            expect(page.locator("#player-top")).to_have_attribute("data-presence", "here")
        # The first-dealer draw: a short overlay over the table.
        expect(dealer_page.locator("#draw-panel")).to_be_visible()
        in_view(dealer_page, dealer_page.locator("#draw-panel .overlay-box"))
        assert_accessible(dealer_page, "draw")
        close_overlays(dealer_page)
        close_overlays(other_page)

        # Trump or roll: the dealer's buttons and his whole hand, without scrolling.
        in_view(dealer_page, dealer_page.locator("#announcements button"))
        in_view(dealer_page, dealer_page.locator("#hand button.card"))
        in_view(dealer_page, dealer_page.locator("#stacks-bottom .card"))
        in_view(dealer_page, dealer_page.locator("#stacks-top .card"))
        in_view(dealer_page, dealer_page.locator("#countdown"))
        assert_accessible(dealer_page, "trump")
        # The tab says whose turn it is.
        expect(dealer_page).to_have_title(re.compile("^À vous · "))
        expect(other_page).not_to_have_title(re.compile("^À vous"))
        dealer_page.locator("#announcements button[data-action=trump]").first.click()

        # Buque, then sur-buque.
        buque = other_page.locator("#announcements button[data-action=buque]")
        expect(buque).to_be_visible()
        in_view(other_page, other_page.locator("#announcements button"))
        in_view(other_page, other_page.locator("#hand button.card"))
        assert_accessible(other_page, "buque")
        buque.click()
        surbuque = dealer_page.locator("#announcements button[data-action=surbuque]")
        expect(surbuque).to_be_visible()
        in_view(dealer_page, dealer_page.locator("#announcements button"))
        assert_accessible(dealer_page, "sur-buque")
        dealer_page.locator("#announcements button[data-action=pass]").click()

        # The play: the playable cards of whoever leads, then of whoever follows.
        leader_page = other_page
        legal = "#felt button.card.is-legal"
        expect(leader_page.locator(legal).first).to_be_visible()
        in_view(leader_page, leader_page.locator(legal))
        assert_accessible(leader_page, "play")
        leader_page.locator(legal).first.click()
        expect(dealer_page.locator(legal).first).to_be_visible()
        in_view(dealer_page, dealer_page.locator(legal))
        # Screen readers hear the opponent's card; the follower plays from the keyboard.
        expect(dealer_page.locator("#announcer")).to_contain_text("a joué")
        dealer_page.locator(legal).first.focus()
        dealer_page.keyboard.press("Enter")

        # The completed trick stays, its winning card marked, and says who took it.
        for page in pages:
            expect(page.locator("#trick .played")).to_have_count(2)
            expect(page.locator("#trick .played.is-winning")).to_have_count(1)
            expect(page.locator("#trick-caption")).to_contain_text("Pli pour")
            in_view(page, page.locator("#trick .played"))
        assert_accessible(pages[0], "completed trick")
        # Then it goes to its winner and the next decision comes.
        for page in pages:
            expect(page.locator("#table")).to_have_attribute("data-holding", "false")
            expect(page.locator("#trick .played")).to_have_count(0)

        # The rest of the deal, to its summary.
        while pages[0].locator("#table").get_attribute("data-deals") == "0":
            version = int(pages[0].locator("#table").get_attribute("data-version"))
            act_once(pages)
            for page in pages:
                page.wait_for_function(
                    f"Number(document.getElementById('table').dataset.version) > {version}"
                    " && document.getElementById('table').dataset.holding === 'false'"
                )
        for page in pages:
            expect(page.locator("#deal-summary")).to_be_visible()
            in_view(page, page.locator("#deal-summary .overlay-box"))
            expect(page.locator("#deal-summary-title")).to_have_text("Fin de la donne 1")
        assert_accessible(pages[0], "deal summary")
        for page in pages:
            close_overlays(page)
        # The next deal's first decision is in view too.
        next_dealer_page = pages[1 - dealer]
        expect(next_dealer_page.locator("#announcements button").first).to_be_visible()
        in_view(next_dealer_page, next_dealer_page.locator("#announcements button"))
        in_view(next_dealer_page, next_dealer_page.locator("#player-top, #player-bottom"))
        return pages

    def test_every_phase_fits_a_laptop_and_a_rematch_is_played_again(self) -> None:
        alice, bob = self.play_every_phase(LAPTOP)

        # A player who closes his tab shows as away on the other side.
        bob.goto("/regles/")
        expect(alice.locator("#player-top")).to_have_attribute("data-presence", "away")
        expect(alice.locator("#player-top .presence-text")).to_contain_text("absent depuis")
        bob.goto(alice.url)
        expect(alice.locator("#player-top")).to_have_attribute("data-presence", "here")

        bob.once("dialog", lambda dialog: dialog.accept())
        bob.click("#leave-button")
        expect(alice.locator("#match-end")).to_be_visible()
        expect(alice.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")
        in_view(alice, alice.locator("#rematch-button"))
        in_view(alice, alice.locator("#new-game-link"))
        assert_accessible(alice, "match end")
        expect(bob.locator("#match-end")).to_be_visible()

        alice.click("#rematch-button")
        expect(alice.locator("#rematch-status")).to_contain_text("en attente")
        accept = bob.locator("#rematch-accept")
        expect(accept).to_be_visible()
        in_view(bob, accept)
        accept.click()

        old = Game.objects.order_by("pk").first()
        alice.wait_for_url(lambda url: f"/parties/{old.pk}/" not in url)
        bob.wait_for_url(lambda url: f"/parties/{old.pk}/" not in url)
        new = Game.objects.order_by("-pk").first()
        assert alice.url.endswith(f"/parties/{new.pk}/")
        assert bob.url.endswith(f"/parties/{new.pk}/")
        assert (new.status, new.format, new.is_ranked) == ("in_progress", old.format, False)

    def test_every_phase_fits_a_phone(self) -> None:
        alice, bob = self.play_every_phase(PHONE)

        alice.once("dialog", lambda dialog: dialog.accept())
        alice.click("#leave-button")
        expect(bob.locator("#match-end")).to_be_visible()
        expect(bob.locator("#match-end-reason")).to_have_text("Forfait : alice a quitté la partie.")
        in_view(bob, bob.locator("#rematch-button"))
        in_view(bob, bob.locator("#new-game-link"))
        assert_accessible(bob, "match end")

        # The finished game, watched again: step through every action to the final totals.
        game = Game.objects.get()
        bob.goto(f"/parties/{game.pk}/revoir/")
        assert_accessible(bob, "replay")
        while bob.locator("#replay-next").is_enabled():
            bob.click("#replay-next")
        _status, replayed = engine.replay_record(selectors.game_record(game=game))
        expect(bob.locator("#player-bottom .player-total")).to_have_text(str(replayed["totals"][0]))
        expect(bob.locator("#player-top .player-total")).to_have_text(str(replayed["totals"][1]))
        expect(bob.locator("#replay-total-0")).to_have_text(str(replayed["totals"][0]))
