"""The replay of a finished four-player game in a real browser, drawn by the table's own client:
step by action, by trick and by deal, all four hands face up around the felt, the team totals of
the record's replay at the end, and every deal's deck checked against its commitment."""

import random

from django.contrib.auth import get_user_model
from django.test import override_settings
from playwright.sync_api import expect

from games import engine
from games.tables import selectors
from tests.browser.accessibility import assert_accessible
from tests.browser.base import LAPTOP, PHONE, BrowserTestCase, in_view, resize
from tests.games.partnership_helpers import full_table, play_out


def hand(page, seat: int):
    return page.locator(f"#felt .hand[data-seat='{seat}'] .card")


class PartnershipReplayTests(BrowserTestCase):
    @override_settings(COMPUTER_PAUSE_SCALE=0)
    def test_stepping_through_a_finished_table(self) -> None:
        host = get_user_model().objects.create_user(username="alice", email="alice@example.com")
        table = play_out(
            full_table(host=host, computers=3, variant="manille-flemish", format="boom-61"),
            rng=random.Random(4),
        )
        _status, replayed = engine.replay_record(selectors.game_record(game=table))
        deals = len(replayed["deals"])
        page = self.new_page(viewport=LAPTOP)

        page.goto(f"/parties/{table.pk}/revoir/")

        assert_accessible(page, "four-player replay")
        for seat in range(4):
            expect(hand(page, seat)).to_have_count(8)
        # Seat 0 at the bottom; Flemish play goes clockwise: seat 1 on its left.
        expect(page.locator("#hand-bottom")).to_have_attribute("data-seat", "0")
        expect(page.locator("#hand-left")).to_have_attribute("data-seat", "1")
        expect(page.locator("#hand-top")).to_have_attribute("data-seat", "2")
        for size in (PHONE, LAPTOP):
            resize(page, size)
            in_view(page, page.locator("#felt .hand .card"))
        expect(page.locator("#replay-prev")).to_be_disabled()
        expect(page.locator("#replay-result")).to_have_text("")

        # Every deal's deck matches the commitment published before it, checked here.
        expect(page.locator("#replay-deals-body .deal-check[data-check=verified]")).to_have_count(
            deals
        )
        expect(page.locator("#replay-verified")).to_have_text(
            "Chaque donne correspond à l'empreinte publiée avant elle."
        )

        # The dealer names trump: the first action, then one more card in the trick per play.
        page.click("#replay-next")
        expect(page.locator("#trump-info")).not_to_have_text("")
        page.click("#replay-next-trick")
        assert sum(hand(page, seat).count() for seat in range(4)) == 28
        expect(page.locator("#trick .played .card")).to_have_count(4)
        expect(page.locator("#trick .played.is-winning")).to_have_count(1)
        expect(page.locator("#trick-caption")).to_contain_text("Pli pour")

        # A later deal from the menu starts with four full hands again.
        if deals > 1:
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
            expect(page.locator(f"#score-team-{team} .team-total")).to_have_text(
                str(replayed["totals"][team])
            )
        expect(page.locator("#replay-result")).to_contain_text("gagnent la partie")
        assert_accessible(page, "four-player replay, the end")
        resize(page, PHONE)
        in_view(page, page.locator("#replay-result"))
        assert_accessible(page, "four-player replay on a phone")

    def test_a_browser_that_cannot_hash_shows_the_server_s_check(self) -> None:
        host = get_user_model().objects.create_user(username="alice", email="alice@example.com")
        table = play_out(
            full_table(host=host, computers=3, variant="manille-french", format="first-to-34"),
            rng=random.Random(5),
        )
        deals = len(engine.replay_record(selectors.game_record(game=table))[1]["deals"])
        context = self.new_context(viewport=LAPTOP)
        # As on an address that is not secure: no `crypto.subtle`.
        context.add_init_script(
            "Object.defineProperty(Crypto.prototype, 'subtle', {get: () => undefined});"
        )
        page = context.new_page()

        page.goto(f"/parties/{table.pk}/revoir/")

        expect(page.locator("#replay-verified")).to_have_text(
            "Ce navigateur ne calcule pas SHA-256 : le serveur a vérifié chaque donne."
        )
        expect(page.locator("#replay-deals-body .deal-check[data-check=verified]")).to_have_count(
            deals
        )
