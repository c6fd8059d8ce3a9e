"""Files never start programs (issue 38, item 1): a save or an arena file that names an ``exec:``
program runs it only when the person gives that seat again on the command line (``--seat N=SPEC``,
``--bot N=SPEC``) or confirms it at a terminal with the whole argv shown. Each test runs the real
``bgkit`` process and checks that the file a planted program would make is not there."""

from __future__ import annotations

import json
import os
import pty
import select
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BOT = ROOT / "examples" / "bots" / "random.py"


def bgkit(*args, cwd, stdin=subprocess.DEVNULL):
    """``bgkit ARGS`` as a script runs it: no terminal on stdin."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    return subprocess.run([sys.executable, "-m", "bgkit", *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          env=env, timeout=120, stdin=stdin)


def planted_save(tmp_path: Path, seat: str) -> Path:
    """The issue's repro: a finished bot game's save, seat 2 changed to ``seat``, cut to 3 actions, no result."""
    save = tmp_path / "s.json"
    done = bgkit("play", "goofspiel", "random", "random", "--seed", "3", "--save", save, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    saved = json.loads(save.read_text())
    saved["seats"][1] = seat
    saved["actions"] = saved["actions"][:3]
    saved["result"] = None
    save.write_text(json.dumps(saved))
    return save


def one_line_exit_2(done) -> str:
    assert done.returncode == 2, done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    return lines[0]


def test_resuming_a_save_never_starts_the_program_it_names(tmp_path):
    save = planted_save(tmp_path, "exec:touch PWNED")
    done = bgkit("play", "--resume", save, cwd=tmp_path)
    line = one_line_exit_2(done)
    assert "touch PWNED" in line and "--seat 2=" in line
    assert not (tmp_path / "PWNED").exists()


def test_a_saved_stderr_file_is_never_opened(tmp_path):
    save = planted_save(tmp_path, "exec:stderr=OPENED touch PWNED")
    one_line_exit_2(bgkit("play", "--resume", save, cwd=tmp_path))
    assert not (tmp_path / "PWNED").exists() and not (tmp_path / "OPENED").exists()


def test_a_disguised_name_does_not_hide_the_program(tmp_path):
    save = planted_save(tmp_path, "exec:name=random2 touch PWNED")
    saved = json.loads(save.read_text())
    saved["names"][1] = "random2"
    save.write_text(json.dumps(saved))
    line = one_line_exit_2(bgkit("play", "--resume", save, cwd=tmp_path))
    assert "touch PWNED" in line
    assert not (tmp_path / "PWNED").exists()


def test_the_seat_given_again_on_the_command_line_resumes_and_the_screen_shows_the_program(tmp_path):
    spec = f"exec:{sys.executable} {BOT}"
    save = planted_save(tmp_path, spec)
    done = bgkit("play", "--resume", save, "--seat", f"2={spec}", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert f"P2 random #2 (runs {sys.executable} {BOT})" in done.stderr
    assert json.loads(save.read_text())["result"]["decisions"] == 26


@pytest.mark.parametrize("given, problem", [
    ("2=exec:touch OTHER", "seat 2 is saved as 'exec:touch PWNED', not 'exec:touch OTHER'"),
    ("3=random", "--seat 3: there is no seat 3 (seats 1-2)"),
    ("2", "--seat takes N=SPEC"),
])
def test_a_seat_given_again_must_be_the_saved_one(tmp_path, given, problem):
    save = planted_save(tmp_path, "exec:touch PWNED")
    line = one_line_exit_2(bgkit("play", "--resume", save, "--seat", given, cwd=tmp_path))
    assert problem in line
    assert not (tmp_path / "PWNED").exists() and not (tmp_path / "OTHER").exists()


def test_seat_is_only_for_resume(tmp_path):
    line = one_line_exit_2(bgkit("play", "goofspiel", "random", "random", "--seat", "2=random", cwd=tmp_path))
    assert "--seat" in line and "--resume" in line


# -- at a terminal: the whole argv shown and confirmed --------------------------------------------


def at_terminal(args, cwd, answer):
    """``bgkit ARGS`` on a pseudo-terminal; types ``answer`` at the confirmation. Returns (screen, exit code)."""
    master, slave = pty.openpty()
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env.update(COLUMNS="200", LINES="50", NO_COLOR="1", TERM="dumb")
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", *map(str, args)], stdin=slave, stdout=slave, stderr=slave,
                            cwd=cwd, env=env)
    os.close(slave)
    seen, typed = b"", False
    try:
        while True:
            ready, _, _ = select.select([master], [], [], 60)
            assert ready, seen.decode(errors="replace")
            try:
                chunk = os.read(master, 65536)
            except OSError:
                chunk = b""
            if not chunk:
                break
            seen += chunk
            if not typed and b"[y/N]" in seen:
                os.write(master, (answer + "\n").encode())
                typed = True
        return seen.decode(errors="replace").replace("\r\n", "\n"), proc.wait(timeout=60)
    finally:
        os.close(master)
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_at_a_terminal_the_whole_argv_is_shown_and_no_runs_nothing(tmp_path):
    save = planted_save(tmp_path, "exec:stderr=OPENED touch PWNED")
    screen, code = at_terminal(["play", "--resume", save], tmp_path, "n")
    assert code == 2
    assert "seat 2 'exec:touch PWNED' runs: ['touch', 'PWNED']" in screen
    assert "not resumed" in screen
    assert not (tmp_path / "PWNED").exists() and not (tmp_path / "OPENED").exists()


def test_at_a_terminal_yes_runs_the_program_but_never_opens_the_saved_stderr_file(tmp_path):
    spec = f"exec:stderr=OPENED {sys.executable} {BOT}"
    save = planted_save(tmp_path, spec)
    screen, code = at_terminal(["play", "--resume", save], tmp_path, "y")
    assert code == 0, screen
    assert "stderr=OPENED is not opened" in screen
    assert not (tmp_path / "OPENED").exists()
    assert json.loads(save.read_text())["seats"][1] == spec  # the save still says what was played


# -- the arena --------------------------------------------------------------------------------------


def planted_arena(tmp_path: Path, spec: str) -> Path:
    out = tmp_path / "run.jsonl"
    done = bgkit("arena", "goofspiel", "random", "greedy", "--games", "4", "--seed", "3", "--out", out, cwd=tmp_path,
                 stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    lines = out.read_text().splitlines()
    header = json.loads(lines[0])
    header["specs"][1] = spec
    header["entrants"][1] = spec  # a spec without parameters names itself
    out.write_text(json.dumps(header) + "\n")  # cut before the first game: its record names the old bot
    return out


def test_resuming_an_arena_never_starts_the_program_its_header_names(tmp_path):
    out = planted_arena(tmp_path, "exec:touch PWNED")
    line = one_line_exit_2(bgkit("arena", "--resume", out, cwd=tmp_path))
    assert "touch PWNED" in line and "--bot 2=" in line
    assert not (tmp_path / "PWNED").exists()


def test_an_arena_bot_given_again_resumes(tmp_path):
    spec = f"exec:{sys.executable} {BOT}"
    out = planted_arena(tmp_path, spec)
    done = bgkit("arena", "--resume", out, "--bot", f"2={spec}", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout.splitlines()[-1])["games"] == 4


def test_quitting_a_game_with_an_exec_seat_tells_the_command_that_resumes_it(tmp_path):
    from bgkit.testing import Terminal

    spec = f"exec:{sys.executable} {BOT}"
    term = Terminal(["play", "goofspiel", "human:Ada", spec, "--seed", "2", "--option", "deck=5", "--save", "g.json"], tmp_path,
                    columns=400)
    term.read_until("Ada> ")
    term.type("quit")
    term.read_until("Resume with: ")
    hint = term.read_until("\n")
    assert term.finish() == 0
    assert hint.strip() == f"bgkit play --resume g.json --seat 2='{spec}'"


def test_at_a_terminal_an_arena_shows_the_bot_s_argv_and_no_runs_nothing(tmp_path):
    out = planted_arena(tmp_path, "exec:touch PWNED")
    screen, code = at_terminal(["arena", "--resume", out], tmp_path, "n")
    assert code == 2
    assert "bot 2 'exec:touch PWNED' runs: ['touch', 'PWNED']" in screen and "not resumed" in screen
    assert not (tmp_path / "PWNED").exists()


def test_a_seat_the_file_spells_wrong_is_one_line_naming_the_file(tmp_path):
    save = planted_save(tmp_path, "exec:'touch PWNED")
    line = one_line_exit_2(bgkit("play", "--resume", save, cwd=tmp_path))
    assert line.startswith(f"bgkit: error: {save}: ") and "No closing quotation" in line
