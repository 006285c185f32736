"""Accessibility check of a page with axe-core (vendored, injected by Playwright)."""

from pathlib import Path

from playwright.sync_api import Page

AXE_SCRIPT = Path(__file__).parent / "vendor" / "axe-core" / "axe.min.js"
BLOCKING = ("serious", "critical")


def axe_violations(page: Page) -> list[dict]:
    """Return the serious and critical violations axe finds on the page as it is now."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE_SCRIPT))
    result = page.evaluate(
        "async () => { const r = await axe.run(document, {resultTypes: ['violations']});"
        " return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,"
        " nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})); }"
    )
    return [violation for violation in result if violation["impact"] in BLOCKING]


def assert_accessible(page: Page, where: str = "") -> None:
    violations = axe_violations(page)
    assert violations == [], f"{where or page.url}: {violations}"
