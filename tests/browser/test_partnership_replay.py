"""The replay of a finished four-player table in a real browser: step by action, by trick and
by deal, all four hands, the team totals of the record's replay at the end."""

import random

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games import engine
from games.partnership import selectors
from tests.browser.accessibility import assert_accessible
from tests.browser.base import BrowserTestCase
from tests.games.partnership_helpers import full_table, play_out


def hand(page, seat: int):
    return page.locator(f"#replay-seat-{seat} .replay-seat__hand .card-face")


class PartnershipReplayTests(BrowserTestCase):
    @override_settings(COMPUTER_PAUSE_SCALE=0)
    def test_stepping_through_a_finished_table(self) -> None:
        host = get_user_model().objects.create_user(username="alice", email="alice@example.com")
        table = play_out(
            full_table(host=host, computers=3, variant="manille-flemish", format="boom-61"),
            rng=random.Random(4),
        )
        _status, replayed = engine.replay_record(selectors.partnership_record(game=table))
        page = self.new_page(viewport={"width": 1280, "height": 800})

        page.goto(f"/tables/{table.pk}/revoir/")

        assert_accessible(page, "four-player replay")
        for seat in range(4):
            expect(hand(page, seat)).to_have_count(8)
        expect(page.locator("#replay-prev")).to_be_disabled()
        expect(page.locator("#replay-result")).to_have_text("")

        # The dealer names trump: the first action, then one more card in the trick per play.
        page.click("#replay-next")
        expect(page.locator("#replay-announcements")).not_to_have_text("")
        page.click("#replay-next-trick")
        assert sum(hand(page, seat).count() for seat in range(4)) == 28
        expect(page.locator(".replay-trick__slot .card-face")).to_have_count(4)
        expect(page.locator(".replay-trick__slot.is-winning")).to_have_count(1)

        # A later deal from the menu starts with four full hands again.
        if len(replayed["deals"]) > 1:
            page.select_option("#replay-deal", index=1)
            for seat in range(4):
                expect(hand(page, seat)).to_have_count(8)
            expect(page.locator('.replay-deals tr[data-deal="1"]')).to_have_class("is-current")

        while page.locator("#replay-next-trick").is_enabled():
            page.click("#replay-next-trick")

        for team in (0, 1):
            expect(page.locator(f"#replay-total-{team}")).to_have_text(
                str(replayed["totals"][team])
            )
        expect(page.locator("#replay-result")).not_to_have_text("")
        assert_accessible(page, "four-player replay, the end")
