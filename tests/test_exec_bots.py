"""exec: seats: bots in other programs over the JSON Lines protocol, with real child processes.

Every test here starts real bots (the reference bots of examples/bots, or a small test bot written
to a temporary folder) and checks what a user sees: the games play, every fault is one line with
the right exit code, no bot process is left behind, and the log of a stopped game replays.
"""

import io
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console

from bgkit.engine.match import GameLog, replay_events, start_state
from bgkit.sessions.build import build_match
from bgkit.cli.play import _run_match
from bgkit.engine.runtime import runtime_for
from bgkit.testing import ctrl_c_when, run_cli, scripted

ROOT = Path(__file__).resolve().parents[1]
BOTS = ROOT / "examples" / "bots"
needs_node = pytest.mark.skipif(shutil.which("node") is None, reason="the JavaScript bot needs Node.js")

# A bot for the tests: plays the first legal action, notes its pid (and its helper's) in PIDS, and
# misbehaves as MODE says: exit (at once), junk (instead of its hello), sleep (at its 2nd decision,
# with a helper process in its group), illegal (at its 2nd decision), crash (at its 3rd decision),
# twice (answers its 1st decision twice),
# loud (writes to stderr at every decision), record (writes every message it gets to RECORD).
TEST_BOT = r'''
import json, os, subprocess, sys, time
mode, pids = sys.argv[1], sys.argv[2]
with open(pids, "a") as f:
    f.write(f"{os.getpid()}\n")
if mode == "exit":
    sys.exit(4)
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if mode == "record":
        with open(sys.argv[3], "a") as f:
            f.write(line)
    if message["type"] == "hello":
        if mode == "junk":
            print("Hello! I am a bot.", flush=True)
            continue
        reuse = mode == "reuse"
        print(json.dumps({"type": "hello", "protocol": 1, "name": "test bot", "reuse": reuse}), flush=True)
    elif message["type"] == "decide":
        decisions += 1
        if mode == "sleep" and decisions == 2:
            helper = subprocess.Popen(["sleep", "300"])
            with open(pids, "a") as f:
                f.write(f"{helper.pid}\n")
            time.sleep(300)
        if mode == "crash" and decisions == 3:
            raise SystemExit(3)
        if mode == "loud":
            print(f"thinking about {len(message['actions'])} actions", file=sys.stderr, flush=True)
        if mode == "twice" and decisions == 1:  # two answers in one write: they arrive together
            os.write(1, b'{"type": "action", "index": 0}\n{"type": "action", "index": 0}\n')
            continue
        if mode == "illegal" and decisions == 2:
            print(json.dumps({"type": "action", "text": "bid 99"}), flush=True)
            continue
        print(json.dumps({"type": "action", "index": 0}), flush=True)
'''


@pytest.fixture
def bot(tmp_path):
    """``bot(mode)``: the exec spec of the test bot in that mode; ``bot.pids()`` the processes it started."""
    script = tmp_path / "test_bot.py"
    script.write_text(TEST_BOT)
    pids = tmp_path / "pids"

    def spec(mode, *more, params=""):
        words = [sys.executable, str(script), mode, str(pids), *map(str, more)]
        return "exec:" + (params + " " if params else "") + " ".join(words)

    spec.pids = lambda: [int(p) for p in pids.read_text().split()] if pids.exists() else []
    return spec


def gone(pid, limit=10.0):
    """Whether ``pid`` has exited and been reaped (no process, no zombie) within ``limit`` seconds."""
    end = time.monotonic() + limit
    while Path(f"/proc/{pid}").exists():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def bgkit(*args, cwd=None):
    """``bgkit ARGS`` as a user runs it: its own process, stdout and stderr apart."""
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    return subprocess.run([sys.executable, "-m", "bgkit", *map(str, args)], capture_output=True, text=True, cwd=cwd or ROOT,
                          env=env, timeout=120)


# -- playing ------------------------------------------------------------------------------------------


