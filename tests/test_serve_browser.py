"""End to end in a real browser: headless Chromium (Debian's ``chromium``, driven by Playwright)
against a real ``bgkit serve`` process on 127.0.0.1.

For each of the five games, two phones (two browser contexts at 390x844) fill in one sheet at the
same time -- each its own players -- while a third view of the table, never reloaded, must show
every entry appear. Then one phone scores (the result must be ``bgkit score``'s), records it, and
the other phone is taken to the recorded play by itself; the history page and ``bgkit history``
show it. Screenshots of the sheet and the result go to test-artefacts/serve/ (not in git), and
neither page may scroll sideways.

Without Chromium or Playwright these tests are skipped, and say why. The browser is never
downloaded: Playwright is pointed at /usr/bin/chromium (or $BGKIT_CHROMIUM).
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from bgkit.testing import run_cli, stop_with_ctrl_c

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "examples" / "sheets"
ARTEFACTS = Path(os.environ.get("BGKIT_ARTEFACTS", ROOT / "test-artefacts")) / "serve"
CHROMIUM = os.environ.get("BGKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
GAMES = {"burgundy": "burgundy-3p.toml", "bruges": "bruges-3p.toml", "bluemooncity": "bluemooncity-3p.toml",
         "bretagne": "bretagne-3p.toml", "bridgetroll": "bridgetroll-4p.toml"}
TIMEOUT_MS = 20_000


def _why_no_browser() -> str | None:
    if not Path(CHROMIUM).is_file():
        return (f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium), "
                "or point BGKIT_CHROMIUM at one; .ci/run installs it")
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (it comes with bgkit's test extra)"
    try:
        import uvicorn  # noqa: F401
    except ImportError:
        return "bgkit serve needs the serve extra: pip install 'bgkit[serve]'"
    return None


pytestmark = pytest.mark.skipif(_why_no_browser() is not None, reason=_why_no_browser() or "")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """A real ``bgkit serve`` on a free port of 127.0.0.1; Ctrl-C at the end must stop it (exit 0)."""
    db = tmp_path_factory.mktemp("serve") / "table.sqlite3"
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", "serve", "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True)
    first = proc.stdout.readline()
    match = re.match(r"bgkit serve: (http://127\.0\.0\.1:\d+)/", first)
    try:
        assert match, first + proc.stderr.read()
        yield match.group(1), db
    finally:
        code = stop_with_ctrl_c(proc, timeout=20)
    assert code == 0, "bgkit serve did not stop cleanly on Ctrl-C"


def as_text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


async def fill_field(page, seat: str, name: str, value) -> None:
    """Type one value as a person would, opening its group if it is folded away."""
    field = page.locator(f'.field[data-seat="{seat}"][data-field="{name}"]')
    details = page.locator(f'details:has(.field[data-seat="{seat}"][data-field="{name}"])')
    if await details.count():
        await details.wait_for(state="visible")  # a group shows once something entered makes it apply
        if await details.get_attribute("open") is None:
            await details.locator("summary").click()
    await field.wait_for(state="visible", timeout=TIMEOUT_MS)  # a field that applies once an earlier one is saved
    control = field.locator("input, select")
    if await control.evaluate("e => e.tagName") == "SELECT":
        await control.select_option(as_text(value))
    else:
        await control.fill(as_text(value))


async def fill_seats(page, base: str, table: int, seats: list[int], sheet: dict, fields: dict) -> None:
    """One phone fills in its players, one after the other, and saves each."""
    for seat in seats:
        await page.goto(f"{base}/table/{table}?seat={seat}")
        values = sheet["player"][seat]
        typed = {k: v for k, v in sheet.items() if k not in ("game", "player")}
        for name, f in fields.items():  # in the sheet's order, as the prompt asks them
            if f.asked_if is not None and not f.asked_if(typed):
                continue  # not asked, at the prompt or here: the page keeps it hidden
            typed[name] = values.get(name, f.default)
            if name in values:
                await fill_field(page, str(seat), name, values[name])
        async with page.expect_navigation():  # the page's script sends the form once the fields are saved
            await page.locator(f"#seat{seat} button[type=submit]").click()
        await page.locator(f"#seat{seat}").wait_for()
        errors = [t for t in await page.locator(f"#seat{seat} .error").all_inner_texts() if t.strip()]
        assert errors == [], errors


async def no_sideways_scroll(page) -> None:
    widths = await page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
    assert widths[0] <= widths[1], f"the page scrolls sideways: {widths[0]}px wide in a {widths[1]}px viewport"


async def a_table_at_two_phones(base: str, db: Path, game_id: str) -> None:
    from playwright.async_api import async_playwright

    from bgkit.plugins.registry import get_registry

    sheet_path = SHEETS / GAMES[game_id]
    sheet = tomllib.loads(sheet_path.read_text())
    names = [p["name"] for p in sheet["player"]]
    game = get_registry().load_game(game_id)
    fields = {f.name: f for f in game.sheet_fields(len(names))}
    expected = json.loads(run_cli(["score", game_id, str(sheet_path), "--format", "json"]).stdout)
    ARTEFACTS.mkdir(parents=True, exist_ok=True)

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            one, two = await browser.new_context(**PHONE), await browser.new_context(**PHONE)
            for context in (one, two):
                context.set_default_timeout(TIMEOUT_MS)
            a, b = await one.new_page(), await two.new_page()

            # phone one starts the table: game, number of players, names
            await a.goto(f"{base}/new")
            await a.select_option("select[name=game]", game_id)
            await a.fill("input[name=players]", str(len(names)))
            await a.click("form[action='/new'] button")
            for index, name in enumerate(names):
                await a.fill(f"input[name=name{index}]", name)
            await a.click("#names button")
            await a.wait_for_url(re.compile(r"/table/\d+\?seat=0"))
            table = int(re.search(r"/table/(\d+)", a.url).group(1))

            # phone two finds it on the home page
            await b.goto(base + "/")
            await b.click(f"a[href='/table/{table}']")
            await b.wait_for_url(re.compile(rf"/table/{table}$"))

            # a view of everyone's entries on phone one, never reloaded
            watch = await one.new_page()
            await watch.goto(f"{base}/table/{table}?seat=all")
            await watch.evaluate("() => { window.neverReloaded = true; }")

            table_values = {k: v for k, v in sheet.items() if k not in ("game", "player")}
            if table_values:
                for name, value in table_values.items():
                    await a.select_option(f"#f-t-{name}", as_text(value))
                async with a.expect_navigation():
                    await a.click("#table button[type=submit]")

            seats = list(range(len(names)))
            await asyncio.gather(fill_seats(a, base, table, seats[0::2], sheet, fields),
                                 fill_seats(b, base, table, seats[1::2], sheet, fields))

            # every entry of both phones reached the view that was never reloaded
            for seat, values in enumerate(sheet["player"]):
                for name, value in values.items():
                    hidden = await watch.locator(f'[data-cell="{seat}:{name}"].na').count()
                    if name != "name" and not hidden and value != fields[name].default and value != []:
                        cell = watch.locator(f'[data-cell="{seat}:{name}"]')
                        await cell.filter(has_text=re.compile("^" + re.escape(as_text(value)) + "$")).wait_for()
            assert await watch.evaluate("() => window.neverReloaded === true")
            assert await watch.inner_text("#status") == "The sheet is complete."

            await b.goto(f"{base}/table/{table}?seat=1")
            await no_sideways_scroll(b)
            await b.screenshot(path=str(ARTEFACTS / f"{game_id}-sheet.png"), full_page=True)

            # phone one scores: exactly bgkit score's result
            async with a.expect_navigation():
                await a.click("#score button")
            await a.wait_for_url(re.compile(rf"/table/{table}/result$"))
            await no_sideways_scroll(a)
            await a.screenshot(path=str(ARTEFACTS / f"{game_id}-result.png"), full_page=True)
            assert await a.inner_text("#winner") == (
                f"Winner: {', '.join(expected['winners']) or 'nobody'} ({expected['decided_by']})")
            totals = await a.locator("#score-table tr.total td").all_inner_texts()
            assert totals == [str(p["total"]) for p in expected["players"]]

            # records it; phone two, still on its sheet, is taken to the play
            await a.fill("input[name=location]", "the kitchen")
            await a.fill("input[name=note]", f"{game_id} from two phones")
            await a.click("#record button")
            await a.wait_for_url(re.compile(r"/plays/\d+\?recorded=1"))
            play_id = int(re.search(r"/plays/(\d+)", a.url).group(1))
            assert f"Recorded as play {play_id}" in await a.inner_text("main")
            await b.wait_for_url(re.compile(rf"/plays/{play_id}$"))

            await b.goto(f"{base}/plays?game={game_id}")
            listed = await b.inner_text("#plays")
            assert game.info.name in listed and all(name in listed for name in names)
            await no_sideways_scroll(b)
        finally:
            await browser.close()

    shown = json.loads(run_cli(["history", "show", str(play_id), "--db", str(db), "--format", "json"]).stdout)
    assert shown["score"] == expected
    assert (shown["location"], shown["note"]) == ("the kitchen", f"{game_id} from two phones")


@pytest.mark.parametrize("game_id", list(GAMES))
def test_two_phones_fill_score_and_record_a_table(server, game_id):
    base, db = server
    asyncio.run(asyncio.wait_for(a_table_at_two_phones(base, db, game_id), timeout=120))


EVIL = "<script>alert(1)</script>"


def record_as_a_phone(base: str, names: list[str], days: list[str]) -> list[int]:
    """Goofspiel tables with these names, filled in and recorded over HTTP; the ids of the plays."""
    import httpx2

    ids = []
    with httpx2.Client(base_url=base, timeout=30, follow_redirects=False) as phone:
        csrf = re.search(r'name="csrf" content="([^"]+)"', phone.get("/").text).group(1)
        for n, day in enumerate(days):
            made = phone.post("/tables", data={"csrf": csrf, "game": "goofspiel", "players": "2",
                                               **{f"name{i}": name for i, name in enumerate(names)}})
            table = made.headers["location"].split("?")[0]
            for seat, prizes in enumerate(("1 2", "12 10 7") if n % 2 else ("13 11 9", "4 5")):
                phone.post(f"{table}/save", data={"csrf": csrf, "seat": str(seat), "prizes": prizes})
            done = phone.post(f"{table}/record", data={"csrf": csrf, "date": day, "note": EVIL, "location": EVIL})
            ids.append(int(re.search(r"/plays/(\d+)", done.headers["location"]).group(1)))
    return ids


async def visit_without_running_it(page, url: str, alerts: list, show_name: bool = True) -> None:
    """``url`` in the browser: no script but bgkit's own, no raw <script> in its document, and
    the name shown as text where it belongs."""
    await page.goto(url)
    sources = await page.evaluate("() => [...document.scripts].map(s => s.getAttribute('src'))")
    assert set(sources) <= {"/static/table.js"}, (url, sources)
    assert "<script>alert" not in await page.content(), url
    if show_name:
        assert EVIL in await page.inner_text("main"), url
    assert alerts == [], (url, alerts)


async def script_names_everywhere(base: str) -> None:
    from urllib.parse import quote

    from playwright.async_api import async_playwright

    ids = record_as_a_phone(base, [EVIL, "Bo"], ["2024-05-01", "2024-05-08", "2024-05-15"])
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            context = await browser.new_context(**PHONE)
            context.set_default_timeout(TIMEOUT_MS)
            page = await context.new_page()
            alerts: list[str] = []
            blocked: list[str] = []
            page.on("dialog", lambda dialog: (alerts.append(dialog.message), asyncio.ensure_future(dialog.dismiss())))
            page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)

            # a person types the name into a new table, as at the table
            await page.goto(f"{base}/new?game=goofspiel&players=2")
            await page.fill("input[name=name0]", EVIL)
            await page.fill("input[name=name1]", "Bo")
            await page.click("#names button")
            await page.wait_for_url(re.compile(r"/table/\d+\?seat=0"))
            table = int(re.search(r"/table/(\d+)", page.url).group(1))
            await page.locator('.field[data-seat="0"][data-field="prizes"] input').fill("3 6")
            async with page.expect_navigation():
                await page.locator("#seat0 button[type=submit]").click()

            name = quote(EVIL)
            for url in (f"/table/{table}?seat=0", f"/table/{table}?seat=all", f"/table/{table}/result", "/",
                        "/plays", f"/plays?player={name}", f"/plays/{ids[0]}",
                        "/stats", "/stats?game=goofspiel", f"/stats?game=goofspiel&player={name}"):
                await visit_without_running_it(page, base + url, alerts)
            await visit_without_running_it(page, f"{base}/new?game=goofspiel&players=2", alerts, show_name=False)
            await visit_without_running_it(page, f"{base}/plays/{ids[0]}/edit", alerts, show_name=False)
            assert await page.input_value("input[name=location]") == EVIL  # in its field, as typed

            await page.goto(f"{base}/stats?game=goofspiel")
            legend = await page.locator('svg[aria-label="Totals over time"] text').all_text_contents()
            assert EVIL in legend  # drawn in the chart's legend, as text
            bars = await page.locator('svg[aria-label="Win share"] text').all_text_contents()
            assert any(text.startswith("<script>") for text in bars)
            assert blocked == [], blocked  # the security policy allows all that bgkit's own pages do
        finally:
            await browser.close()


def test_a_name_with_a_script_never_runs_on_any_page_or_chart(server):
    """Stored XSS: the name typed at a table is shown as text on every page and in the charts, and
    no script of it is ever in the document (issue 39: the legend of the chart too)."""
    base, _ = server
    asyncio.run(asyncio.wait_for(script_names_everywhere(base), timeout=90))
