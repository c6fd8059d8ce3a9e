"""bgkit serve through Starlette's TestClient: every route, bad input, the join token and CSRF.

The app is the real one on a real history file; only the HTTP transport is in-process (the tests
in test_serve_process.py and test_serve_browser.py start a real server).
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="bgkit serve needs the serve extra: pip install 'bgkit[serve]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient  # noqa: E402

from bgkit.history import store as history  # noqa: E402
from bgkit.serve.app import create_app  # noqa: E402
from bgkit.testing import run_cli  # noqa: E402

SHEETS = Path(__file__).resolve().parent.parent / "examples" / "sheets"


def csrf_of(client: TestClient) -> str:
    return re.search(r'name="csrf" content="([^"]+)"', client.get("/").text).group(1)


@pytest.fixture
def db(tmp_path) -> Path:
    return tmp_path / "table.sqlite3"


@pytest.fixture
def client(db):
    with TestClient(create_app(db), base_url="http://127.0.0.1") as c:
        c.csrf = csrf_of(c)
        yield c


def post(client, url, data=None, **kw):
    return client.post(url, data={"csrf": client.csrf, **(data or {})}, follow_redirects=False, **kw)


def new_table(client, game: str, names: list[str]) -> int:
    data = {"game": game, "players": str(len(names)), **{f"name{i}": n for i, n in enumerate(names)}}
    response = post(client, "/tables", data)
    assert response.status_code == 303, response.text
    return int(re.match(r"/table/(\d+)", response.headers["location"]).group(1))


def as_text(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return " ".join(map(str, value))
    return str(value)


def fill_from_sheet(client, path: Path) -> int:
    """Type a sheet file into a new table, seat by seat, as people at the table would."""
    data = tomllib.loads(path.read_text())
    players = data.pop("player")
    game = data.pop("game")
    table = new_table(client, game, [p["name"] for p in players])
    if data:
        assert post(client, f"/table/{table}/save", {"seat": "table", **{k: as_text(v) for k, v in data.items()}}).status_code == 303
    for index, values in enumerate(players):
        form = {"seat": str(index), **{k: as_text(v) for k, v in values.items()}}
        assert post(client, f"/table/{table}/save", form).status_code == 303
    return table


def state(client, table: int) -> dict:
    response = client.get(f"/table/{table}/state.json")
    assert response.status_code == 200
    return response.json()


# -- score: exactly bgkit score's result ------------------------------------------------------------


@pytest.mark.parametrize("sheet", sorted(p.name for p in SHEETS.glob("*.toml")))
def test_a_sheet_typed_in_scores_exactly_as_bgkit_score(client, sheet):
    table = fill_from_sheet(client, SHEETS / sheet)
    assert state(client, table)["ready"]
    served = client.get(f"/table/{table}/result.json")
    assert served.status_code == 200
    game = sheet.split("-")[0]
    cli = run_cli(["score", game, str(SHEETS / sheet), "--format", "json"])
    assert cli.exit_code == 0, cli.stderr
    assert served.json() == json.loads(cli.stdout)
    page = client.get(f"/table/{table}/result")
    winners = json.loads(cli.stdout)["winners"]
    assert "Winner: <strong>" + ", ".join(winners) in page.text


def test_record_then_the_cli_history_shows_it_and_the_table_is_gone(client, db):
    table = fill_from_sheet(client, SHEETS / "burgundy-3p.toml")
    response = post(client, f"/table/{table}/record", {"date": "2024-05-01", "location": "Bo's", "note": "first win"})
    assert response.status_code == 303 and response.headers["location"] == "/plays/1?recorded=1"
    shown = client.get("/plays/1?recorded=1")
    assert "Recorded as play 1" in shown.text and "Bo&#39;s" in shown.text
    listed = run_cli(["history", "--db", str(db), "--format", "json"])
    assert listed.exit_code == 0, listed.stderr
    [play] = json.loads(listed.stdout)
    assert (play["date"], play["location"], play["note"], play["winners"]) == ("2024-05-01", "Bo's", "first win", ["Bo"])
    # the table is recorded: its page leads to the play, a second Record records nothing more
    assert client.get(f"/table/{table}", follow_redirects=False).headers["location"] == "/plays/1"
    assert post(client, f"/table/{table}/record", {"date": "2024-05-01"}).headers["location"] == "/plays/1"
    assert len(json.loads(run_cli(["history", "--db", str(db), "--format", "json"]).stdout)) == 1
    assert "Tables being filled in" in client.get("/").text and f"/table/{table}" not in client.get("/").text
    # deleting the play takes its recorded table with it (it does not come back as unfinished)
    assert run_cli(["history", "delete", "1", "--yes", "--db", str(db)]).exit_code == 0
    assert client.get(f"/table/{table}").status_code == 400 and f"/table/{table}" not in client.get("/").text


def test_a_bad_date_keeps_the_page_and_what_was_typed(client):
    table = fill_from_sheet(client, SHEETS / "goofspiel-2p.toml")
    response = post(client, f"/table/{table}/record", {"date": "1st May", "location": "Cy's", "note": "rematch"})
    assert response.status_code == 400
    assert "date takes a date as YYYY-MM-DD, not &#39;1st May&#39;" in response.text
    assert 'value="Cy&#39;s"' in response.text and 'value="rematch"' in response.text


# -- the sheet: the prompt's checks and messages --------------------------------------------------


def test_a_refused_value_stays_with_the_prompts_message_beside_it(client):
    table = new_table(client, "burgundy", ["Ada", "Bo"])
    post(client, f"/table/{table}/save", {"seat": "0", "name": "Ada", "silverlings": "-9", "workers": "lots"})
    page = client.get(f"/table/{table}?seat=0").text
    assert 'value="-9"' in page and 'value="lots"' in page  # nothing typed is lost
    assert "silverlings is -9, but cannot be below 0" in page
    assert "workers must be a whole number, not &#39;lots&#39;" in page
    errors = {(e["seat"], e["field"]): e["value"] for e in state(client, table)["errors"]}
    assert errors[(0, "silverlings")] == "silverlings is -9, but cannot be below 0"
    # Score does not score: it goes back to the sheet, at the player with the problem
    response = post(client, f"/table/{table}/score")
    assert response.headers["location"] == f"/table/{table}?seat=0&scoring=1"
    assert client.get(f"/table/{table}/result", follow_redirects=False).status_code == 303
    assert client.get(f"/table/{table}/result.json").status_code == 409


def test_rules_across_fields_are_checked_as_at_the_prompt(client):
    table = new_table(client, "burgundy", ["Ada", "Bo"])
    post(client, f"/table/{table}/save", {"seat": "0", "knowledge": "6 19"})
    post(client, f"/table/{table}/save", {"seat": "1", "knowledge": "19"})
    errors = {(e["seat"], e["field"]): e["value"] for e in state(client, table)["errors"]}
    assert errors == {(1, "knowledge"): "knowledge tile 19 is listed for both Ada and Bo (there is one of each)"}


def test_fields_that_do_not_apply_are_not_asked(client):
    table = new_table(client, "burgundy", ["Ada", "Bo"])
    applies = {(a["seat"], a["field"]): a["value"] for a in state(client, table)["applies"]}
    assert applies[(0, "sold_1")] is False and applies[(0, "track_points")] is True
    page = client.get(f"/table/{table}?seat=0").text
    assert re.search(r'data-seat="0" data-field="sold_1" hidden', page)
    # a knowledge tile that scores sold goods makes them apply (as the prompt then asks them)
    from bgkit.plugins.registry import get_registry

    game = get_registry().load_game("burgundy")
    tile = next(t for t in range(1, 27) if next(f for f in game.sheet_fields(2) if f.name == "sold_1").asked_if({"knowledge": [t]}))
    post(client, f"/table/{table}/save", {"seat": "0", "knowledge": str(tile)})
    applies = {(a["seat"], a["field"]): a["value"] for a in state(client, table)["applies"]}
    assert applies[(0, "sold_1")] is True and applies[(1, "sold_1")] is False


def test_two_players_of_one_name_are_refused(client):
    table = new_table(client, "goofspiel", ["Ada", "ada"])
    errors = {(e["seat"], e["field"]): e["value"] for e in state(client, table)["errors"]}
    assert errors == {(1, "name"): "two players are called 'ada'; give player 2 another name"}


def test_one_field_at_a_time_from_the_script(client):
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    response = client.post(f"/table/{table}/field", json={"seat": "0", "field": "prizes", "value": "1 2 99"},
                           headers={"X-CSRF-Token": client.csrf})
    assert response.status_code == 200
    assert response.json()["errors"] == [{"seat": 0, "field": "prizes", "value": "prizes is 99, but cannot be above 13"}]
    assert response.json()["seats"][0]["prizes"] == "1 2 99"
    unknown = client.post(f"/table/{table}/field", json={"seat": "0", "field": "nope", "value": "1"},
                          headers={"X-CSRF-Token": client.csrf})
    assert unknown.status_code == 400 and "Goofspiel has no field 'nope'" in unknown.json()["error"]


def test_a_name_new_to_the_history_gets_a_did_you_mean(client):
    table = fill_from_sheet(client, SHEETS / "goofspiel-2p.toml")
    post(client, f"/table/{table}/record", {"date": "2024-05-01"})
    asked = post(client, "/tables", {"game": "goofspiel", "players": "2", "name0": "Adaa", "name1": "Bo"})
    assert asked.status_code == 200  # issue 42: asked on the names page, where it is easy to fix, before the sheet
    assert '<p class="error" id="hint0">new to the history (did you mean &#39;Ada&#39;?)</p>' in asked.text
    assert 'value="Adaa"' in asked.text and 'value="Bo"' in asked.text  # what was typed is kept
    kept = post(client, "/tables", {"game": "goofspiel", "players": "2", "name0": "Adaa", "name1": "Bo", "names_checked": "1"})
    other = int(re.match(r"/table/(\d+)", kept.headers["location"]).group(1))  # sent again: the name is kept
    assert state(client, other)["hints"] == {"0": "new to the history (did you mean 'Ada'?)"}  # and still said on the sheet
    assert new_table(client, "goofspiel", ["Ada", "Cy"]) > other  # a known name, or a new one close to none: no question
    for typed, hint in (("Adaa", "new to the history (did you mean 'Ada'?)"), ("ada", ""), ("Zed", ""), ("", "")):
        assert client.get("/names/hint.json", params={"name": typed}).json() == {"hint": hint}  # for the page's script
    assert 'value="Ada"' in client.get("/new?game=goofspiel&players=2").text  # the known names are offered


def test_drafts_survive_a_restart(db):
    with TestClient(create_app(db), base_url="http://127.0.0.1") as first:
        first.csrf = csrf_of(first)
        table = new_table(first, "bruges", ["Ada", "Bo"])
        post(first, f"/table/{table}/save", {"seat": "1", "track": "17", "houses": "x"})
    with TestClient(create_app(db), base_url="http://127.0.0.1") as second:  # a new server on the same file
        assert f"/table/{table}" in second.get("/").text
        page = second.get(f"/table/{table}?seat=1").text
        assert 'value="17"' in page and 'value="x"' in page


def test_discard_removes_a_table(client):
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    assert post(client, f"/table/{table}/discard").headers["location"] == "/"
    assert client.get(f"/table/{table}").status_code == 400


# -- history, edit, stats, export, setup ------------------------------------------------------------


def record_examples(client) -> None:
    for day, sheet in (("2024-05-03", "goofspiel-2p.toml"), ("2024-05-10", "goofspiel-3p.toml"), ("2024-05-17", "goofspiel-3p-tie.toml")):
        table = fill_from_sheet(client, SHEETS / sheet)
        assert post(client, f"/table/{table}/record", {"date": day}).status_code == 303


def test_history_filters_and_export(client, db):
    record_examples(client)
    page = client.get("/plays").text
    assert page.count('<li><a href="/plays/') == 3
    assert client.get("/plays?since=2024-05-10").text.count('<li><a href="/plays/') == 2
    assert client.get("/plays?player=cy").text.count('<li><a href="/plays/') == 2
    assert "no player &#39;Zed&#39; in the history" in client.get("/plays?player=Zed").text
    bad = client.get("/plays?since=2024-13-01")
    assert bad.status_code == 400 and "since takes a date as YYYY-MM-DD, not &#39;2024-13-01&#39;" in bad.text
    csv = client.get("/export.csv?since=2024-05-10")
    assert csv.headers["content-type"].startswith("text/csv") and csv.text.count("\n") == 1 + 3 + 3
    exported = client.get("/export.json")
    cli = run_cli(["history", "export", "--db", str(db)])
    assert json.loads(exported.text)["plays"] == json.loads(cli.stdout)["plays"]


def test_stats_head_to_head_and_charts(client):
    record_examples(client)
    page = client.get("/stats?game=goofspiel&player=Ada&vs=Bo").text
    assert "Head to head: Ada v Bo" in page
    assert page.count("<svg") == 2 and "Totals over time" in page and "Win share" in page
    assert "head to head compares two players" in client.get("/stats?vs=Bo").text


def test_edit_a_recorded_play(client, db):
    record_examples(client)
    form = client.get("/plays/1/edit").text
    assert 'value="2024-05-03"' in form and "becomes version 2; version 1 is kept" in form and "Correct the sheet" in form
    response = post(client, "/plays/1/edit", {"date": "2024-05-04", "location": "the club", "note": ""})
    assert response.headers["location"] == "/plays/1"
    refused = post(client, "/plays/1/edit", {"date": "tomorrowish", "location": "the club"})
    assert refused.status_code == 400 and "date takes a date as YYYY-MM-DD, not &#39;tomorrowish&#39;" in refused.text
    assert 'value="the club"' in refused.text  # what was typed stays
    # correct the sheet: it opens as a table, and recording it stores version 3
    response = post(client, "/plays/1/correct")
    table = int(re.match(r"/table/(\d+)", response.headers["location"]).group(1))
    assert 'value="12 10 7 5 4 1"' in client.get(f"/table/{table}?seat=1").text
    post(client, f"/table/{table}/save", {"seat": "1", "prizes": "12 10 7 5 4 1 3"})  # the 3 was forgotten
    assert post(client, f"/table/{table}/record", {"date": "2024-05-04", "location": "the club"}).headers["location"] == "/plays/1?recorded=1"
    shown = json.loads(run_cli(["history", "show", "1", "--db", str(db), "--format", "json"]).stdout)
    assert shown["version"] == 3 and shown["location"] == "the club" and [v["version"] for v in shown["versions"]] == [1, 2]
    assert shown["players"][1]["fields"]["prizes"] == [12, 10, 7, 5, 4, 1, 3]


def test_setup_page_is_bgkit_setup_with_its_seed(client):
    response = client.get("/setup?game=burgundy&players=3", follow_redirects=False)
    assert response.status_code == 303 and "seed=" in response.headers["location"]
    page = client.get("/setup?game=burgundy&players=3&seed=7&option_boards=standard").text
    cli = run_cli(["setup", "burgundy", "-p", "3", "--seed", "7"])
    again = cli.stdout.strip().splitlines()[-1]
    assert again.startswith("Repeat with: bgkit setup burgundy -p 3 --seed 7 --option boards=standard")
    shown = re.search(r'<p class="repeat" id="repeat">(.*?)</p>', page, re.S).group(1)
    assert re.sub(r"<[^>]+>", "", shown).replace("&nbsp;", " ") == again
    picture = re.search(r'<figure class="setup" id="setup-picture">\s*(<svg .*?</svg>)', page, re.S).group(1)
    texts = re.findall(r"<text[^>]*>([^<]*)</text>", picture)  # issue 42: the setup as a picture, not a monospace box
    assert "Phase A depots (3 spaces each)" in texts and "│ 3 1 6 3 6 │ 3 2 3 2 6 │" in cli.stdout
    assert ["3 1 6 3 6", "3 2 3 2 6"] == [t for t in texts if t in ("3 1 6 3 6", "3 2 3 2 6")]
    assert picture.count("<polygon ") == 37  # the estate's hexes
    printed = client.get("/setup.svg?game=burgundy&players=3&seed=7&option_boards=standard")
    assert printed.headers["content-type"].startswith("image/svg+xml")
    assert printed.text == run_cli(["setup", "burgundy", "-p", "3", "--seed", "7", "--format", "svg"]).stdout
    assert "seed must be between" in client.get("/setup?game=burgundy&players=3&seed=-1").text
    bad = client.get("/setup?game=burgundy&players=9&seed=1")
    assert bad.status_code == 400  # said on the form, beside the field, the form kept
    assert '<p class="error" id="players-error" role="alert">The Castles of Burgundy is for 2-4 players, not 9</p>' in bad.text
    assert 'id="players" name="players" inputmode="numeric" value="9"' in bad.text and "Not possible" not in bad.text
    assert client.get("/setup").status_code == 200


def test_a_player_count_the_game_cannot_take_is_said_on_the_new_game_form(client):
    for typed, message in (("9", "Goofspiel is for 2-4 players, not 9"), ("x", "the number of players must be a whole number, not 'x'")):
        page = client.get(f"/new?game=goofspiel&players={typed}")
        assert page.status_code == 400 and "Not possible" not in page.text
        shown = message.replace("'", "&#39;")
        assert f'<p class="error" id="players-error" role="alert">{shown}</p>' in page.text
        assert f'value="{typed}"' in page.text and 'id="names"' not in page.text  # no names asked for a bad count


def test_a_rule_between_players_is_said_as_soon_as_both_fields_are_typed(client):
    """Issue 42: in a 4-player Bridge Troll sheet, Cy's upgrade 9 (Ada holds 9 too) is said at once,
    while Dee's fields are still empty."""
    table = new_table(client, "bridgetroll", ["Ada", "Bo", "Cy", "Dee"])
    post(client, f"/table/{table}/save", {"seat": "0", "vp_tokens": "10", "upgrades": "9", "stones": "1"})
    post(client, f"/table/{table}/save", {"seat": "2", "upgrades": "9 3"})
    errors = {(e["seat"], e["field"]): e["value"] for e in state(client, table)["errors"]}
    assert errors == {(2, "upgrades"): "upgrade card 9 is listed for both Ada and Cy (there is one of each)"}
    assert "upgrade card 9 is listed for both Ada and Cy" in client.get(f"/table/{table}?seat=2").text  # without script too


