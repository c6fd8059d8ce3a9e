"""A game played from the phones at a real ``bgkit serve`` on 127.0.0.1 (nothing mocked), driven
over HTTP: a whole game of Bruges (hidden hands) by two phones and a greedy bot, with the server
stopped and started again in the middle; each seat's page checked against a twin state for hidden
cards; a client without a seat's key refused; the save verified by ``bgkit replay --verify``; the
game in the history with its log. The same from the command line (``--game``), and what a page may
not start (an ``exec:`` seat). And in headless Chromium, two phones and a bot play a whole game of
Goofspiel (skipped, saying why, without Chromium or Playwright)."""

from __future__ import annotations

import asyncio
import html
import json
import os
import random
import re
import subprocess
import sys
from contextlib import contextmanager
from pathlib import Path

import pytest

pytest.importorskip("uvicorn", reason="bgkit serve needs the serve extra: pip install 'bgkit[serve]'")
httpx2 = pytest.importorskip("httpx2", reason="the test extra's HTTP client")

from bgkit.engine.match import GameLog, replay, replay_events  # noqa: E402
from bgkit.engine.runtime import runtime_for  # noqa: E402
from bgkit.plugins.registry import get_registry  # noqa: E402
from bgkit.serve.play import public_drawing, seat_drawings  # noqa: E402
from bgkit.testing import run_cli, stop_with_ctrl_c  # noqa: E402

SCRIPT = "<script>alert(1)</script>"


@contextmanager
def served(db: Path, *args: str, env: dict[str, str] | None = None):
    """``bgkit serve --port 0`` on ``db``: yields (base URL, the lines it printed about itself and
    its game); Ctrl-C at the end must stop it with exit 0 within seconds."""
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", "serve", "--port", "0", "--db", str(db), *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
                            env={**os.environ, **(env or {})})
    try:
        first = proc.stdout.readline()
        found = re.match(r"bgkit serve: (http://127\.0\.0\.1:\d+)/", first)
        assert found, first + proc.stderr.read()
        people = sum(1 for a in args if a.startswith("human")) if "--game" in args else 0
        lines: list[str] = []
        while line := proc.stdout.readline():  # up to Ctrl-C's line, or the last person's join link
            lines.append(line)
            if (not people and line.startswith("Ctrl-C")) or (people and sum(1 for x in lines if x.startswith("  seat ")) == people):
                break
        yield found.group(1), lines
    finally:
        code = stop_with_ctrl_c(proc, timeout=15)
    assert code == 0, "bgkit serve did not stop cleanly on Ctrl-C"


def phone(base: str) -> tuple:
    """A phone: a client with its own cookies, and its CSRF token."""
    client = httpx2.Client(base_url=base, timeout=30, follow_redirects=False)
    page = client.get("/games")
    assert page.status_code == 200, page.text
    return client, re.search(r'name="csrf" content="([^"]+)"', page.text).group(1)


def start_game(client, csrf: str, game: str, seats: list[tuple[str, str]], **options: str) -> tuple[int, list[str]]:
    """Start a game from the page; returns its number and each person's join link (path and key)."""
    form = {"csrf": csrf, "game": game, "players": str(len(seats))}
    for i, (kind, name) in enumerate(seats):
        form[f"kind{i}"], form[f"name{i}"] = kind, name
    form.update({f"option_{k}": v for k, v in options.items()})
    made = client.post("/games", data=form)
    assert made.status_code == 303, made.text
    host = client.get(made.headers["location"])
    assert host.status_code == 200
    links = [html.unescape(link) for link in re.findall(r'class="join" href="([^"]+)"', host.text)]
    number = int(made.headers["location"].split("/")[2])
    return number, [re.sub(r"^http://[^/]+", "", link) for link in links]


def buttons(page: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(r'<button type="submit" name="action" value="([^"]*)"', page)]


