"""A small competition through real browsers: registration, the start, two rounds, the result.

Three members register from the competition's page. When its start time has passed, the server
starts it (here on the next page read; the scheduled job would do the same): bob and carol,
waiting in the waiting room, are taken to their semi-final, alice (the top seed) has a bye and
watches the page update by itself. They play a few decisions, then carol leaves (a forfeit,
the shortest end the rules allow): the final starts at once, bob's table says so, alice's page
offers her table. After a few decisions alice leaves, and carol's page, open on the
competition, shows the final ranking with bob as the winner.
"""

import datetime as dt

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.selectors import wallet_balance
from tests.browser.base import (
    PASSWORD,
    BrowserTestCase,
    act_once,
    enter_waiting_room,
    leave_table,
    version_of,
)
from tournaments.models import Tournament, TournamentPrize


def play_a_few_decisions(pages: list[Page], count: int) -> None:
    """Make `count` decisions through the pages, waiting for both tables to show each one."""
    for _decision in range(count):
        version = version_of(pages[0])
        act_once(pages)
        for page in pages:
            page.wait_for_function(
                f"Number(document.getElementById('table').dataset.version) > {version}"
            )


def leave(page: Page) -> None:
    leave_table(page)


class TournamentTests(BrowserTestCase):
    def member(self, username: str):
        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        return user

    def test_three_members_register_play_and_the_final_ranking_shows_the_winner(self) -> None:
        now = timezone.now()
        tournament = Tournament.objects.create(
            name="Coupe du navigateur",
            format=Tournament.Format.ELIMINATION,
            match_format=Tournament.MatchFormat.FIRST_TO_71,
            registration_opens_at=now - dt.timedelta(hours=1),
            registration_closes_at=now + dt.timedelta(hours=1),
            starts_at=now + dt.timedelta(hours=1),
            min_players=3,
            max_players=4,
        )
        TournamentPrize.objects.create(tournament=tournament, place=1, kind="credits", amount=50)
        url = f"/tournois/{tournament.pk}/"
        pages = {}
        for name in ("alice", "bob", "carol"):
            self.member(name)
            pages[name] = self.log_in(name)
        alice, bob, carol = pages["alice"], pages["bob"], pages["carol"]

        for page in (alice, bob, carol):
            page.goto(url)
            page.click("#register-button")
            expect(page.locator("#entry-registered")).to_be_visible()
        expect(carol.locator("#players-title")).to_have_text("3 inscrits")
        enter_waiting_room(bob, carol)
        alice.goto(url)
        expect(alice.locator("#live-status")).to_have_attribute("data-status", "open")

        # The start time passes; the next read of the page starts the competition.
        Tournament.objects.filter(pk=tournament.pk).update(
            registration_closes_at=timezone.now() - dt.timedelta(seconds=2),
            starts_at=timezone.now() - dt.timedelta(seconds=1),
        )
        alice.request.get(url)

        bob.wait_for_url("**/parties/*/")
        carol.wait_for_url("**/parties/*/")
        semi_final = [bob, carol]
        for page in semi_final:
            expect(page.locator("#game-origin")).to_have_text(
                "Match de tournoi : Coupe du navigateur"
            )
            expect(page.locator("#game-kind")).to_have_text("tournoi")
        # alice's page follows by itself: the semi-final is live, she has a bye.
        expect(alice.locator("#current-round-title")).to_contain_text("Demi-finales")
        expect(alice.locator("#current-round .match-games a.is-live")).to_have_count(1)

        play_a_few_decisions(semi_final, 4)
        leave(carol)
        expect(bob.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")

        # The final begins at once: bob's finished table says so, alice's page offers hers.
        expect(bob.locator("#next-game")).to_be_visible()
        bob.click("#next-game-link")
        expect(alice.locator("#your-game")).to_be_visible()
        alice.click("#your-game a")
        final = [alice, bob]
        for page in final:
            page.wait_for_url("**/parties/*/")
            expect(page.locator("#game-origin")).to_contain_text("Coupe du navigateur")
        assert alice.url == bob.url
        # carol goes back to the competition from her table and watches the final.
        carol.click("#origin-link")
        expect(carol.locator("#current-round-title")).to_contain_text("Finale")

        play_a_few_decisions(final, 4)
        leave(alice)
        expect(bob.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")

        expect(carol.locator("#champion")).to_contain_text("Vainqueur : bob")
        ranking = carol.locator("#final-ranking tbody tr")
        expect(ranking).to_have_count(3)
        expect(ranking.nth(0)).to_have_attribute("data-member", "bob")
        expect(ranking.nth(1)).to_have_attribute("data-member", "alice")
        expect(ranking.nth(2)).to_have_attribute("data-member", "carol")
        expect(carol.locator("#prizes")).to_contain_text("gagné par bob")
        tournament.refresh_from_db()
        assert tournament.status == Tournament.Status.FINISHED
        assert wallet_balance(user=get_user_model().objects.get(username="bob")) == 50
