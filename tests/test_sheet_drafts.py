"""An interrupted score prompt loses nothing typed: Ctrl-D or Ctrl-C keeps the answers as a draft,
says where, and the next ``bgkit score GAME`` offers to continue from the first question not yet
answered. At a real (pseudo-)terminal."""

import json
import os
import pty
import select
import signal
import subprocess
import sys

import pytest

from bgkit.testing import Terminal

pytestmark = pytest.mark.skipif(not hasattr(pty, "openpty"), reason="needs a pseudo-terminal")


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    """The history (and so the drafts beside it) in a folder of this test's own."""
    monkeypatch.setenv("BGKIT_DB", str(tmp_path / "data" / "history.sqlite3"))
    return tmp_path / "data"


def test_ctrl_d_keeps_the_answers_and_the_next_score_continues_them(tmp_path, data_home):
    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    term.read_until("name of player 1 in seat order")
    term.type("Ada")
    term.read_until("Ada · prizes")
    term.type("13 twelve")  # a mistake, said and asked again: it replays as it went
    term.read_until("Ada · prizes")
    term.type("13 12")
    term.read_until("name of player 2 in seat order")
    os.write(term.master, b"\x04")  # Ctrl-D
    said = term.read_until("continues them")
    assert term.finish() == 130
    draft = data_home / "drafts" / "goofspiel.json"
    assert f"your answers are kept in {draft}" in said.replace("\n", "")
    assert json.loads(draft.read_text())["answers"] == ["Ada", "13 twelve", "13 12"]

    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    assert "(3 answers" in term.read_until("[Y/n]")
    term.type("")
    screen = term.read_until("name of player 2 in seat order")  # Ada's answers are not asked again
    assert "Ada · prizes" not in screen and "try again" not in screen
    term.type("Bo")
    term.read_until("Bo · prizes")
    term.type("1, 2, 3")
    assert "Winner: Ada (highest total)" in term.read_until("Save this sheet?")
    term.type("n")
    term.read_until("Record this game in your history?")
    term.type("n")
    assert term.finish() == 0
    assert not draft.exists()  # a finished sheet leaves no draft


def test_ctrl_c_keeps_the_answers_too(tmp_path, data_home):
    master, slave = pty.openpty()
    env = {**{k: v for k, v in os.environ.items() if k != "CI"}, "COLUMNS": "100", "NO_COLOR": "1", "TERM": "dumb"}
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", "score", "goofspiel", "-p", "2"], stdin=slave, stdout=slave,
                            stderr=slave, cwd=tmp_path, env=env, start_new_session=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    screen = b""

    def until(text: bytes) -> None:
        nonlocal screen
        while text not in screen:
            ready, _, _ = select.select([master], [], [], 120)
            assert ready, screen
            chunk = os.read(master, 65536)
            assert chunk, screen
            screen += chunk

    try:
        until(b"name of player 1")
        os.write(master, b"Ada\n")
        until(b"Ada \xc2\xb7 prizes")
        os.killpg(proc.pid, signal.SIGINT)
        until(b"continues them")
        assert proc.wait(timeout=120) == 130
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        os.close(master)
    assert json.loads((data_home / "drafts" / "goofspiel.json").read_text())["answers"] == ["Ada"]


def test_a_file_name_too_long_at_the_save_offer_is_asked_again(tmp_path, data_home):
    term = Terminal(["score", "goofspiel", "-p", "2"], tmp_path)
    for question, answer in (("name of player 1", "Ada"), ("Ada · prizes", "13"), ("name of player 2", "Bo"),
                             ("Bo · prizes", "1"), ("Save this sheet?", "y"), ("File name", "x" * 300)):
        term.read_until(question)
        term.type(answer)
    assert "File name too long" in term.read_until("give another name")
    term.read_until("File name [")
    term.type("kept.toml")
    term.read_until("Record this game in your history?")
    term.type("n")
    assert term.finish() == 0
    assert (tmp_path / "kept.toml").read_text().startswith("# bgkit score sheet: goofspiel")