def shown_view(page: str) -> str:
    return html.unescape(re.search(r'<pre class="drawing" id="view">(.*?)</pre>', page, re.S).group(1))


def state_of(save: Path):
    log = GameLog.from_dict(json.loads(save.read_text()))
    game = get_registry().load_game(log.game)
    runtime = runtime_for(game)
    return log, replay(game, runtime, log), [event for event, _ in replay_events(game, runtime, log)]


def bruges_twin(state, seat: int):
    """``state`` with one card of another seat's hand swapped for an unseen card of the same colour,
    as the twin-state test of the game's determinisation makes it (plugins/bgkit-bruges/tests/
    test_bruges_determinisation.py): its owner sees the difference, ``seat`` must not. None when no
    other hand holds a card its owner can see."""
    colour = state.cards.colour
    for q in range(state.num_players):
        if q == seat or not state.hands[q]:
            continue
        twin = state.clone()
        card = twin.hands[q][0]
        other = next((c for c in twin.unseen.cards() if c != card and colour[c] == colour[card]), None)
        if other is None:
            continue
        twin.unseen.draw(other)
        twin.unseen.put(card)
        twin.hands[q][0] = other
        if seat_drawings(twin, q) != seat_drawings(state, q):  # the owner sees which card it is
            return twin
    return None


def check_seat_page(page: str, save: Path, seat: int) -> bool:
    """A seat's page shows its own drawing and none of another's hidden cards: the drawing on the
    page is the game's drawing for that seat, which is the same for a twin state whose other hand
    differs (which its owner sees); no private event of another seat is on
    the page. True when a twin was checked."""
    log, state, events = state_of(save)
    assert shown_view(page) == seat_drawings(state, seat)[0]
    told = {event.seen_by(seat) for event in events}  # a card may come round again: drawn by this seat too
    for event in events:
        if event.audience is not None and seat not in event.audience and event.text not in told:
            found = re.search(rf"(?<![\w]){re.escape(html.escape(event.text))}(?![\w])", page)  # not 'card X 1' in 'card X 11'
            assert found is None, f"P{seat + 1}'s page shows {event.text!r}, told only to {sorted(event.audience)}"
    twin = bruges_twin(state, seat)
    if twin is None:
        return False
    assert seat_drawings(twin, seat) == seat_drawings(state, seat), "the seat's drawing shows another seat's hidden card"
    return True


def play_turns(links: list[str], clients: list, csrfs: list, save: Path, rng: random.Random, limit: int,
               checks: list[bool]) -> bool:
    """The phones play (each a random legal action, pressed or typed as its place in the list) until
    the game is over or ``limit`` actions were played; True once it is over. Each page says whose
    turn it is, so the next page asked for is that seat's."""
    import time

    played, seat = 0, 0
    deadline = time.monotonic() + 60
    while played < limit and time.monotonic() < deadline:
        page = clients[seat].get(links[seat])
        assert page.status_code == 200, page.text
        if "Game over" in page.text:
            return True
        choices = buttons(page.text)
        refresh = '<noscript><meta http-equiv="refresh" content="3"></noscript>' in page.text
        assert refresh == (not choices)  # without JavaScript a waiting page reloads itself; a turn's page stays
        if not choices:
            waiting = re.search(r"Waiting for P(\d+)", page.text)
            if waiting and int(waiting.group(1)) - 1 < len(links):
                seat = int(waiting.group(1)) - 1
            else:
                time.sleep(0.05)  # a bot thinks, or chance is drawn
            continue
        if played % 40 == 5:
            checks.append(check_seat_page(page.text, save, seat))
        path, key = links[seat].split("?")
        answer = rng.choice(choices)
        if played % 2 and len(choices) > 1:
            answer = f"#{choices.index(answer) + 1}"  # typed, as at the terminal: its place in the list
        done = clients[seat].post(f"{path}/act?{key}", data={"csrf": csrfs[seat], "action": answer})
        assert done.status_code == 303, done.text
        played += 1
    return False


