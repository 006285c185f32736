"""A ranked match played through the waiting room and the table, then the weekly leaderboard.

Six-deals format, so that the first deal cannot end the match: the players play the whole first
deal card by card, then bob leaves. A forfeit after the first deal counts as a normal win and
loss (ladder.md, *Forfeits*): alice gains 5 points, bob loses 3 (both one star).
"""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.utils import timezone
from playwright.sync_api import expect

from games.models import Game
from rankings.models import Subscription
from rankings.periods import LadderKind, period_containing
from rankings.services import subscription_create
from tests.browser.base import (
    PASSWORD,
    BrowserTestCase,
    enter_waiting_room,
    leave_table,
    meet_at_a_table,
    play_first_deal,
)


class RankedLadderTests(BrowserTestCase):
    def subscribed_member(self, username: str, *, points: int):
        user = get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
        now = timezone.now()
        period = period_containing(kind=LadderKind.WEEKLY, moment=now)
        subscription_create(
            user=user, ladder_kind=LadderKind.WEEKLY, period_start=period.start, now=now
        )
        Subscription.objects.filter(user=user).update(points=points)
        return user

    def test_a_ranked_match_through_the_waiting_room_moves_the_weekly_leaderboard(self) -> None:
        self.subscribed_member("alice", points=10)
        self.subscribed_member("bob", points=10)
        alice = self.log_in("alice")
        bob = self.log_in("bob")
        enter_waiting_room(alice, bob)
        meet_at_a_table(alice, bob, creator_name="alice", game_format="six-deals", is_ranked=True)
        expect(alice.locator("#game-stakes")).to_have_text("Enjeu : +5 / −3")

        pages = [alice, bob]
        play_first_deal(pages)
        leave_table(bob)
        expect(alice.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")

        game = Game.objects.get()
        assert (game.is_ranked, game.end_reason, game.is_first_deal_complete) == (
            True,
            "left",
            True,
        )
        alice.goto("/classements/semaine/")
        rows = alice.locator("table.standings tbody tr")
        expect(rows).to_have_count(2)
        expect(rows.nth(0).locator("td").nth(1)).to_have_text("alice (vous)")
        expect(rows.nth(0).locator("td[data-column=points]")).to_have_text("15")
        expect(rows.nth(1).locator("td").nth(1)).to_have_text("bob")
        expect(rows.nth(1).locator("td[data-column=points]")).to_have_text("7")
        expect(rows.nth(0)).to_have_class("is-me")
        expect(rows.nth(1)).not_to_have_class("is-me")
        alice.click("#ma-position")
        alice.wait_for_url("**/classements/semaine/*/?page=1#rang-1")
        expect(alice.locator("#rang-1")).to_have_class("is-me")

        bob.goto("/classements/moi/")
        expect(bob.locator(".my-position[data-ladder=weekly]")).to_contain_text(
            "Rang 2 sur 2 · points : 7 · victoires : 0, défaites : 1"
        )
