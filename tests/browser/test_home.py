from tests.browser.base import BrowserTestCase


class HomePageTests(BrowserTestCase):
    def test_home_page_answers_in_french(self) -> None:
        page = self.new_page()

        page.goto("/")

        assert page.locator("h1").inner_text() == "Bienvenue sur Cartomaniak"
        assert page.evaluate("document.documentElement.lang") == "fr"
