from django.contrib.auth import get_user_model
from playwright.sync_api import Page, expect

from games import engine
from games.models import Game
from tests.browser.base import (
    PASSWORD,
    BrowserTestCase,
    act_once,
    close_overlays,
    enter_waiting_room,
    leave_table,
    meet_at_a_table,
    play_first_deal,
    version_of,
)


class LiveGameTests(BrowserTestCase):
    def log_in(self, username: str) -> Page:
        get_user_model().objects.create_user(
            username=username, email=f"{username}@example.com", password=PASSWORD
        )
        return super().log_in(username)

    def test_two_members_play_a_deal_then_one_leaves(self) -> None:
        alice = self.log_in("alice")
        bob = self.log_in("bob")
        enter_waiting_room(alice, bob)
        expect(alice.locator("#present-list li")).to_have_count(2)

        meet_at_a_table(alice, bob, creator_name="alice", game_format="first-to-71")
        pages = [alice, bob]
        for page in pages:
            expect(page.locator("#draw-panel")).to_be_visible()
            expect(page.locator("#hand-bottom button.card")).to_have_count(8)
        # A face-down card is only a back: nobody's page shows the opponent's cards.
        expect(alice.locator("#hand-top .card-back")).to_have_count(8)

        play_first_deal(pages)

        for page in pages:
            expect(page.locator("#deal-summary")).to_be_visible()
            expect(page.locator("#deal-summary-title")).to_have_text("Fin de la donne 1")
            # The first-dealer draw makes room for the table once the cards are played.
            expect(page.locator("#draw-panel")).to_be_hidden()
        game = Game.objects.get()
        totals = game.state["totals"]
        for seat, page in enumerate(pages):
            expect(page.locator("#summary-body td[data-row=score][data-team='0']")).to_have_text(
                str(game.state["summaries"][0]["score"][0])
            )
            # Each player's own score comes first, under his name.
            expect(page.locator(".team-score").first).to_have_attribute("data-team", str(seat))
            expect(page.locator(f"#score-team-{seat} .team-name")).to_have_text(
                ("alice", "bob")[seat]
            )
            expect(page.locator(f"#score-team-{seat} .team-total")).to_have_text(str(totals[seat]))

        close_overlays(bob)
        leave_table(bob)

        expect(alice.locator("#match-end")).to_be_visible()
        expect(alice.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")
        expect(alice.locator("#match-end-reason")).to_have_text("Forfait : bob a quitté la partie.")
        expect(bob.locator("#match-end-title")).to_have_text("Vous perdez la partie.")
        expect(alice.locator("#record-link")).to_have_attribute(
            "href", f"/parties/{game.pk}/partie.json"
        )

    def test_two_members_play_a_whole_match_to_its_end_on_points(self) -> None:
        alice = self.log_in("alice")
        bob = self.log_in("bob")
        enter_waiting_room(alice, bob)
        meet_at_a_table(alice, bob, creator_name="alice", game_format="first-to-71")
        pages = [alice, bob]

        # Rolling and buquing multiply each deal, so that a match to 71 takes a few deals.
        while not alice.locator("#match-end").is_visible():
            version = version_of(alice)
            act_once(pages, preferred_announcements=("roll", "buque", "surbuque"))
            alice.wait_for_function(
                "Number(document.getElementById('table').dataset.version) > "
                f"{version} || !document.getElementById('match-end').hidden"
            )

        game = Game.objects.get()
        winner, loser = (alice, bob) if game.winner_seat == 0 else (bob, alice)
        assert (game.status, game.end_reason) == (Game.Status.FINISHED, Game.EndReason.POINTS)
        assert max(game.state["totals"]) >= 71
        expect(winner.locator("#match-end-title")).to_have_text("Vous gagnez la partie !")
        expect(loser.locator("#match-end-title")).to_have_text("Vous perdez la partie.")
        # The record downloaded from the table replays to the same result.
        response = winner.request.get(f"/parties/{game.pk}/partie.json")
        status, replayed = engine.replay_record(response.json())
        assert (status, replayed["finished"], replayed["winner"], replayed["totals"]) == (
            0,
            True,
            game.winner_seat,
            game.state["totals"],
        )
