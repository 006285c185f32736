"""Every page of the site passes axe-core with no serious or critical violation, at a laptop's
and at a phone's size, and none scrolls sideways on the phone."""

from django.contrib.auth import get_user_model

from tests.browser.accessibility import assert_accessible
from tests.browser.base import PASSWORD, BrowserTestCase

PAGES = (
    "/",
    "/regles/",
    "/regles/manille-flamande/",
    "/regles/manille-francaise/",
    "/regles/manille-parlee/",
    "/regles/manille-avec-un-mort/",
    "/regles/manille-a-trois/",
    "/regles/manille-aux-encheres/",
    "/regles/manni/",
    "/salle/",
    "/classements/",
    "/classements/moi/",
    "/tournois/",
    "/joueurs/alice/",
    "/compte/",
    "/compte/credits/",
)


class AccessibilityTests(BrowserTestCase):
    def test_every_page_is_accessible_and_fits_a_phone(self) -> None:
        get_user_model().objects.create_user(
            username="alice", email="alice@example.com", password=PASSWORD
        )
        for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
            page = self.new_page(viewport=viewport)
            for path in ("/comptes/login/", "/comptes/signup/"):
                page.goto(path)
                assert_accessible(page, f"{path} at {viewport['width']}")
            page.goto("/comptes/login/")
            page.fill("input[name=login]", "alice")
            page.fill("input[name=password]", PASSWORD)
            page.locator("form[action='/comptes/login/'] [type=submit]").click()
            page.wait_for_url(lambda url: "/comptes/login/" not in url)
            for path in PAGES:
                page.goto(path)
                assert_accessible(page, f"{path} at {viewport['width']}")
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"{path} is {width} px wide"

    def test_a_guests_pages_are_accessible(self) -> None:
        for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
            page = self.new_page(viewport=viewport)
            page.goto("/comptes/login/")
            page.get_by_role("button", name="Continuer en invité").click()
            page.wait_for_url("**/salle/")
            for path in ("/salle/", "/", "/classements/", "/tournois/"):
                page.goto(path)
                assert_accessible(page, f"guest {path} at {viewport['width']}")
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= viewport["width"], f"guest {path} is {width} px wide"
