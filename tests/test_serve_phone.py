"""Issue 42, the page at a phone's width: headless Chromium (Debian's, driven by Playwright) at
390x844 against a real ``bgkit serve`` on 127.0.0.1.

The setup page shows the setup as a picture; every page this issue changed keeps to the phone's
width (no sideways scroll); a bad player count is said on the form; a name close to a known one is
asked about on the names page as it is typed; the stats table fits and its win-share bars are sorted; a rule
between two players shows as soon as both fields are typed; the edit page's command breaks only
between its words. Screenshots go to test-artefacts/serve/ (not in git).
"""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from bgkit.testing import run_cli, stop_with_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
ARTEFACTS = Path(os.environ.get("BGKIT_ARTEFACTS", ROOT / "test-artefacts")) / "serve"
CHROMIUM = os.environ.get("BGKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LONG = "Stravinsky-Korsakova Jr."  # a long name, to fill the stats table
#: Goofspiel plays recorded before the server starts: (winner's name, loser's name). The stats table
#: lists Bo first (most plays), but LONG has the largest share of the wins: the bars start with LONG.
PLAYS = [(LONG, "Bo"), (LONG, "Bo"), (LONG, "Ada"), ("Ada", "Bo"), ("Bo", "Ada")]


def _why_no_browser() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium), or point BGKIT_CHROMIUM at one"
    try:
        import playwright.async_api  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        return f"{exc.name} is not installed (the test and serve extras)"
    return None


pytestmark = pytest.mark.skipif(_why_no_browser() is not None, reason=_why_no_browser() or "")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A history with a few plays, then a real ``bgkit serve`` on it; stopped with Ctrl-C (exit 0)."""
    folder = tmp_path_factory.mktemp("phone")
    db = folder / "table.sqlite3"
    for day, (winner, loser) in enumerate(PLAYS, start=1):
        sheet = (f'game = "goofspiel"\n[[player]]\nname = "{winner}"\nprizes = [13, 12, 11]\n'
                 f'[[player]]\nname = "{loser}"\nprizes = [1, 2]\n')
        done = run_cli(["score", "goofspiel", "-", "--record", "--db", str(db), "--date", f"2024-05-{day:02d}"], input=sheet)
        assert done.exit_code == 0, done.stderr
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", "serve", "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    match = re.match(r"bgkit serve: (http://127\.0\.0\.1:\d+)/", proc.stdout.readline())
    try:
        assert match, proc.stderr.read()
        yield match.group(1)
    finally:
        code = stop_with_ctrl_c(proc, timeout=20)
    assert code == 0, "bgkit serve did not stop cleanly on Ctrl-C"


async def fits(page, name: str) -> None:
    """The page keeps to the phone's width; its screenshot is kept."""
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / f"phone-{name}.png"), full_page=True)
    wide = await page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 390, f"{name}: the page scrolls sideways ({wide}px wide at 390px)"


async def with_phone(work) -> None:
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = await browser.new_context(**PHONE)
            context.set_default_timeout(15_000)
            await work(await context.new_page())
        finally:
            await browser.close()


def run(work) -> None:
    asyncio.run(asyncio.wait_for(with_phone(work), timeout=90))


