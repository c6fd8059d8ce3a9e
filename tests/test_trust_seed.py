"""No seat can compute a hidden or future value from what it is told (issue 38, item 2).

An ``exec:`` bot's seed is keyed by this machine's secret (bgkit.sessions.botseeds), so a bot that
searches the game seeds for the one that gives its own finds nothing; the log records the seed it
was given, so replays need no secret; the same ``--seed`` on the same machine plays the same game.
With people seated and something hidden ahead, the seed is shown when the game ends, not before.
Every test runs the real ``bgkit`` process.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

from bgkit.testing import Terminal

#: A bot that, told its seed, searches game seeds 0-2000 for the one whose public derivation
#: (bgkit's derive_seed(game seed, "bot", seat) mod 2**53, as it was before issue 38) gives it.
SEARCHER = r'''
import json, random, sys
report = open(sys.argv[1], "w")
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
    elif message["type"] == "start":
        seed, seat = message["seed"], message["seat"]
        found = [g for g in range(2001) if random.Random(f"{g}:bot:{seat}").getrandbits(63) % 2**53 == seed]
        report.write(json.dumps({"seed": seed, "found": found}) + "\n")
        report.flush()
    elif message["type"] == "decide":
        print(json.dumps({"type": "action", "index": 0}), flush=True)
'''


def bgkit(*args, cwd, data_home):
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    env["XDG_DATA_HOME"] = str(data_home)
    return subprocess.run([sys.executable, "-m", "bgkit", *map(str, args)], capture_output=True, text=True, cwd=cwd, env=env,
                          timeout=120, stdin=subprocess.DEVNULL)


def searcher(tmp_path: Path) -> tuple[str, Path]:
    script, report = tmp_path / "searcher.py", tmp_path / "report.jsonl"
    script.write_text(SEARCHER)
    return f"exec:{sys.executable} {script} {report}", report


def test_a_seed_searching_bot_cannot_find_the_game_seed(tmp_path):
    spec, report = searcher(tmp_path)
    log = tmp_path / "game.json"
    done = bgkit("play", "goofspiel", "random", spec, "--seed", "1234", "--log", log, cwd=tmp_path, data_home=tmp_path / "data")
    assert done.returncode == 0, done.stderr
    told = json.loads(report.read_text())
    assert told["found"] == []  # before issue 38: [1234], and with it every prize of the game
    assert json.loads(log.read_text())["bot_seeds"] == [None, told["seed"]]  # the log keeps the seed it was given


def test_the_key_is_private_and_the_same_seed_plays_the_same_game_on_the_same_machine(tmp_path):
    spec, report = searcher(tmp_path)
    logs = []
    for n, home in enumerate(["data", "data", "other"]):
        log = tmp_path / f"game{n}.json"
        done = bgkit("play", "goofspiel", "random", spec, "--seed", "77", "--log", log, cwd=tmp_path, data_home=tmp_path / home)
        assert done.returncode == 0, done.stderr
        logs.append(json.loads(log.read_text()))
    assert logs[0] == logs[1]  # same machine (same key), same seed: the same game, byte for byte
    assert logs[2]["bot_seeds"][1] != logs[0]["bot_seeds"][1]  # another machine's key: another bot seed
    key = tmp_path / "data" / "bgkit" / "bot-seed-key"
    assert stat.S_IMODE(key.stat().st_mode) == 0o600 and len(key.read_text().strip()) == 64


def test_replay_and_verify_need_no_key_and_print_the_same(tmp_path):
    spec, _ = searcher(tmp_path)
    log = tmp_path / "game.json"
    assert bgkit("play", "goofspiel", "random", spec, "--seed", "9", "--log", log, cwd=tmp_path, data_home=tmp_path / "data").returncode == 0
    for args in (["replay", log], ["replay", log, "--verify"], ["replay", log, "--format", "json"]):
        here = bgkit(*args, cwd=tmp_path, data_home=tmp_path / "data")
        elsewhere = bgkit(*args, cwd=tmp_path, data_home=tmp_path / "empty")
        assert here.returncode == 0 and (here.stdout, here.stderr) == (elsewhere.stdout, elsewhere.stderr)
    assert not (tmp_path / "empty").exists()  # a replay never makes a key


def test_a_resumed_bot_is_given_the_seed_the_save_records(tmp_path):
    spec, report = searcher(tmp_path)
    save = tmp_path / "s.json"
    assert bgkit("play", "goofspiel", "random", spec, "--seed", "5", "--save", save, cwd=tmp_path, data_home=tmp_path / "data").returncode == 0
    saved = json.loads(save.read_text())
    first = saved["bot_seeds"][1]
    saved["actions"], saved["result"] = saved["actions"][:4], None
    save.write_text(json.dumps(saved))
    done = bgkit("play", "--resume", save, "--seat", f"2={spec}", cwd=tmp_path, data_home=tmp_path / "other")
    assert done.returncode == 0, done.stderr
    assert json.loads(report.read_text().splitlines()[-1])["seed"] == first


def test_a_corrupt_key_is_one_line(tmp_path):
    spec, _ = searcher(tmp_path)
    key = tmp_path / "data" / "bgkit" / "bot-seed-key"
    key.parent.mkdir(parents=True)
    key.write_text("not a key")
    done = bgkit("play", "goofspiel", "random", spec, "--seed", "1", cwd=tmp_path, data_home=tmp_path / "data")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert "is not bgkit's bot-seed key" in done.stderr


# -- people at the table ----------------------------------------------------------------------------


def test_with_people_seated_the_seed_is_shown_at_the_end_not_the_start(tmp_path):
    term = Terminal(["play", "goofspiel", "human:Ada", "random", "--seed", "4242", "--option", "deck=5"], tmp_path)
    start = term.read_until("Ada> ")
    assert "4242" not in start and "the seed is shown when the game ends" in start
    for _ in range(5):
        term.type("1")
        end = term.read_until("Ada> ", "decisions — seed")
        assert "4242" not in end
    assert term.last_found == "decisions — seed"
    assert "4242" in term.read_until("\n")
    assert term.finish() == 0


def test_with_people_seated_quit_tells_the_seed_and_the_save_keeps_it(tmp_path):
    term = Terminal(["play", "goofspiel", "human:Ada", "random", "--seed", "4242", "--option", "deck=5"], tmp_path)
    term.read_until("Ada> ")
    term.type("save")
    saved = term.read_until("Ada> ")
    assert "saved to goofspiel.bgkit.json" in saved and "4242" not in saved  # the game goes on: no seed in the name
    term.type("quit")
    assert "Saved to goofspiel.bgkit.json (seed 4242)" in term.read_until("Resume with")
    assert term.finish() == 0
    assert json.loads((tmp_path / "goofspiel.bgkit.json").read_text())["seed"] == 4242


def test_bots_alone_show_the_seed_at_the_start(tmp_path):
    done = bgkit("play", "goofspiel", "random", "random", "--seed", "4242", cwd=tmp_path, data_home=tmp_path / "data")
    assert done.stderr.startswith("Goofspiel: random, random #2 — seed 4242")


def test_a_corrupt_bot_seeds_list_in_a_log_is_one_line(tmp_path):
    log = tmp_path / "game.json"
    assert bgkit("play", "goofspiel", "random", "random", "--seed", "1", "--log", log, cwd=tmp_path, data_home=tmp_path / "d").returncode == 0
    saved = json.loads(log.read_text())
    assert "bot_seeds" not in saved  # a game without exec seats writes its log as before
    saved["bot_seeds"] = [None, -5]
    log.write_text(json.dumps(saved))
    done = bgkit("replay", log, "--verify", cwd=tmp_path, data_home=tmp_path / "d")
    assert done.returncode == 2 and done.stderr.strip().count("\n") == 0
    assert "bot_seeds must list" in done.stderr and str(log) in done.stderr