# -- safety ---------------------------------------------------------------------------------------


def test_what_people_type_is_shown_as_text(client):
    table = new_table(client, "goofspiel", ["<script>alert(1)</script>", "Bo"])
    post(client, f"/table/{table}/save", {"seat": "1", "prizes": "<img src=x onerror=alert(2)>"})
    for url in (f"/table/{table}?seat=0", f"/table/{table}?seat=1", "/"):
        page = client.get(url).text
        assert "<script>alert" not in page and "<img src=x" not in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    post(client, f"/table/{table}/save", {"seat": "0", "prizes": "1 2 3"})
    post(client, f"/table/{table}/save", {"seat": "1", "prizes": "4 5"})
    post(client, f"/table/{table}/record", {"date": "2024-05-01", "note": "<b>bold</b>"})
    for url in ("/plays", "/plays/1", "/stats", "/stats?game=goofspiel"):
        page = client.get(url).text
        assert "<script>alert" not in page and "<b>bold" not in page, url
    assert "&lt;script&gt;" in client.get("/stats?game=goofspiel").text  # in the SVG chart too


def test_state_changing_requests_need_the_csrf_token(client):
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    for url in ("/tables", f"/table/{table}/save", f"/table/{table}/score", f"/table/{table}/record",
                f"/table/{table}/discard", "/plays/1/edit", "/plays/1/correct"):
        for csrf in (None, "forged"):
            data = {"game": "goofspiel", "players": "2", "seat": "0", "prizes": "1"}
            if csrf:
                data["csrf"] = csrf
            response = client.post(url, data=data, follow_redirects=False)
            assert response.status_code == 403, url
    response = client.post(f"/table/{table}/field", json={"seat": "0", "field": "prizes", "value": "1"})
    assert response.status_code == 403
    assert state(client, table)["seats"][0] == {}  # nothing was written