def test_a_game_of_bruges_from_two_phones_and_a_bot_through_a_restart(tmp_path):
    db = tmp_path / "h.sqlite3"
    save = tmp_path / "h-games" / "1.bgkit.json"
    rng = random.Random(7)
    checks: list[bool] = []
    with served(db) as (base, _):
        host, csrf = phone(base)
        number, links = start_game(host, csrf, "bruges", [("human", "Ada"), ("human", "Bo"), ("greedy", "")])
        assert number == 1 and len(links) == 2
        clients, csrfs = zip(*[phone(base) for _ in links])
        stranger, stranger_csrf = phone(base)
        for link in links:  # a third phone without the seat's key, or with another seat's, sees nothing of it
            path, key = link.split("?")
            assert stranger.get(path).status_code == 403
            assert stranger.get(f"{path}?key=nope").status_code == 403
            assert stranger.post(f"{path}/act", data={"csrf": stranger_csrf, "action": "#1"}).status_code == 403
        other_key = links[1].split("?")[1]
        assert stranger.get(f"{links[0].split('?')[0]}?{other_key}").status_code == 403
        assert host.get(f"/game/1/host?key={other_key[4:]}").status_code == 403  # the host's page needs the host's key
        assert not play_turns(links, clients, csrfs, save, rng, 40, checks)
        before = json.loads(save.read_text())["actions"]
    with served(db) as (base, _):  # the server again: the game where it was, the same links
        clients, csrfs = zip(*[phone(base) for _ in links])
        assert json.loads(save.read_text())["actions"][: len(before)] == before
        assert play_turns(links, clients, csrfs, save, rng, 400, checks)
        table = clients[0].get("/game/1/table").text
        assert "Game over" in table
        play_id = int(re.search(r'href="/plays/(\d+)"', table).group(1))
    assert sum(checks) >= 3  # twins were checked at several moments of the game
    verified = run_cli(["replay", "--verify", str(save)])
    assert verified.exit_code == 0 and "verified" in verified.stdout, verified.stdout + verified.stderr
    shown = run_cli(["history", "show", str(play_id), "--db", str(db), "--format", "json"])
    assert json.loads(shown.stdout)["game"] == "bruges"
    from bgkit.history.store import open_history

    with open_history(db) as store:
        play = store.play(play_id)
    assert play.source == "play" and [s.spec for s in play.seats] == ["human:Ada", "human:Bo", "greedy"]
    assert play.log["actions"] == json.loads(save.read_text())["actions"]  # the whole log, as saved


def shown_public(page: str) -> str:
    return html.unescape(re.search(r'<pre class="drawing" id="public">(.*?)</pre>', page, re.S).group(1))


def test_the_tables_page_shows_the_public_drawing_and_no_hidden_card(tmp_path):
    """Mid-game, the shared screen (/game/N/table, no key) shows the game's public drawing inside its
    live part: the very picture of ``render_public`` for the saved state, the same for every twin
    state whose hands differ where only their owner sees it, and none of a seat's own hand."""
    import time

    save = tmp_path / "h-games" / "1.bgkit.json"
    with served(tmp_path / "h.sqlite3") as (base, _):
        host, csrf = phone(base)
        _, links = start_game(host, csrf, "bruges", [("human", "Ada"), ("human", "Bo"), ("greedy", "")])
        clients, csrfs = zip(*[phone(base) for _ in links])
        assert not play_turns(links, clients, csrfs, save, random.Random(3), 12, [])
        stranger = httpx2.Client(base_url=base, timeout=30)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:  # the bot and chance play on: wait for a phone's turn (saved)
            page = stranger.get("/game/1/table")
            assert page.status_code == 200
            if re.search(r"Waiting for P[12] ", page.text):
                break
            time.sleep(0.05)
        else:
            pytest.fail("no phone's turn came")
    _, state, _ = state_of(save)
    shown = shown_public(page.text)
    assert page.text.index('id="live"') < page.text.index('id="public"')  # redrawn live with the rest
    assert shown == public_drawing(state) and "P1 hand: " in shown and "Your hand" not in shown
    twins = [twin for seat in range(2) if (twin := bruges_twin(state, seat)) is not None]
    assert twins, "no hand to swap a card of"
    for twin in twins:  # a card swapped in a hand its owner sees: the table's picture is the same
        assert public_drawing(twin) == shown, "the table's page shows a seat's hidden card"
    named = 0
    for seat in range(2):  # each seat's own hand, as only its phone shows it, is not on the table's page
        own = seat_drawings(state, seat)[1] or seat_drawings(state, seat)[0]
        cards = re.findall(r"^  (\S[^·]*?) · ", own[own.index("Your hand"):], re.M) if "Your hand" in own else []
        assert all(card not in shown for card in cards), (seat, cards)  # each card of a seat's own hand, by name
        named += len(cards)
    assert named


