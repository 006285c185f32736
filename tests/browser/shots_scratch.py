from pathlib import Path

from playwright.sync_api import expect

from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PHONE, BrowserTestCase

OUT = Path("/tmp/shots/guest")


class Shots(BrowserTestCase):
    def test_shots(self):
        for label, size in (("desktop", LAPTOP), ("phone", PHONE)):
            page = self.new_page(viewport=size)
            page.goto("/salle/")
            page.click("text=Continuer en invité")
            page.wait_for_url("**/salle/")
            expect(page.locator("#live-status")).to_have_attribute("data-status", "open")
            assert_accessible(page, "lobby " + label)
            page.screenshot(path=str(OUT / f"lobby-{label}.png"), full_page=True)