def test_a_lan_server_refuses_requests_without_its_token(db):
    app = create_app(db, token="s3cret-token")
    with TestClient(app, base_url="http://127.0.0.1") as phone:
        for url in ("/", "/plays", "/static/style.css", "/table/1/state.json", "/?token=wrong"):
            response = phone.get(url)
            assert response.status_code == 403 and "join link" in response.text, url
        assert phone.post("/tables", data={}).status_code == 403
        assert phone.get("/?token=s3cret-token").status_code == 200
        assert phone.get("/plays").status_code == 200  # the token is kept in a cookie from then on
    with TestClient(app, base_url="http://127.0.0.1") as other:
        assert other.get("/plays").status_code == 403  # another phone without the link


def test_request_bodies_are_capped(client):
    big = {"seat": "0", "prizes": "1 " * 40_000}
    assert post(client, "/tables", big).status_code == 413


def test_a_host_name_it_does_not_serve_is_refused(db):
    with TestClient(create_app(db, hosts=["127.0.0.1"]), base_url="http://evil.example") as c:
        assert c.get("/").status_code == 400


def test_bad_addresses_are_one_clear_message(client):
    assert client.get("/table/999").status_code == 400
    assert "no table 999" in client.get("/table/999").text
    assert client.get("/table/abc").status_code == 404
    assert client.get("/plays/42").status_code == 400 and "no play 42 in the history" in client.get("/plays/42").text
    unknown = client.get("/new?game=burgandy")
    assert unknown.status_code == 400 and "unknown game &#39;burgandy&#39; (did you mean &#39;burgundy&#39;?)" in unknown.text
    assert client.get("/new?game=goofspiel&players=9").status_code == 400
    assert post(client, "/tables", {"game": "goofspiel", "players": "x"}).status_code == 400