def test_a_game_started_from_the_command_line_and_what_a_page_may_not_start(tmp_path):
    with served(tmp_path / "h.sqlite3", "--game", "goofspiel", "--seat", "human:Ada", "--seat", "random",
                "--seed", "4") as (base, lines):
        text = "".join(lines)
        assert "Game 1: Goofspiel" in text, text
        link = re.search(r"seat 1 Ada: http://[^/]+(/game/1/seat/0\?key=\S+)", text).group(1)
        client, csrf = phone(base)
        page = client.get(link)
        assert page.status_code == 200 and "Your turn" in page.text
        # the page offers installed in-process bots, never a program; a form that names one is refused
        offered = client.get("/game/new?game=goofspiel&players=2").text
        assert "exec" not in offered and 'value="greedy"' in offered
        for kind in ("exec:touch PWNED", "exec"):
            refused = client.post("/games", data={"csrf": csrf, "game": "goofspiel", "players": "2", "kind0": "human",
                                                  "kind1": kind})
            assert refused.status_code == 400 and "not a bot this page offers" in refused.text
        assert not Path("PWNED").exists()
        wrong = client.post(link.replace("?", "/act?"), data={"csrf": csrf, "action": "bid 99"})
        assert wrong.status_code == 400 and "&#39;bid 99&#39; is not legal here" in wrong.text
        no_csrf = client.post(link.replace("?", "/act?"), data={"action": "bid 1"})
        assert no_csrf.status_code == 403
        version = int(re.search(r'name="version" value="(\d+)"', page.text).group(1))
        first = buttons(page.text)[0]
        assert client.post(link.replace("?", "/act?"), data={"csrf": csrf, "action": first, "version": version}).status_code == 303
        for _ in range(200):  # the bot bids, chance draws the next prize
            if "Your turn" in client.get(link).text:
                break
        else:
            pytest.fail("Ada's turn did not come again")
        again = client.post(link.replace("?", "/act?"), data={"csrf": csrf, "action": buttons(page.text)[1], "version": version})
        assert again.status_code == 400 and "the table has changed" in again.text  # a second tap is not played
    log = json.loads((tmp_path / "h-games" / "1.bgkit.json").read_text())
    assert log["seed"] == 4 and log["seats"] == ["human:Ada", "random"] and log["actions"][0][0] == -1


