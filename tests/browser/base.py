"""A live Daphne server (HTTP and websockets) and a real Chromium driven by Playwright.

Channels' `ChannelsLiveServerTestCase` runs the whole ASGI application in a separate process on
the test database (a file for SQLite, the test database on PostgreSQL). Playwright drives
Debian's Chromium: never `playwright install`, there is no browser download here.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from asgiref.sync import SyncToAsync
from channels.layers import channel_layers
from channels.testing import ChannelsLiveServerTestCase
from daphne.testing import DaphneProcess
from django.core.cache import cache
from django.db import connections
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect, sync_playwright

# Playwright's sync API runs an event loop in this thread; Django would otherwise refuse the
# ORM calls the tests make between two browser steps.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PASSWORD = "secret-pass-123"

# The two sizes every table must fit without scrolling: a laptop and a phone.
LAPTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

CHROMIUM_PATH = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


class InheritedDatabaseDaphneProcess(DaphneProcess):
    """Daphne on the database settings the fork inherits.

    Channels' setup hook prefixes "test_" to a name that is already the test database's on
    PostgreSQL (giving "test_test_..."); the forked process needs no change at all.
    """

    def __init__(self, host, get_application, *, setup=None, **options) -> None:
        super().__init__(host, get_application, **options)


def close_connection_pools() -> None:
    """Close this process's database connection pools (PostgreSQL's, when configured), so that
    a process forked next inherits none of their open connections; a pool is opened again at
    the next query."""
    for connection in connections.all():
        # Only a pool that exists: asking for `connection.pool` would open one.
        if connection.alias in getattr(connection, "_connection_pools", {}):
            connection.close_pool()


@pytest.mark.browser
class BrowserTestCase(ChannelsLiveServerTestCase):
    host = "127.0.0.1"
    serve_static = True
    ProtocolServerProcess = InheritedDatabaseDaphneProcess

    @classmethod
    def setUpClass(cls) -> None:
        # The live server is a forked process: what earlier websocket tests left in this one
        # (a channel layer bound to closed event loops, the worker thread of asgiref's
        # single-thread executor, which a fork does not copy) would hang its consumers.
        channel_layers.backends.clear()
        SyncToAsync.single_thread_executor = ThreadPoolExecutor(max_workers=1)
        # Nor may it inherit this process's database connections: two processes on one socket
        # garble each other's replies (seen on PostgreSQL as the flush between tests failing,
        # "can't change 'autocommit' now" or an empty result, and as a table whose frames went
        # wrong). On PostgreSQL they sit in the process's pool once closed: the pool goes too,
        # and each process opens its own.
        connections.close_all()
        close_connection_pools()
        super().setUpClass()
        cls._playwright = sync_playwright().start()
        cls.browser: Browser = cls._playwright.chromium.launch(
            executable_path=CHROMIUM_PATH, args=CHROMIUM_ARGS, headless=True
        )

    @classmethod
    def tearDownClass(cls) -> None:
        cls.browser.close()
        cls._playwright.stop()
        super().tearDownClass()

    def setUp(self) -> None:
        super().setUp()
        # The cache is shared with the server (Redis in CI) and outlives a run: allauth keeps its
        # rate limits and confirmation-email cool-downs there.
        cache.clear()

    def new_context(self, **options) -> BrowserContext:
        # A browser that asks for English: the site must still answer in French by default.
        options.setdefault("locale", "en-US")
        options.setdefault("base_url", self.live_server_url)
        context = self.browser.new_context(**options)
        context.set_default_timeout(10_000)
        self.addCleanup(context.close)
        return context

    def new_page(self, **options) -> Page:
        return self.new_context(**options).new_page()

    def log_in(self, username: str, **page_options) -> Page:
        """Log an existing member in through the login form, in a browser of his own
        (`page_options`: those of `new_page`, a viewport)."""
        page = self.new_page(**page_options)
        page.goto("/comptes/login/")
        page.fill("input[name=login]", username)
        page.fill("input[name=password]", PASSWORD)
        page.locator("form[action='/comptes/login/'] [type=submit]").click()
        page.wait_for_url(lambda url: "/comptes/login/" not in url)
        return page


def enter_waiting_room(*pages: Page) -> None:
    """Open the waiting room on each page and wait until its live connection is up."""
    for page in pages:
        page.goto("/salle/")
        expect(page.locator("#live-status")).to_have_attribute("data-status", "open")


def meet_at_a_table(
    creator: Page, joiner: Page, *, creator_name: str, game_format: str, is_ranked: bool = False
) -> None:
    """Create a game from the waiting room, join it from the other page, reach the table."""
    creator.select_option("#create-format", game_format)
    if is_ranked:
        creator.check("#create-ranked")
    creator.click("#create-button")
    row = joiner.locator("#open-games-body li", has_text=creator_name)
    expect(row).to_have_count(1)
    row.get_by_role("button", name="Rejoindre").click()
    creator.wait_for_url("**/parties/*/")
    joiner.wait_for_url("**/parties/*/")


def version_of(page: Page) -> int:
    """Return the game version the table on this page shows."""
    return int(page.locator("#table").get_attribute("data-version"))


def close_overlays(page: Page) -> None:
    """Close the summary or draw shown over the table (a player clicks them away)."""
    for overlay in ("draw-panel", "deal-summary"):
        button = page.locator(f"#{overlay}:visible .overlay-close")
        if button.count():
            button.click()


def act_once(pages: list[Page], *, preferred_announcements: tuple[str, ...] = ()) -> None:
    """Make the one decision someone has to make: an announcement or a legal card.

    By default only trump and pass are announced: with no roll and no buque a first deal scores
    at most 60, so a match cannot end on points before the first deal's summary is shown.
    """
    # Only what is shown: a panel that was just hidden can still hold its buttons, and the
    # page that must act may still be drawing the new version.
    choices = [*preferred_announcements, "trump", "pass"]
    for _attempt in range(50):
        for page in pages:
            if page.locator("#table").get_attribute("data-status") == "finished":
                return
            close_overlays(page)
            for choice in choices:
                announcement = page.locator(f"#announcements button[data-action={choice}]:visible")
                if announcement.count():
                    announcement.first.click()
                    return
            legal = page.locator("#felt button.card.is-legal:not([aria-disabled]):visible")
            if legal.count():
                legal.first.click()
                return
        pages[0].wait_for_timeout(100)
    raise AssertionError("nobody can act")


def play_first_deal(pages: list[Page]) -> None:
    """Play the first deal to its summary, clicking for whichever player has to act."""
    while pages[0].locator("#table").get_attribute("data-deals") == "0":
        version = version_of(pages[0])
        act_once(pages)
        for page in pages:
            # Past the completed trick's pause too: its deal summary (if any) is open by then.
            page.wait_for_function(
                f"Number(document.getElementById('table').dataset.version) > {version}"
                " && document.getElementById('table').dataset.holding === 'false'"
            )
    for page in pages:
        expect(page.locator("#deal-summary")).to_be_visible()


def in_view(page: Page, locator: Locator) -> None:
    """Assert that every element of `locator` is wholly inside the window, with no scrolling."""
    size = page.viewport_size
    assert page.evaluate("window.scrollY") == 0
    count = locator.count()
    assert count > 0
    for index in range(count):
        box = locator.nth(index).bounding_box()
        assert box is not None
        assert box["x"] >= -0.5 and box["y"] >= -0.5, box
        assert box["x"] + box["width"] <= size["width"] + 0.5, box
        assert box["y"] + box["height"] <= size["height"] + 0.5, box


def leave_table(page: Page) -> None:
    """Leave the game from the table's bar, confirming in the page's own dialog."""
    page.click("#leave-button")
    page.locator("#leave-dialog").get_by_role("button", name="Quitter la partie").click()


def resize(page: Page, size: dict) -> None:
    """Give the window a new size and let the table lay itself out again."""
    page.set_viewport_size(size)
    page.evaluate(
        "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"
    )


def in_view_at_both_sizes(page: Page, selector: str) -> None:
    """Every element `selector` finds is in the window at a phone's and at a laptop's size."""
    size = page.viewport_size
    for other in (PHONE, LAPTOP):
        resize(page, other)
        in_view(page, page.locator(selector))
    resize(page, size)


def keep_screenshot(page: Page, name: str, *, full_page: bool = False) -> None:
    """With SCREENSHOTS_DIR set, keep the page at a laptop's and at a phone's size."""
    directory = os.environ.get("SCREENSHOTS_DIR")
    if not directory:
        return
    size = page.viewport_size
    for label, other in (("desktop", LAPTOP), ("phone", PHONE)):
        resize(page, other)
        page.wait_for_timeout(150)
        page.screenshot(path=str(Path(directory) / f"{name}-{label}.png"), full_page=full_page)
    resize(page, size)
