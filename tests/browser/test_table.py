"""The two-player table in a real browser at a laptop's and a phone's size: every decision in
view, the completed trick shown, the results as overlays, the rematch, the deals' commitments
and the replay that checks them."""

import json
import random
import re
from concurrent.futures import ThreadPoolExecutor

from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import engine
from games.engine.variants import variant_get
from games.lobby import services as lobby
from games.models import Game
from games.tables import selectors
from tests.browser.accessibility import assert_accessible
from tests.browser.base import (
    LAPTOP,
    PASSWORD,
    PHONE,
    BrowserTestCase,
    act_once,
    close_overlays,
    in_view,
    leave_table,
    play_first_deal,
)

VERIFIED = "Chaque donne correspond à l'empreinte publiée avant elle."


def commitments_of(game: Game) -> list[str]:
    """The commitments a view of the game shows (one per deal dealt so far)."""
    game.refresh_from_db()
    variant = variant_get(game.variant)
    return variant.public_view(variant.state_from_json(game.state))["commitments"]


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
            game = lobby.game_open(user=alice, format="first-to-71", is_ranked=False)
            return lobby.game_join(game_id=game.pk, user=bob, rng=random.Random(5))

        game = self.pool.submit(start).result()
        pages = [self.member_page("alice", viewport), self.member_page("bob", viewport)]
        for page in pages:
            page.goto(f"/parties/{game.pk}/")
            expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
        return game, pages

    def play_every_phase(self, viewport: dict) -> list[Page]:
        game, pages = self.start_game(viewport)
        variant = variant_get(game.variant)
        dealer = variant.state_from_json(game.state).deal.dealer
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
        in_view(dealer_page, dealer_page.locator("#hand-bottom button.card"))
        in_view(dealer_page, dealer_page.locator("#stacks-bottom .card"))
        in_view(dealer_page, dealer_page.locator("#stacks-top .card"))
        in_view(dealer_page, dealer_page.locator("#countdown"))
        # The deal's commitment, before its first card.
        in_view(dealer_page, dealer_page.locator("#commitment"))
        assert_accessible(dealer_page, "trump")
        # The tab says whose turn it is.
        expect(dealer_page).to_have_title(re.compile("^À vous · "))
        expect(other_page).not_to_have_title(re.compile("^À vous"))
        dealer_page.locator("#announcements button[data-action=trump]").first.click()

        # Buque, then sur-buque.
        buque = other_page.locator("#announcements button[data-action=buque]")
        expect(buque).to_be_visible()
        in_view(other_page, other_page.locator("#announcements button"))
        in_view(other_page, other_page.locator("#hand-bottom button.card"))
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
        play_first_deal(pages)
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
        in_view(next_dealer_page, next_dealer_page.locator(".team-score"))
        return pages

    def test_every_phase_fits_a_laptop_and_a_rematch_is_played_again(self) -> None:
        alice, bob = self.play_every_phase(LAPTOP)

        # A player who closes his tab shows as away on the other side.
        bob.goto("/regles/")
        expect(alice.locator("#player-top")).to_have_attribute("data-presence", "away")
        expect(alice.locator("#player-top .presence-text")).to_contain_text("absent depuis")
        bob.goto(alice.url)
        expect(alice.locator("#player-top")).to_have_attribute("data-presence", "here")

        leave_table(bob)
        expect(alice.locator("#match-end")).to_be_visible()
        expect(alice.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")
        in_view(alice, alice.locator("#rematch-button"))
        in_view(alice, alice.locator("#lobby-link"))
        # Against one other person, the rematch is the way to play again.
        expect(alice.locator("#again-form")).to_be_hidden()
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

        leave_table(alice)
        expect(bob.locator("#match-end")).to_be_visible()
        expect(bob.locator("#match-end-reason")).to_have_text("Forfait : alice a quitté la partie.")
        in_view(bob, bob.locator("#rematch-button"))
        in_view(bob, bob.locator("#lobby-link"))
        assert_accessible(bob, "match end")

        # The finished game, watched again: step through every action to the final totals.
        game = Game.objects.get()
        bob.goto(f"/parties/{game.pk}/revoir/")
        assert_accessible(bob, "replay")
        in_view(bob, bob.locator("#hand-bottom .card"))
        in_view(bob, bob.locator("#hand-top .card"))
        while bob.locator("#replay-next").is_enabled():
            bob.click("#replay-next")
        _status, replayed = engine.replay_record(selectors.game_record(game=game))
        expect(bob.locator("#score-team-0 .team-total")).to_have_text(str(replayed["totals"][0]))
        expect(bob.locator("#score-team-1 .team-total")).to_have_text(str(replayed["totals"][1]))
        expect(bob.locator("#replay-total-0")).to_have_text(str(replayed["totals"][0]))
        expect(bob.locator("#replay-result")).to_contain_text("bob gagne la partie")

    def test_the_commitment_is_shown_before_the_first_card_and_the_replay_checks_each_deal(
        self,
    ) -> None:
        game, (alice, bob) = self.start_game(LAPTOP)
        commitment = commitments_of(game)[0]
        for page in (alice, bob):
            close_overlays(page)
            line = page.locator("#commitment")
            # Short on the table (the first twelve digits), whole in its title and for
            # screen readers.
            expect(line).to_be_visible()
            expect(line).to_have_attribute("data-commitment", commitment)
            expect(line.locator("code")).to_have_text(commitment[:12] + "…")
            expect(line).to_have_attribute("title", re.compile(commitment))
            expect(line.locator(".visually-hidden")).to_have_text(
                f"Donne vérifiable : {commitment}"
            )
            in_view(page, line)

        # The history holds it too, with the deal in play.
        alice.click("#history-button")
        row = alice.locator("#history-body .commitment-row[data-deal='0'] td")
        expect(row).to_have_attribute("data-commitment", commitment)
        assert_accessible(alice, "history with the commitment")
        alice.keyboard.press("Escape")

        # Once the first card is on the table, the line makes way.
        pages = [alice, bob]
        while not alice.locator("#trick .played").count():
            act_once(pages)
            alice.wait_for_timeout(100)
        for page in pages:
            expect(page.locator("#commitment")).to_be_hidden()

        # The replay of the finished game checks every deal's deck in the browser.
        play_first_deal(pages)
        for page in pages:
            close_overlays(page)
        leave_table(bob)
        expect(alice.locator("#match-end")).to_be_visible()
        deals = len(commitments_of(game))
        assert deals == 2
        alice.goto(f"/parties/{game.pk}/revoir/")
        checks = alice.locator("#replay-deals-body .deal-check")
        expect(checks).to_have_count(deals)
        expect(alice.locator("#replay-deals-body .deal-check[data-check=verified]")).to_have_count(
            deals
        )
        expect(checks.first).to_have_attribute("title", re.compile(commitment))
        expect(alice.locator("#replay-verified")).to_have_text(VERIFIED)
        assert_accessible(alice, "replay, every deal verified")

        # A deck that is not the one committed to is refused, deal by deal.
        def tampered(route) -> None:
            response = route.fetch()
            page = response.text()
            start = page.index('id="replay-data" type="application/json">') + len(
                'id="replay-data" type="application/json">'
            )
            end = page.index("</script>", start)
            data = json.loads(page[start:end])
            deck = data["deals"][1]["deck"]
            deck[0], deck[1] = deck[1], deck[0]
            text = json.dumps(data).replace("<", "\\u003C").replace(">", "\\u003E")
            route.fulfill(response=response, body=page[:start] + text + page[end:])

        alice.route(f"**/parties/{game.pk}/revoir/", tampered)
        alice.reload()
        expect(alice.locator("#replay-deals-body tr[data-deal='0'] .deal-check")).to_have_attribute(
            "data-check", "verified"
        )
        refused = alice.locator("#replay-deals-body tr[data-deal='1'] .deal-check")
        expect(refused).to_have_attribute("data-check", "mismatch")
        expect(refused).to_contain_text("✗")
        expect(alice.locator("#replay-verified")).to_have_text(
            "Attention : au moins une donne ne correspond pas à son empreinte."
        )