def test_a_bot_thinking_never_holds_up_the_pages(tmp_path):
    """The bot thinks in the game's worker thread, 2 seconds by its spec: the person's action is
    answered at once, and the pages are served all the while, saying who thinks."""
    import time

    with served(tmp_path / "h.sqlite3", "--game", "goofspiel", "--option", "deck=5", "--seat", "human:Ada",
                "--seat", "mcts:seconds=2", "--seed", "1") as (base, lines):
        link = re.search(r"seat 1 Ada: http://[^/]+(/game/1/seat/0\?key=\S+)", "".join(lines)).group(1)
        client, csrf = phone(base)
        assert "Your turn" in client.get(link).text
        start = time.monotonic()
        assert client.post(link.replace("?", "/act?"), data={"csrf": csrf, "action": "#1"}).status_code == 303
        answered = time.monotonic() - start
        slowest, thinking = 0.0, False
        while time.monotonic() - start < 10:
            asked = time.monotonic()
            table = client.get("/game/1/table").text
            slowest = max(slowest, time.monotonic() - asked)
            thinking = thinking or "mcts:seconds=2 is thinking" in table
            if "Waiting for P1 Ada" in table:
                break
            time.sleep(0.1)
        assert thinking and "Waiting for P1 Ada" in table
        assert answered < 1.0 and slowest < 1.0, (answered, slowest)  # a page waiting for the bot would take 2 s


def marked_processes(mark: str) -> list[int]:
    """The processes whose environment holds ``mark`` (what bgkit serve started inherits it)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if mark.encode() in (entry / "environ").read_bytes():
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="looks for the bot's process in /proc")
def test_an_exec_seat_from_the_command_line_plays_and_ends_with_the_server(tmp_path):
    mark = f"BGKIT_PLAY_TEST={os.getpid()}-{random.random()}"
    bot = f"exec:{sys.executable} {Path(__file__).resolve().parent.parent / 'examples' / 'bots' / 'random.py'}"
    with served(tmp_path / "h.sqlite3", "--game", "goofspiel", "--seat", "human:Ada", "--seat", bot, "--seed", "2",
                env=dict([mark.split("=")])) as (base, lines):
        link = re.search(r"seat 1 Ada: http://[^/]+(/game/1/seat/0\?key=\S+)", "".join(lines)).group(1)
        client, csrf = phone(base)
        assert client.post(link.replace("?", "/act?"), data={"csrf": csrf, "action": "#1"}).status_code == 303
        import time

        deadline = time.monotonic() + 20
        while "Your turn" not in client.get(link).text and time.monotonic() < deadline:
            time.sleep(0.05)  # the program bids
        saved = json.loads((tmp_path / "h-games" / "1.bgkit.json").read_text())
        assert [p for p, _ in saved["actions"]].count(1) == 1 and saved["seats"][1] == bot
        assert len(marked_processes(mark)) >= 2  # the server and its bot
    assert marked_processes(mark) == []  # Ctrl-C mid-game: nothing the server started is left
    with served(tmp_path / "h.sqlite3") as (base, _):  # a file never starts a program
        client, _ = phone(base)
        assert client.get("/game/1/table").status_code == 400


def test_names_people_type_are_text_on_every_play_page(tmp_path):
    with served(tmp_path / "h.sqlite3") as (base, _):
        client, csrf = phone(base)
        number, links = start_game(client, csrf, "goofspiel", [("human", SCRIPT), ("human", "Bo"), ("random", "")])
        pages = [links[0], links[1], f"/game/{number}/table", "/games"]
        host = client.post("/games", data={"csrf": csrf, "game": "goofspiel", "players": "2", "kind0": "human",
                                           "name0": SCRIPT + "x", "kind1": "random"}).headers["location"]
        for path in [*pages, host]:
            page = client.get(path)
            assert page.status_code == 200
            assert SCRIPT not in page.text and "&lt;script&gt;" in page.text, path


def test_beyond_loopback_a_seats_link_carries_the_join_token_too(tmp_path):
    with served(tmp_path / "h.sqlite3", "--lan", "--host", "127.0.0.1", "--game", "goofspiel", "--seat", "human:Ada",
                "--seat", "greedy") as (base, lines):
        link = re.search(r"seat 1 Ada: (http://\S+)", "".join(lines)).group(1)
        assert "&token=" in link and "?key=" in link
        fresh = httpx2.Client(timeout=30)  # a phone that scans the code: no cookie yet
        assert "Your turn" in fresh.get(link).text
        assert httpx2.get(link.split("&token=")[0]).status_code == 403  # the seat's key alone is not the server's token


def test_without_game_the_game_options_are_one_line_and_exit_2(tmp_path):
    result = subprocess.run([sys.executable, "-m", "bgkit", "serve", "--db", str(tmp_path / "h.sqlite3"), "--seat", "random"],
                            capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "add --game GAME" in result.stderr and "Traceback" not in result.stderr
    result = subprocess.run([sys.executable, "-m", "bgkit", "serve", "--db", str(tmp_path / "h.sqlite3"), "--game", "goofspiel",
                             "--seat", "random", "--seat", "random"], capture_output=True, text=True, timeout=30)
    assert result.returncode == 2 and "seat at least one person" in result.stderr, result.stderr


# -- in a real browser: headless Chromium (Debian's), driven by Playwright ---------------------------

ARTEFACTS = Path(os.environ.get("BGKIT_ARTEFACTS", Path(__file__).resolve().parent.parent / "test-artefacts")) / "serve"
CHROMIUM = os.environ.get("BGKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def why_no_browser() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM}: install Debian's package (apt-get install chromium), or point BGKIT_CHROMIUM at one"
    try:
        import playwright.async_api  # noqa: F401
    except ImportError:
        return "the playwright package is not installed (it comes with bgkit's test extra)"
    return None


TIMEOUT_MS = 20_000


async def no_sideways_scroll(page, name: str) -> None:
    width = await page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{name} scrolls sideways: {width} px wide at 390"
    ARTEFACTS.mkdir(parents=True, exist_ok=True)
    await page.screenshot(path=str(ARTEFACTS / f"play-{name}.png"), full_page=True)


async def start_on_the_page(host, base: str) -> list[str]:
    """The host starts the game on the page; returns the join links its host's page shows."""
    page = await host.new_page()
    await page.goto(f"{base}/game/new?game=goofspiel&players=3")
    await no_sideways_scroll(page, "new")
    for seat, (kind, name) in enumerate([("human", "Ada"), ("human", "Bo"), ("greedy", "")]):
        await page.select_option(f'select[name="kind{seat}"]', kind)
        await page.fill(f'input[name="name{seat}"]', name)
    await page.select_option('select[name="option_deck"]', "5")  # the quick game: five rounds
    await page.click("text=Start the game")
    await page.wait_for_url(re.compile(r"/game/\d+/host\?key="))
    assert await page.locator("img.qr").count() == 2
    assert all(await page.locator("img.qr").evaluate_all("imgs => imgs.map(i => i.complete && i.naturalWidth > 0)"))
    await no_sideways_scroll(page, "host")
    links = await page.locator("a.join").evaluate_all("links => links.map(a => a.href)")
    await page.close()
    return links


