import re
import shutil
import tempfile
from pathlib import Path

from django.test import override_settings

from accounts.models import User
from accounts.selectors import member_is_verified
from tests.browser.base import BrowserTestCase

PASSWORD = "Manille-71-capot"


class AccountJourneyTests(BrowserTestCase):
    """A newcomer's first visit: register, confirm the address, log in, change language."""

    @classmethod
    def setUpClass(cls) -> None:
        # The live server is a forked process: it keeps the settings active when it starts, so
        # its emails land in files this process can read (mail.outbox is not shared).
        cls.mail_directory = Path(tempfile.mkdtemp(prefix="cartomaniak-mail-"))
        cls.mail_settings = override_settings(
            EMAIL_BACKEND="django.core.mail.backends.filebased.EmailBackend",
            EMAIL_FILE_PATH=str(cls.mail_directory),
        )
        cls.mail_settings.enable()
        try:
            super().setUpClass()
        except Exception:
            cls.mail_settings.disable()
            raise

    @classmethod
    def tearDownClass(cls) -> None:
        super().tearDownClass()
        cls.mail_settings.disable()
        shutil.rmtree(cls.mail_directory, ignore_errors=True)

    def sent_emails(self) -> list[str]:
        return [path.read_text() for path in sorted(self.mail_directory.glob("*.log"))]

    def test_register_confirm_log_in_and_switch_language(self) -> None:
        page = self.new_page()

        page.goto("/")
        assert page.locator("h1").inner_text() == "Bienvenue sur Cartomaniak"
        page.locator(".hero").get_by_role("link", name="Créer un compte").click()
        assert page.locator("h1").inner_text() == "Inscription"
        page.locator("#id_username").fill("Nadia")
        page.locator("#id_email").fill("nadia@example.com")
        page.locator("#id_password1").fill(PASSWORD)
        page.locator("#id_password2").fill(PASSWORD)
        page.get_by_role("button", name="Créer mon compte").click()

        assert page.locator(".messages").inner_text().splitlines() == [
            "E-mail de confirmation envoyé à nadia@example.com.",
            "Connexion avec Nadia réussie.",
        ]
        assert page.locator(".site-member__name").inner_text().startswith("Nadia")
        member = User.objects.get(username="Nadia")
        assert member_is_verified(user=member) is False

        emails = self.sent_emails()
        assert len(emails) == 1
        assert "Subject: [Cartomaniak] Confirmez votre adresse e-mail" in emails[0]
        link = re.search(r"http://[^\s]+/comptes/confirm-email/[^\s]+/", emails[0]).group(0)
        page.goto(link)
        assert page.locator("h1").inner_text() == "Confirmer l'adresse e-mail"
        page.locator("main").get_by_role("button", name="Confirmer").click()
        assert member_is_verified(user=member) is True

        page.get_by_role("button", name="Se déconnecter").click()
        assert page.locator(".messages").inner_text() == "Vous êtes déconnecté(e)."
        page.locator(".site-member").get_by_role("link", name="Se connecter").click()
        assert page.locator("h1").inner_text() == "Connexion"
        page.locator("#id_login").fill("nadia@example.com")
        page.locator("#id_password").fill(PASSWORD)
        page.locator("main").get_by_role("button", name="Se connecter").click()
        assert page.locator(".messages").inner_text() == "Connexion avec Nadia réussie."

        page.get_by_role("button", name="English").click()
        assert page.evaluate("document.documentElement.lang") == "en"
        assert page.locator("h1").inner_text() == "Welcome to Cartomaniak"
        assert page.locator(".site-nav").inner_text().split("\n") == [
            "Waiting room",
            "Rankings",
            "Tournaments",
            "Rules",
            "My account",
        ]
        assert User.objects.get(pk=member.pk).preferred_language == "en"

        page.get_by_role("button", name="Français").click()
        assert page.evaluate("document.documentElement.lang") == "fr"
        assert page.locator("h1").inner_text() == "Bienvenue sur Cartomaniak"
        assert User.objects.get(pk=member.pk).preferred_language == "fr"

    def test_pages_fit_a_phone_screen(self) -> None:
        page = self.new_page(viewport={"width": 360, "height": 740})

        for path in ("/", "/regles/", "/comptes/signup/"):
            page.goto(path)
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
            assert page.get_by_role("link", name="Salle d'attente").is_visible()

    def test_skip_link_is_the_first_stop_of_the_keyboard(self) -> None:
        page = self.new_page()
        page.goto("/")

        page.keyboard.press("Tab")

        assert page.evaluate("document.activeElement.textContent") == "Aller au contenu"
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "contenu"
