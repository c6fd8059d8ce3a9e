"""A real ``bgkit serve`` process on 127.0.0.1: the printed link, the join token, a port in use,
Ctrl-C, a table that outlives a restart, and 20 recordings at once through two servers on one file."""

from __future__ import annotations

import json
import re
import signal
import socket
import sqlite3
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from threading import Barrier

import pytest

pytest.importorskip("uvicorn", reason="bgkit serve needs the serve extra: pip install 'bgkit[serve]'")
httpx2 = pytest.importorskip("httpx2", reason="the test extra's HTTP client")

from bgkit.testing import run_cli  # noqa: E402


@contextmanager
def served(db: Path, *args: str):
    """``bgkit serve --port 0`` on ``db``: yields (the printed link, the process); Ctrl-C at the end
    must stop it with exit 0."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "bgkit", "serve", "--port", "0", "--db", str(db), *args],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, text=True,
    )
    try:
        first = proc.stdout.readline()
        match = re.match(r"bgkit serve: (http://\S+)", first)
        assert match, first + proc.stderr.read()
        yield match.group(1), proc
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
            pytest.fail("bgkit serve did not stop on Ctrl-C")
        proc.stdout.close()
        proc.stderr.close()


def session(base: str) -> tuple:
    """A phone: its own cookies; returns (client, csrf token)."""
    client = httpx2.Client(base_url=base, timeout=60, follow_redirects=False)
    page = client.get("/")
    assert page.status_code == 200, page.text
    return client, re.search(r'name="csrf" content="([^"]+)"', page.text).group(1)


def record_goofspiel(base: str, tag: int, barrier: Barrier | None = None) -> int:
    client, csrf = session(base)
    try:
        made = client.post("/tables", data={"csrf": csrf, "game": "goofspiel", "players": "2",
                                            "name0": "Ada", "name1": "Bo"})
        assert made.status_code == 303, made.text
        table = made.headers["location"].split("?")[0]
        ada = [13, 11, 9, 8, 6, 2] if tag % 2 else [12, 10, 7, 5, 4, 1]
        bo = [p for p in range(1, 14) if p not in ada][: 6]
        for seat, prizes in enumerate((ada, bo)):
            saved = client.post(f"{table}/save", data={"csrf": csrf, "seat": str(seat), "prizes": " ".join(map(str, prizes))})
            assert saved.status_code == 303
        if barrier is not None:
            barrier.wait(timeout=120)  # every recording goes in at the same moment
        done = client.post(f"{table}/record", data={"csrf": csrf, "date": "2024-06-01", "note": f"game {tag}"})
        assert done.status_code == 303 and done.headers["location"].startswith("/plays/"), done.text
        return int(done.headers["location"].split("/")[2].split("?")[0])
    finally:
        client.close()


def test_the_printed_link_serves_and_ctrl_c_stops_cleanly(tmp_path):
    with served(tmp_path / "h.sqlite3") as (url, proc):
        assert url.startswith("http://127.0.0.1:")
        assert httpx2.get(url).status_code == 200
        port = int(url.rsplit(":", 1)[1].strip("/"))
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        assert "bgkit serve: stopped" in proc.stderr.read()
    with pytest.raises(OSError):  # nothing listens there any more
        socket.create_connection(("127.0.0.1", port), timeout=5).close()


def test_lan_requires_the_join_token_of_the_link_and_qr_code(tmp_path):
    # --host keeps the test on this machine's loopback; --lan still makes and requires the token
    with served(tmp_path / "h.sqlite3", "--lan", "--host", "127.0.0.1") as (url, proc):
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/\?token=[\w-]{20,}", url)
        base = url.split("?")[0]
        assert httpx2.get(base).status_code == 403
        assert httpx2.get(base + "plays").status_code == 403
        assert httpx2.get(base + "?token=wrong").status_code == 403
        assert httpx2.get(url).status_code == 200
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
        out = proc.stdout.read()
        assert "Scan this with each phone" in out and "▀" in out  # the QR code, drawn in text


def test_a_port_in_use_is_one_line_and_exit_2(tmp_path):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        done = subprocess.run([sys.executable, "-m", "bgkit", "serve", "--port", str(port), "--db", str(tmp_path / "h.sqlite3")],
                              capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2
    assert done.stderr == f"bgkit: error: cannot listen on 127.0.0.1:{port}: the port is in use; give another with --port\n"


def test_a_table_being_filled_in_outlives_a_restart(tmp_path):
    db = tmp_path / "h.sqlite3"
    with served(db) as (url, _):
        client, csrf = session(url)
        made = client.post("/tables", data={"csrf": csrf, "game": "bruges", "players": "2", "name0": "Ada", "name1": "Bo"})
        table = made.headers["location"].split("?")[0]
        client.post(f"{table}/save", data={"csrf": csrf, "seat": "1", "track": "17", "houses": "seven"})
        client.close()
    with served(db) as (url, _):
        page = httpx2.get(url.rstrip("/") + table + "?seat=1").text
        assert 'value="17"' in page and 'value="seven"' in page
        assert "houses must be a whole number, not &#39;seven&#39;" in page


def test_20_recordings_at_once_through_two_servers_all_land(tmp_path):
    db = tmp_path / "h.sqlite3"
    with served(db) as (first, _), served(db) as (second, _):
        barrier = Barrier(20)
        with ThreadPoolExecutor(max_workers=20) as pool:
            ids = list(pool.map(lambda i: record_goofspiel(first if i % 2 else second, i, barrier), range(20)))
    assert sorted(ids) == list(range(1, 21))
    listed = run_cli(["history", "--db", str(db), "--format", "json"])
    plays = json.loads(listed.stdout)
    assert len(plays) == 20 and sorted(p["note"] for p in plays) == sorted(f"game {i}" for i in range(20))
    with sqlite3.connect(db) as conn:  # and the file is sound (threads opening it again once broke its locks)
        assert conn.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