async def play_phone(page, seat: int, other: str, sealed: list[str]) -> int:
    """Press a button at each turn until the game is over; returns the turns played. At each turn,
    what the page says of the other person's bid this round is what everyone is told ("P1 bids")."""
    played = 0
    while True:
        turn = page.locator("text=Your turn.")
        over = page.locator("text=Game over")
        await turn.or_(over).first.wait_for(timeout=TIMEOUT_MS)  # comes by the server's events: no reload
        if await over.count():
            return played
        news = await page.locator("ol.news").inner_text() if await page.locator("ol.news").count() else ""
        sealed.extend(line for line in news.splitlines() if line.startswith(other))
        if played == 3:
            await no_sideways_scroll(page, f"seat{seat}")
        buttons = page.locator("form.moves button")
        await buttons.nth((played * 7 + seat) % await buttons.count()).click()
        await page.wait_for_load_state()
        played += 1


async def a_bruges_seat_in_the_browser(host, phone, base: str, save: Path) -> None:
    """A game with hidden hands in the browser: Ada's seat page at a phone's width, checked as the
    HTTP test checks it (her drawing, no private event of another seat, a twin state's page)."""
    page = await host.new_page()
    await page.goto(f"{base}/game/new?game=bruges&players=2")
    await page.fill('input[name="name0"]', "Ada")
    await page.select_option('select[name="kind1"]', "greedy")
    await page.click("text=Start the game")
    await page.wait_for_url(re.compile(r"/game/2/host\?key="))
    link = await page.locator("a.join").first.get_attribute("href")
    await phone.goto(link)
    for turn in range(6):
        await phone.locator("text=Your turn.").wait_for(timeout=TIMEOUT_MS)
        check_seat_page(await phone.content(), save, 0)
        buttons = phone.locator("form.moves button")
        await buttons.nth(turn % await buttons.count()).click()
        await phone.wait_for_load_state()
    await phone.locator("text=Your turn.").wait_for(timeout=TIMEOUT_MS)
    await no_sideways_scroll(phone, "bruges-seat")