def test_the_setup_page_shows_the_setup_as_a_picture_at_a_phones_width(server):
    async def work(page) -> None:
        await page.goto(f"{server}/setup?game=bluemooncity&players=3&seed=7")
        picture = page.locator("#setup-picture svg")
        box = await picture.bounding_box()
        assert box and box["width"] >= 330 and box["x"] + box["width"] <= 390 and box["height"] > 600  # the phone's width
        shown = " ".join(await picture.locator("text").all_text_contents())
        assert "Caravanserai" in shown and "seed 7" in shown  # every tile of the city, whole
        await fits(page, "setup-bluemooncity")
        await page.goto(f"{server}/setup?game=burgundy&players=4&seed=3&option_boards=standard")
        assert await page.locator("#setup-picture svg polygon").count() == 37  # the estate, hex by hex
        await fits(page, "setup-burgundy")
        await page.goto(f"{server}/setup?game=bruges&players=4&seed=5")
        assert await page.locator("#setup-picture svg text[font-family=monospace]").count() == 0  # tables, not the terminal's text
        shown = await page.locator("#setup-picture svg text").all_text_contents()
        assert "draw pile B" in shown and "Belgian" in " ".join(shown)  # a table's cell, whole; a wrapped cell's words
        await fits(page, "setup-bruges")
        for url in ("/setup", "/new"):
            await page.goto(server + url)
            await fits(page, "form-" + url.strip("/"))
        for url in ("/setup?game=burgundy&players=9&seed=1", "/new?game=goofspiel&players=9"):
            await page.goto(server + url)
            assert await page.locator("#players-error").inner_text() == (
                "The Castles of Burgundy is for 2-4 players, not 9" if "burgundy" in url else "Goofspiel is for 2-4 players, not 9")
            assert await page.input_value("#players") == "9"  # on the form, as typed
            await fits(page, "bad-count-" + url.split("?")[0].strip("/"))

    run(work)


def test_names_stats_and_edit_pages_at_a_phones_width(server):
    async def work(page) -> None:
        await page.goto(f"{server}/new?game=goofspiel&players=2")
        await page.fill("#name0", "Adaa")
        await page.fill("#name1", "Bo")
        hint = page.locator("#hint0")
        await page.wait_for_function("e => e.textContent.length > 0", arg=await hint.element_handle())
        assert await hint.inner_text() == "new to the history (did you mean 'Ada'?)"  # as it is typed, before the sheet
        assert await page.locator("#hint1").inner_text() == ""
        await fits(page, "names-did-you-mean")
        await page.fill("#name0", "Ada")
        await page.wait_for_function("e => e.textContent === ''", arg=await hint.element_handle())
        await page.click("#names button")
        await page.wait_for_url(re.compile(r"/table/\d+\?seat=0"))  # nothing left to ask: straight to the sheet

        await page.goto(f"{server}/stats?game=goofspiel")
        right = await page.evaluate("() => document.querySelector('table#players').getBoundingClientRect().right")
        assert right <= 390, f"the players table is {right}px wide"
        assert LONG in await page.locator("table#players").inner_text()
        bars = await page.locator('svg[aria-label="Win share"] text').all_text_contents()
        names, shares = bars[0::2], [int(re.match(r"(\d+)%", text).group(1)) for text in bars[1::2]]
        assert shares == sorted(shares, reverse=True) and names == [LONG[:15] + "…", "Ada", "Bo"], bars
        await fits(page, "stats")

        await page.goto(f"{server}/plays/1/edit")
        for span in await page.locator("code.command span").all():  # each word of the command on one line
            assert await span.evaluate("s => s.getClientRects().length") == 1, await span.inner_text()
        await fits(page, "edit")

    run(work)


def test_a_rule_between_two_players_shows_as_soon_as_both_fields_are_typed(server):
    """Bridge Troll, 4 players: Cy's upgrade 9, which Ada holds too, is said while Dee's fields are empty."""
    async def work(page) -> None:
        await page.goto(f"{server}/new?game=bridgetroll&players=4")
        for index, name in enumerate(("Ada", "Bo", "Cy", "Dee")):
            await page.fill(f"#name{index}", name)
        await page.click("#names button")
        await page.wait_for_url(re.compile(r"/table/\d+\?seat=0"))
        table = re.search(r"/table/(\d+)", page.url).group(1)
        for seat in (0, 2):
            await page.goto(f"{server}/table/{table}?seat={seat}")
            field = page.locator(f'.field[data-seat="{seat}"][data-field="upgrades"]')
            async with page.expect_response(re.compile(r"/field$")):
                await field.locator("input").fill("9")
                await field.locator("input").press("Tab")  # left: saved, and so checked, by the page's script
        error = page.locator('.field[data-seat="2"][data-field="upgrades"] .error')
        await page.wait_for_function("e => e.textContent.length > 0", arg=await error.element_handle())
        assert await error.inner_text() == "upgrade card 9 is listed for both Ada and Cy (there is one of each)"
        await fits(page, "sheet-rule-between-players")

    run(work)