#: Every game bgkit ships: the plugins, and the example Goofspiel.
SHIPPED = sorted([p.name.removeprefix("bgkit-") for p in (ROOT / "plugins").iterdir() if p.name.startswith("bgkit-")] + ["goofspiel"])


@needs_node
@pytest.mark.parametrize("game", SHIPPED)
def test_every_shipped_game_plays_with_the_javascript_bot_against_greedy(game, registry):
    info = registry.game(game)
    seats = [f"exec:node {BOTS / 'random.js'}", "greedy", "random", "random"][: max(2, info.min_players)]
    result = run_cli(["play", game, *seats, "--seed", "1", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(result.stdout)
    assert record["seats"][0] == seats[0] and record["scores"][0] is not None
    assert record["decisions"] > 0 and len(record["ranks"]) == len(seats)


@needs_node
def test_a_tournament_with_the_javascript_bot_is_the_same_on_one_or_two_processes():
    args = ["play", "goofspiel", "exec:node examples/bots/random.js", "greedy", "--games", "20", "--seed", "1", "--format", "json"]
    one, two = bgkit(*args, "--jobs", "1"), bgkit(*args, "--jobs", "2")
    assert one.returncode == 0 and two.returncode == 0, one.stderr + two.stderr
    assert one.stdout == two.stdout
    records = [json.loads(line) for line in one.stdout.splitlines()]
    assert len(records) == 21 and records[-1]["seats"]["exec:node examples/bots/random.js"]["games"] == 20
    again = bgkit(*args, "--jobs", "1")
    assert again.stdout == one.stdout  # the bot's choices follow the seed it is given


def test_an_exec_bot_plays_on_dask_workers_as_on_one_process(bot):
    pytest.importorskip("distributed")
    args = ["play", "goofspiel", bot("reuse"), "greedy", "--games", "8", "--seed", "2", "--option", "deck=5", "--format", "json"]
    on_dask = bgkit(*args, "--executor", "dask", "--jobs", "2")
    assert on_dask.returncode == 0, on_dask.stderr
    assert on_dask.stdout == bgkit(*args).stdout
    assert bot.pids() and all(gone(pid) for pid in bot.pids())  # the workers' kept bots end with them


@pytest.mark.parametrize("script", ["random.py", "random.sh"])
def test_the_python_and_shell_reference_bots_play_and_replay_by_seed(script):
    if script.endswith(".sh") and shutil.which("jq") is None:
        pytest.skip("the shell bot needs jq")
    program = "python3" if script.endswith(".py") else "bash"
    args = ["play", "goofspiel", f"exec:{program} examples/bots/{script}", "random", "--games", "2", "--seed", "4", "--format", "json"]
    first, second = bgkit(*args), bgkit(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout and len(first.stdout.splitlines()) == 3


def test_a_bot_that_offers_to_play_many_games_is_started_once(bot):
    many = run_cli(["play", "goofspiel", bot("reuse"), "random", "--games", "6", "--seed", "1", "--option", "deck=5"])
    assert many.exit_code == 0, many.stderr
    assert len(bot.pids()) == 1
    from bgkit.exec import process

    process.close_all()  # what the end of the process does
    assert gone(bot.pids()[0])


def test_a_bot_that_does_not_offer_it_is_started_for_each_game_and_ended_after_it(bot):
    done = run_cli(["play", "goofspiel", bot("plain"), "random", "--games", "4", "--seed", "1", "--option", "deck=5"])
    assert done.exit_code == 0, done.stderr
    assert len(bot.pids()) == 4 and all(gone(pid, 0) for pid in bot.pids())


def test_an_exec_bot_joins_people_at_a_real_table(goofspiel):
    specs = ["human:Ada", f"exec:{sys.executable} {BOTS / 'random.py'}"]
    # the table's cards, Ada's bids, and Enter once the bot's bid is laid (done), before the next card
    typed = [x for n in (2, 5, 1, 3, 4) for x in (f"prize {n}", f"bid {6 - n}", "")][:-1]
    console = Console(file=io.StringIO(), width=120)
    match = build_match(goofspiel, specs, ["Ada", "bot"], 3, {"deck": "5"}, chance="table", console=console, ask=scripted(typed))
    assert _run_match(match, "json", None) is not None
    assert [text for player, text in match.log.actions if player == 1] and match.state.is_terminal()
    assert match.log.chance == "table"


def test_an_exec_bot_plays_in_the_arena(bot):
    done = run_cli(["arena", "goofspiel", bot("plain"), "random", "greedy", "--players", "2", "--games", "6", "--seed", "1",
                    "--option", "deck=5", "--format", "json"])
    assert done.exit_code == 0, done.stderr
    ladder = json.loads(done.stdout.splitlines()[-1])
    assert ladder["summary"] is True and len(bot.pids()) == 4  # the bot sits at 2 tables, 2 rotations each


def test_bot_messages_on_stderr_stay_off_json_stdout_or_go_to_a_file(bot, tmp_path):
    args = ["play", "goofspiel", bot("loud"), "random", "--games", "2", "--seed", "1", "--option", "deck=5", "--format", "json"]
    shown = bgkit(*args)
    assert shown.returncode == 0 and "thinking about" in shown.stderr
    assert [json.loads(line) for line in shown.stdout.splitlines()][-1]["summary"] is True
    log = tmp_path / "bot.err"
    kept = bgkit(*args[:2], bot("loud", params=f"stderr={log}"), *args[3:])
    assert kept.returncode == 0 and "thinking about" not in kept.stderr
    assert log.read_text().count("thinking about") == 10  # 5 decisions in each of 2 games
    assert kept.stdout == shown.stdout


# -- faults ---------------------------------------------------------------------------------------------


def one_line_fault(done, *parts):
    """The command failed with exit 1 and one error line (after the line naming the game, if any)."""
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr and len(lines) <= 2, done.stderr
    if len(lines) == 2:
        assert lines[0].startswith("Goofspiel: exec:"), done.stderr
    assert lines[-1].startswith("bgkit: error: seat 1 'exec:")
    for part in parts:
        assert part in lines[-1], lines[-1]
    return lines[-1]


def replays_with(log_path, decisions):
    """The log of the stopped game replays (--verify) and holds the faulty seat's decisions before the fault."""
    check = bgkit("replay", log_path, "--verify")
    assert check.returncode == 0, check.stderr
    actions = json.loads(Path(log_path).read_text())["actions"]
    assert [p for p, _ in actions].count(0) == decisions


@pytest.mark.parametrize("mode, cause, decisions", [
    ("exit", "the bot exited with code 4 before answering", 0),
    ("junk", "the bot wrote 'Hello! I am a bot.', which is not a JSON message", 0),
    ("crash", "the bot exited with code 3 before answering", 2),
    ("illegal", "the bot answered 'bid 99', which is not a legal action", 1),
    ("sleep", "the bot did not answer within its time limit of 1 s", 1),
    ("twice", """the bot wrote '{"type": "action", "index": 0}' when no answer was asked for""", 1),
])
def test_a_faulty_bot_is_one_line_exit_1_no_process_left_and_the_log_replays(bot, tmp_path, mode, cause, decisions):
    log = tmp_path / "game.json"
    done = bgkit("play", "goofspiel", bot(mode, params="timeout=1"), "greedy", "--seed", "5", "--log", log)
    line = one_line_fault(done, cause, "game seed 5", f"logged in {log}")
    assert "test_bot.py" in line
    assert bot.pids() and all(gone(pid) for pid in bot.pids())  # the sleeper's helper too
    replays_with(log, decisions)


def test_bot_timeout_sets_the_limit_of_every_exec_seat_without_its_own(bot, tmp_path):
    done = bgkit("play", "goofspiel", bot("sleep"), "random", "--seed", "5", "--bot-timeout", "0.5", "--save", tmp_path / "s.json")
    one_line_fault(done, "did not answer within its time limit of 0.5 s", "saved in")
    assert all(gone(pid) for pid in bot.pids())
    saved = json.loads((tmp_path / "s.json").read_text())
    assert saved["seats"][0].startswith("exec:timeout=0.5 ")  # the limit travels with the seat
    assert bgkit("replay", tmp_path / "s.json", "--verify").returncode == 0
    refused = bgkit("play", "goofspiel", bot("plain"), "random", "--bot-timeout", "0")
    assert refused.returncode == 2 and refused.stderr.strip().endswith("--bot-timeout must be more than 0 and at most 86400 seconds, not 0")


def test_a_fault_stops_a_tournament_after_the_games_before_it(bot):
    done = bgkit("play", "goofspiel", bot("crash"), "random", "--games", "10", "--seed", "1", "--jobs", "2", "--format", "json")
    one_line_fault(done, "the bot exited with code 3 before answering")
    assert done.stdout == ""  # the first game already fails: nothing but records on stdout, and none
    assert all(gone(pid) for pid in bot.pids())


@pytest.mark.parametrize("spec, problem", [
    ("exec:no-such-bot-program --fast", "no program 'no-such-bot-program' on the PATH"),
    ("exec:./examples/bots/README.md", "./examples/bots/README.md is not an executable file"),
    ("exec:", "exec: needs a program to run"),
    ("exec:'node bot.js", "No closing quotation"),
    ("exec:depth=3 node bot.js", "exec seats have no parameter 'depth'"),
    ("exec:timeout=soon node bot.js", "bot parameter timeout must be a number, not 'soon'"),
])
def test_a_bot_that_cannot_be_started_is_bad_input(spec, problem):
    done = bgkit("play", "goofspiel", spec, "random")
    assert done.returncode == 2 and len(done.stderr.strip().splitlines()) == 1, done.stderr
    assert problem in done.stderr


def test_ctrl_c_kills_the_bot_and_no_process_remains(bot, tmp_path):
    spec = bot("sleep", params="timeout=300")
    code, screen, _ = ctrl_c_when(["play", "goofspiel", spec, "random", "--seed", "1"], ROOT, rb"seed 1\r?\n",
                                  before=lambda pid: _wait_for(lambda: len(bot.pids()) == 2))
    assert code == 130 and "Traceback" not in screen, screen
    assert all(gone(pid) for pid in bot.pids())


def test_ctrl_c_in_a_tournament_on_two_processes_leaves_no_bot(bot, tmp_path):
    spec = bot("sleep", params="timeout=300")
    args = ["play", "goofspiel", spec, "random", "--games", "4", "--jobs", "2", "--seed", "1"]
    code, screen, _ = ctrl_c_when(args, ROOT, rb"seed 1|\d+/4", before=lambda pid: _wait_for(lambda: len(bot.pids()) >= 4))
    assert code == 130 and "Traceback" not in screen, screen
    assert len(bot.pids()) >= 4 and all(gone(pid) for pid in bot.pids())


def _wait_for(condition, limit=60.0):
    end = time.monotonic() + limit
    while not condition():
        assert time.monotonic() < end, "timed out waiting for the bots to start"
        time.sleep(0.05)


# -- what a bot is told ---------------------------------------------------------------------------------


def told_to_seat_one(bot, tmp_path, registry, game_id, others, check):
    """Play ``game_id`` with a recording bot at seat 1, then walk the log: every message holds
    the game's own view for seat 1 at that moment, the legal actions' texts, and the events as the
    engine narrates them to seat 1 (never more); ``check(state, message)`` at each decision counts
    the game's own hidden things. Returns the total it counted."""
    record, log = tmp_path / "messages.jsonl", tmp_path / "game.json"
    done = bgkit("play", game_id, bot("record", record), *others, "--seed", "3", "--log", log)
    assert done.returncode == 0, done.stderr
    messages = [json.loads(line) for line in record.read_text().splitlines()]
    assert [m["type"] for m in messages[:2]] == ["hello", "start"] and messages[-1]["type"] == "end"
    decisions = iter(m for m in messages if m["type"] == "decide")

    game = registry.load_game(game_id)
    runtime = runtime_for(game)
    saved = GameLog.from_dict(json.loads(log.read_text()))
    narrated, applied = [], 0  # (actions applied when told, the event as seat 1 is told it)
    for event, _ in replay_events(game, runtime, saved):
        applied += not event.reveal
        told = event.told_to(0)
        narrated.append((applied, {"number": told.number, "player": told.player, "text": told.text, "reveal": told.reveal}))
    state = start_state(game, saved.setup)
    assert messages[1]["view"] == json.loads(json.dumps(state.view(0)))
    sent, counted = [], 0
    for done_actions, (player, text) in enumerate(saved.actions):
        if player == 0:
            message = next(decisions)
            assert message["view"] == json.loads(json.dumps(state.view(0)))
            assert message["actions"] == [state.action_text(a) for a in runtime.legal_actions(state)]
            assert message["history_from"] == len(sent)
            sent += message["history"]
            assert sent == [entry for when, entry in narrated if when <= done_actions]
            counted += check(state, message)
        runtime.apply(state, runtime.parse_action(state, text))
    assert next(decisions, None) is None
    return counted


def test_a_bot_never_sees_another_seats_hand_or_a_face_down_card_in_bruges(bot, tmp_path, registry):
    def check(state, message):
        shown = json.dumps(message)
        assert '"unseen"' not in shown  # the face-down draw pile: only its size is sent
        assert message["view"]["unseen_cards"] == state.unseen.size
        hidden = 0
        for q in (1, 2):  # the others' hands and houses: the backs' colours only
            assert message["view"]["hands"][q] == sorted(state.cards.colour[x] for x in state.hands[q])
            hidden += len(state.hands[q])
        return hidden

    assert told_to_seat_one(bot, tmp_path, registry, "bruges", ["greedy", "greedy"], check) > 0


def test_a_bot_never_sees_a_sealed_bid_before_its_reveal_in_bridge_troll(bot, tmp_path, registry):
    def check(state, message):
        assert '"deck"' not in json.dumps(message) and '"fd"' not in json.dumps(message)
        for event in message["history"]:  # the others' bids are told as "P2 bids" until revealed
            assert event["player"] in (-1, 0) or event["reveal"] or not event["text"].startswith("bid ")
        if not state.is_sealed():
            return 0
        bids = message["view"]["bids"]  # while seat 1 bids: the others' bids made so far, sealed
        sealed = [q for q, bid in enumerate(bids) if q != 0 and bid is not None]
        assert all(bids[q] == "sealed" for q in sealed)
        return len(sealed)

    assert told_to_seat_one(bot, tmp_path, registry, "bridgetroll", ["greedy", "greedy"], check) > 0


def test_after_people_take_moves_back_the_bot_is_told_the_history_again_from_where_it_changed():
    from bgkit.engine.driver import Told
    from bgkit.engine.match import Decision
    from bgkit.exec.seat import ExecSeat

    seat = ExecSeat("bot", ["true"], 1, 1.0, None)
    first = (Told(1, -1, "prize 3"), Told(2, 1, "P2 bids"))
    assert seat._news(Decision(0, [], None, None, first)) == (0, [
        {"number": 1, "player": -1, "text": "prize 3", "reveal": False}, {"number": 2, "player": 1, "text": "P2 bids", "reveal": False}])
    more = first + (Told(3, 0, "bid 1"),)
    assert seat._news(Decision(0, [], None, None, more))[0] == 2  # only what is new
    undone = first[:1] + (Told(2, 1, "P2 passes"),)  # a person took back moves 2 and 3 and chose again
    assert seat._news(Decision(0, [], None, None, undone)) == (1, [{"number": 2, "player": 1, "text": "P2 passes", "reveal": False}])