@pytest.mark.skipif(why_no_browser() is not None, reason=why_no_browser() or "")
def test_two_phones_and_a_bot_play_goofspiel_to_the_end_in_chromium(tmp_path):
    """The host starts a Goofspiel game on the page (two people on phones, a greedy bot) and takes
    the join links from the host's page; each phone (a browser context at 390x844) plays a whole
    game by pressing its buttons. No page is ever reloaded by the test: a phone waiting for the other
    sees its turn come by the server's events, and the table's page, opened once, follows the game
    to its end. While a bid is sealed, the other phone is told only that it was made. A third
    browser without the seat's key is refused (403). Then a game of Bruges: a phone's page, as the
    browser has it, holds nothing of the bot's hidden hand. No page scrolls sideways (screenshots in
    test-artefacts/serve/), and Chromium reports no Content-Security-Policy violation."""
    from playwright.async_api import async_playwright

    async def run() -> None:
        with served(tmp_path / "h.sqlite3") as (base, _):
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                try:
                    host = await browser.new_context(**PHONE)  # then the shared screen, and a browser without a seat's key
                    links = await start_on_the_page(host, base)
                    assert len(links) == 2
                    table = await host.new_page()
                    violations: list[str] = []
                    table.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
                    await table.goto(f"{base}/game/1/table")
                    phones = []
                    for link in links:
                        context = await browser.new_context(**PHONE)
                        page = await context.new_page()
                        page.on("console", lambda m: violations.append(m.text) if "Content Security Policy" in m.text else None)
                        await page.goto(link)
                        phones.append(page)
                    stranger = await host.new_page()
                    refused = await stranger.goto(links[1].split("?")[0])
                    assert refused.status == 403
                    sealed: list[list[str]] = [[], []]
                    played = await asyncio.gather(*(play_phone(page, seat, f"P{2 - seat} ", sealed[seat])
                                                    for seat, page in enumerate(phones)))
                    assert played == [5, 5]
                    # the other person's bid of the round under way was only ever shown as "Pn bids"
                    assert sealed[1] and all(line.endswith(": P1 bids") for line in sealed[1]), sealed[1]
                    await table.locator("text=Game over").wait_for(timeout=TIMEOUT_MS)  # opened once, never reloaded
                    assert await table.locator('a[href^="/plays/"]').count() == 1
                    await no_sideways_scroll(table, "table")
                    await no_sideways_scroll(phones[0], "seat0-over")
                    await table.goto(f"{base}/games")
                    await no_sideways_scroll(table, "games")
                    await a_bruges_seat_in_the_browser(host, phones[0], base, tmp_path / "h-games" / "2.bgkit.json")
                    assert violations == []
                finally:
                    await browser.close()

    asyncio.run(run())
    assert (tmp_path / "h-games" / "1.bgkit.json").is_file()
