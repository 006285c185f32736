from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.base import PASSWORD, BrowserTestCase, enter_waiting_room


class WaitingRoomTests(BrowserTestCase):
    def log_in(self, username: str) -> Page:
        get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        return super().log_in(username)

    def test_play_now_opens_a_game_then_seats_the_next_member_at_it(self) -> None:
        alice = self.log_in("alice")
        bob = self.log_in("bob")
        enter_waiting_room(alice, bob)

        alice.select_option("#create-format", "six-deals")
        alice.click("#play-now-button")
        expect(alice.locator("#waiting")).to_be_visible()
        expect(alice.locator("#waiting-title")).to_have_text("En attente d'un adversaire…")
        expect(alice.locator("#create-section")).to_be_hidden()
        expect(bob.locator("#open-games-body li", has_text="alice")).to_have_count(1)

        bob.select_option("#create-format", "six-deals")
        bob.click("#play-now-button")

        alice.wait_for_url("**/parties/*/")
        bob.wait_for_url("**/parties/*/")
        game = Game.objects.get()
        assert (game.status, game.format) == (Game.Status.IN_PROGRESS, "six-deals")
        assert {game.player_at(0).username, game.player_at(1).username} == {"alice", "bob"}
        assert alice.url.endswith(f"/parties/{game.pk}/")

    def test_a_challenge_accepted_in_the_browser_brings_both_to_the_table(self) -> None:
        alice = self.log_in("alice")
        bob = self.log_in("bob")
        enter_waiting_room(alice, bob)

        alice.locator("#present-list li[data-name=bob] button[data-challenge]").click()
        received = bob.locator("#challenge-list li")
        expect(received).to_contain_text("alice vous défie")
        expect(alice.locator("#challenge-list li")).to_contain_text("Défi envoyé à bob")
        received.get_by_role("button", name="Accepter").click()

        alice.wait_for_url("**/parties/*/")
        bob.wait_for_url("**/parties/*/")
        assert Game.objects.get().status == Game.Status.IN_PROGRESS