def test_the_history_is_one_file_of_the_cli(db, client):
    """Drafts live in the history file; the CLI still reads and migrates it as its own."""
    new_table(client, "goofspiel", ["Ada", "Bo"])
    with history.open_history(db) as store:
        assert [d["game"] for d in store.drafts()] == ["goofspiel"]
    assert run_cli(["history", "--db", str(db)]).exit_code == 0


def test_the_pages_ship_in_the_wheel():
    """Every template, style and script is package data, so a wheel (not only a checkout) serves them."""
    import fnmatch

    import bgkit.serve

    root = Path(bgkit.serve.__file__).parent
    patterns = tomllib.loads((root.parent.parent / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["bgkit.serve"]
    shipped = [p for p in root.rglob("*") if p.is_file() and p.parent != root and "__pycache__" not in p.parts]
    assert shipped
    for path in shipped:
        name = path.relative_to(root).as_posix()
        assert any(fnmatch.fnmatch(name, pattern) for pattern in patterns), f"{name} is not in the package data"


# -- issue 38 and 39: the guard in front of every route ---------------------------------------------

EVIL = "<script>alert(1)</script>"


def test_every_response_carries_the_security_headers(db, client):
    refused = TestClient(create_app(db, token="t0ken"), base_url="http://127.0.0.1")
    responses = {
        "page": client.get("/"), "static": client.get("/static/style.css"), "json": client.get("/export.json"),
        "error page": client.get("/table/999"), "not found": client.get("/nope"),
        "too large": post(client, "/tables", {"x": "1" * 70_000}), "no token": refused.get("/"),
        "csrf": client.post("/tables", data={}), "other host": client.get("/", headers={"host": "attacker.example"}),
    }
    for what, response in responses.items():
        policy = response.headers.get("content-security-policy", "")
        assert "frame-ancestors 'none'" in policy and "script-src 'self'" in policy and "default-src 'self'" in policy, what
        assert response.headers.get("x-frame-options") == "DENY", what
        assert response.headers.get("x-content-type-options") == "nosniff", what
        assert response.headers.get("referrer-policy") == "same-origin", what


def test_the_join_and_csrf_cookies_are_httponly_and_samesite_strict(db):
    with TestClient(create_app(db, token="s3cret-token"), base_url="http://127.0.0.1") as phone:
        response = phone.get("/?token=s3cret-token")
        assert response.status_code == 200
        cookies = {}
        for line in response.headers.get_list("set-cookie"):
            name, _, rest = line.partition("=")
            cookies[name] = {a.strip().lower() for a in rest.split(";")[1:]}
        assert set(cookies) == {"bgkit_join", "bgkit_csrf"}
        for name, attributes in cookies.items():
            assert {"httponly", "samesite=strict", "path=/"} <= attributes, (name, attributes)


def test_a_host_name_it_does_not_serve_is_refused_whatever_it_listens_on(db):
    """DNS rebinding: a page of attacker.example whose name now points here sends Host: attacker.example."""
    for hosts in (None, ["127.0.0.1"], ["0.0.0.0"]):
        with TestClient(create_app(db, hosts=hosts), base_url="http://127.0.0.1") as c:
            for host in ("attacker.example", "attacker.example:8000", "127.0.0.1.attacker.example", "", "[::1"):
                response = c.get("/plays", headers={"host": host})
                assert response.status_code == 400 and "host name" in response.text, (hosts, host)
            for host in ("127.0.0.1", "127.0.0.1:8000", "localhost:8000", "LOCALHOST", "[::1]:8000"):
                assert c.get("/plays", headers={"host": host}).status_code == 200, (hosts, host)
    with TestClient(create_app(db), base_url="http://attacker.example") as c:
        assert c.get("/").status_code == 400


def test_a_server_beyond_loopback_always_needs_the_join_token():
    from bgkit.serve.server import listening_plan

    for host in ("0.0.0.0", "::", "192.168.1.7", "10.0.0.2", "fe80::1", "mybox.lan"):
        assert listening_plan(host, lan=False) == (host, True), host
    for host in ("127.0.0.1", "127.0.0.2", "localhost", "::1"):
        assert listening_plan(host, lan=False) == (host, False), host
        assert listening_plan(host, lan=True) == (host, True), host
    assert listening_plan(None, lan=False) == ("127.0.0.1", False)


def test_a_post_from_another_site_is_refused_by_its_origin(client):
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    url = f"/table/{table}/save"
    for headers in ({"origin": "http://attacker.example"}, {"origin": "null"}, {"origin": "http://127.0.0.1:8001"},
                    {"origin": "https://127.0.0.1"}, {"referer": "http://attacker.example/page"}):
        response = post(client, url, {"seat": "0", "prizes": "1"}, headers=headers)
        assert response.status_code == 403 and "another site" in response.text, headers
    assert state(client, table)["seats"][0] == {}  # nothing was written
    for headers in ({"origin": "http://127.0.0.1"}, {"referer": "http://127.0.0.1/table/1?seat=0"}, {}):
        assert post(client, url, {"seat": "0", "prizes": "1"}, headers=headers).status_code == 303, headers
    assert state(client, table)["seats"][0] == {"prizes": "1"}


def test_a_json_body_1000_deep_is_a_400_not_a_500(client):
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    for depth in (1000, 5000):
        body = "[" * depth + "]" * depth
        response = client.post(f"/table/{table}/field", content=body,
                               headers={"content-type": "application/json", "x-csrf-token": client.csrf})
        assert response.status_code == 400 and "nested too deeply" in response.json()["error"]
    deep_value = '{"seat": "0", "field": "prizes", "value": ' + "[" * 900 + "]" * 900 + "}"
    response = client.post(f"/table/{table}/field", content=deep_value,
                           headers={"content-type": "application/json", "x-csrf-token": client.csrf})
    assert response.status_code == 400 and response.json()["error"] == "value must be text"


def record_with_names(client, names: list[str], days: list[str], note: str = "", location: str = "") -> list[int]:
    """A goofspiel table per day with these names, recorded; the ids of the plays."""
    ids = []
    for n, day in enumerate(days):
        table = new_table(client, "goofspiel", names)
        post(client, f"/table/{table}/save", {"seat": "0", "prizes": "13 11 9" if n % 2 else "1 2"})
        post(client, f"/table/{table}/save", {"seat": "1", "prizes": "4 5" if n % 2 else "12 10 7"})
        done = post(client, f"/table/{table}/record", {"date": day, "note": note, "location": location})
        ids.append(int(re.match(r"/plays/(\d+)", done.headers["location"]).group(1)))
    return ids


def test_a_name_with_a_script_is_never_raw_on_any_page_or_chart(client):
    """Stored XSS: the name is stored, then every page and chart is read for a raw <script>."""
    from urllib.parse import quote

    from bgkit.serve import routes

    ids = record_with_names(client, [EVIL, "Bo"], ["2024-05-01", "2024-05-08", "2024-05-15"],
                            note="<b>n</b>" + EVIL, location=EVIL)
    table = new_table(client, "goofspiel", [EVIL, "Bo"])
    post(client, f"/table/{table}/save", {"seat": "0", "prizes": "1 2", "name": EVIL})
    post(client, f"/table/{table}/save", {"seat": "1", "prizes": "3"})
    q = quote(EVIL)
    pages = {
        "/": ["/"], "/new": ["/new?game=goofspiel&players=2"],
        "/table/{draft:int}": [f"/table/{table}?seat=0", f"/table/{table}?seat=all"],
        "/table/{draft:int}/result": [f"/table/{table}/result"],
        "/plays": ["/plays", f"/plays?player={q}", f"/plays?player={q}x", f"/plays?game={q}"],
        "/plays/{play:int}": [f"/plays/{ids[0]}"], "/plays/{play:int}/edit": [f"/plays/{ids[0]}/edit"],
        "/stats": ["/stats", "/stats?game=goofspiel", f"/stats?game=goofspiel&player={q}",
                   f"/stats?game=goofspiel&player=Bo&vs={q}", f"/stats?player={q}x"],
        "/setup": [f"/setup?game={q}"],
    }
    data = {"/table/{draft:int}/state.json", "/table/{draft:int}/result.json", "/export.csv", "/export.json", "/setup.svg",
            "/names/hint.json"}
    shown = {route.path for route in routes.ROUTES if "GET" in (route.methods or ())}
    assert shown == set(pages) | data, "a page of bgkit serve is not in this test: add it"
    charts = client.get("/stats?game=goofspiel").text
    assert 'aria-label="Totals over time"' in charts and 'aria-label="Win share"' in charts  # the legend is drawn
    for urls in pages.values():
        for url in urls:
            page = client.get(url).text
            tags = re.findall(r"<script\b[^>]*>", page, flags=re.I)
            assert set(tags) <= {'<script src="/static/table.js" defer>'}, (url, tags)
            assert "alert(1)" not in page.replace("&lt;script&gt;alert(1)&lt;/script&gt;", ""), url
            assert "<b>" not in page, url
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in charts.split('aria-label="Totals over time"')[1].split("</svg>")[0]
    for url in (f"/table/{table}/state.json", "/export.json", f"/table/{table}/result.json"):
        assert client.get(url).headers["content-type"].startswith("application/json")
    assert client.get("/export.csv").headers["content-disposition"].startswith("attachment")


def test_export_csv_cells_cannot_run_as_spreadsheet_formulas(client):
    import csv
    import io

    names = ["=HYPERLINK(\"http://x\")", "@SUM(1)"]
    record_with_names(client, names, ["2024-05-01"], note="+1+2", location="-3-4")
    # names with control characters are refused where they are typed (below): here the note and place carry them
    record_with_names(client, ["Tab", "Esc"], ["2024-05-02"], note="\rcr Esc\x1b]0;t\x07x", location="\tTab")
    rows = list(csv.DictReader(io.StringIO(client.get("/export.csv").text)))
    assert len(rows) == 4
    for row in rows:
        for column in ("player", "note", "location"):
            cell = row[column]
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), (column, cell)
            assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", cell), (column, cell)
    assert {row["player"].lstrip("'") for row in rows} >= set(names)


def test_a_name_with_control_characters_or_a_direction_override_is_refused_beside_it(client):
    """Issue 38 item 7: such a name would act on a terminal (bgkit history) or turn a row backwards."""
    for bad in ("Ada\x1b]0;owned\x07", "A\x00da", "Ada\u202eoB", "Ada\x9b31m", "Ada\u2066x"):
        table = new_table(client, "goofspiel", [bad, "Bo"])
        errors = {(e["seat"], e["field"]): e["value"] for e in state(client, table)["errors"]}
        assert errors == {(0, "name"): "a name cannot hold control characters (ESC, NUL, ...) or text-direction overrides"}
        post(client, f"/table/{table}/save", {"seat": "0", "prizes": "1 2"})
        assert post(client, f"/table/{table}/record", {"date": "2024-05-01"}).headers["location"].startswith(f"/table/{table}")
    assert client.get("/export.json").json()["plays"] == []  # none of them was recorded
    table = new_table(client, "goofspiel", ["Zoë 👩‍👩‍👧", "Bo"])  # letters and emoji of every kind are names
    assert state(client, table)["errors"] == []


def test_numbers_out_of_range_in_addresses_and_json_are_400s_not_500s(client):
    big = "9" * 30
    for url in (f"/table/{big}", f"/plays/{big}", f"/table/{big}/state.json", f"/plays/{big}/edit",
                f"/table/{big}/result.json", f"/new?game=goofspiel&players={big}", f"/setup?game=goofspiel&players=2&seed={big}"):
        assert client.get(url).status_code == 400, url
    table = new_table(client, "goofspiel", ["Ada", "Bo"])
    for seat in ("1e999", '"' + big + '"', "-1e999"):
        body = '{"seat": ' + seat + ', "field": "prizes", "value": "1"}'
        response = client.post(f"/table/{table}/field", content=body,
                               headers={"content-type": "application/json", "x-csrf-token": client.csrf})
        assert response.status_code == 400, seat


def test_the_body_cap_is_64_kib_exactly(client):
    from bgkit.serve.security import MAX_BODY

    assert MAX_BODY == 64 * 1024
    head = f"csrf={client.csrf}&game=goofspiel&players=2&name0=Ada&name1=Bo&pad=".encode()
    for size, status in ((MAX_BODY, 303), (MAX_BODY + 1, 413)):
        body = head + b"x" * (size - len(head))
        response = client.post("/tables", content=body, follow_redirects=False,
                               headers={"content-type": "application/x-www-form-urlencoded"})
        assert response.status_code == status, size


def test_since_and_until_filter_both_ends_and_refuse_a_range_backwards(client):
    record_with_names(client, ["Ada", "Bo"], ["2024-05-01", "2024-05-08", "2024-05-15"])
    listed = client.get("/plays?since=2024-05-02&until=2024-05-15")
    assert listed.status_code == 200 and listed.text.count('<li><a href="/plays/') == 2
    assert client.get("/plays?since=2024-05-08&until=2024-05-08").text.count('<li><a href="/plays/') == 1
    backwards = client.get("/plays?since=2024-05-15&until=2024-05-01")
    assert backwards.status_code == 400 and "since 2024-05-15 is after until 2024-05-01" in backwards.text
