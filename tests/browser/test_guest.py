"""A visitor plays the computer in one click from the home page, then signs up and keeps that
game (issue 22, guest play; docs/guests.md).

The live server runs the embedded runner (its threads play the computer's turns) with a short
pause. Set SCREENSHOTS_DIR to keep the pages it goes through (home, table, profile).
"""

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import Page, expect

from games.engine.variants import VARIANTS
from games.models import Game, GameAction
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PASSWORD, PHONE, BrowserTestCase, keep_screenshot
from tests.browser.test_computer import decide_when_asked

User = get_user_model()


def guest_plays_a_card(page: Page) -> Game:
    """From the home page, one click, then decisions until the guest has played a card."""
    page.goto("/")
    expect(page.locator("h1")).to_have_text("Bienvenue sur Cartomaniak")
    assert page.locator(".home-hero__picture").evaluate("image => image.naturalWidth") == 1280
    assert page.locator(".games-offered li").count() == len(VARIANTS)
    assert_accessible(page, f"home {page.viewport_size['width']}")

    page.click("#guest-play-button")
    page.wait_for_url("**/parties/*/")
    game = Game.objects.order_by("-pk").first()
    guest = game.player_at(0)
    assert (guest.is_guest, game.player_at(1).computer_level) == (True, "facile")
    expect(page.locator("#player-bottom .player-name")).to_contain_text(guest.display_name)
    expect(page.locator("#hand-bottom button.card")).to_have_count(8)
    cards_played = GameAction.objects.filter(game=game, seat=0, payload__type="play")
    for _decision in range(20):
        if cards_played.exists():
            break
        decide_when_asked(page)
    assert cards_played.exists()
    assert_accessible(page, f"guest table {page.viewport_size['width']}")
    return game


@override_settings(BACKGROUND_JOBS="embedded", COMPUTER_PAUSE_SCALE=0.2)
class GuestTests(BrowserTestCase):
    def test_a_visitor_plays_in_one_click_then_signs_up_and_keeps_the_game(self) -> None:
        laptop = self.new_page(viewport=LAPTOP)
        guest_plays_a_card(laptop)
        keep_screenshot(laptop, "guest-table")

        phone = self.new_page(viewport=PHONE, has_touch=True)
        game = guest_plays_a_card(phone)
        guest = game.player_at(0)
        assert guest.pk != Game.objects.order_by("pk").first().player_at(0).pk

        phone.goto("/")
        keep_screenshot(phone, "guest-home", full_page=True)
        phone.locator(".home-account").get_by_role("link", name="Créer un compte").click()
        expect(phone.locator("h1")).to_have_text("Inscription")
        phone.locator("#id_username").fill("Nadia")
        phone.locator("#id_email").fill("nadia@example.com")
        phone.locator("#id_password1").fill(PASSWORD)
        phone.locator("#id_password2").fill(PASSWORD)
        phone.get_by_role("button", name="Créer mon compte").click()
        expect(phone.locator(".site-member__name")).to_contain_text("Nadia")

        phone.goto("/joueurs/Nadia/")
        row = phone.locator("table.data-table tbody tr")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("(facile)")
        expect(row.get_by_role("link").first).to_have_attribute("href", f"/parties/{game.pk}/")
        keep_screenshot(phone, "signed-up-history", full_page=True)
        member = User.objects.get(pk=guest.pk)
        assert (member.username, member.is_guest) == ("Nadia", False)
