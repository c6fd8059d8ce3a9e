"""Every message an exec: bot receives holds only what its seat may know.

A recording bot (a real child process) writes down every line bgkit sends it; the log of the game
is then replayed and each message is compared with the game's own view for the bot's seat at that
moment: ``start`` (also when a saved game is resumed mid-way, hands dealt), every ``decide`` and
``end``. A message carries no field beyond the protocol's, so another seat's view or hand has no
place to hide. The bot sits at seat 2, so a view taken for the first seat (or any other) shows.
"""

import json
import os
import subprocess
import sys

from bgkit.engine.match import GameLog
from bgkit.engine.runtime import runtime_for
from bgkit.testing import build_match, get_registry

# Plays the first legal action and writes every message it is sent to the file named by argv[1].
RECORDING_BOT = r'''
import json, sys
for line in sys.stdin:
    with open(sys.argv[1], "a") as f:
        f.write(line)
    message = json.loads(line)
    mode = sys.argv[2] if len(sys.argv) > 2 else ""
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 2 if mode == "newer" else 1, "name": "recorder"}), flush=True)
    elif message["type"] == "decide":  # "past": one past the last action
        print(json.dumps({"type": "action", "index": len(message["actions"]) if mode == "past" else 0}), flush=True)
'''

#: The protocol's fields of each message bgkit sends (docs/bot-protocol.md); nothing else may ride along.
FIELDS = {
    "hello": {"type", "protocol", "bgkit"},
    "start": {"type", "game", "name", "options", "players", "seat", "seed", "seconds", "view"},
    "decide": {"type", "view", "history_from", "history", "actions", "ids"},
    "end": {"type", "view", "result"},
}
SEAT = 1  # the bot's seat: the second


def recorder(tmp_path):
    script, record = tmp_path / "recorder.py", tmp_path / "messages.jsonl"
    script.write_text(RECORDING_BOT, encoding="utf-8")
    return f"exec:{sys.executable} {script} {record}", record


def plain(value):
    return json.loads(json.dumps(value))


def check_every_message(game, log, record, resumed_at=0):
    """Replay ``log`` and hold each recorded message to the view of seat 2 when it was sent."""
    runtime = runtime_for(game)
    messages = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [m["type"] for m in messages[:2]] == ["hello", "start"] and messages[-1]["type"] == "end"
    for message in messages:
        extra = set(message) - FIELDS.get(message["type"], set())
        assert message["type"] in FIELDS and not extra, f"a {message['type']} message carries {sorted(extra)}"
    start = messages[1]
    assert start["seat"] == SEAT and start["players"] == log.names and start["game"] == game.info.id
    assert start["options"] == log.options
    decisions = iter(m for m in messages[2:-1] if m["type"] == "decide")
    state = game.new_state(log.setup)
    hidden = 0
    for number, (player, text) in enumerate(log.actions):
        if number == resumed_at:
            assert start["view"] == plain(state.view(SEAT)), "the start message is not seat 2's view"
            hidden = sum(plain(state.view(q)) != start["view"] for q in range(log.players))
        if number >= resumed_at and player == SEAT:
            message = next(decisions)
            assert message["view"] == plain(state.view(SEAT)), f"decision at action {number}: not seat 2's view"
            assert message["actions"] == [state.action_text(a) for a in runtime.legal_actions(state)]
        runtime.apply(state, runtime.parse_action(state, text))
    assert next(decisions, None) is None
    assert messages[-1]["view"] == plain(state.view(SEAT)), "the end message is not seat 2's view"
    assert messages[-1]["result"]["ranks"] == log.result["ranks"]
    return hidden


def test_a_resumed_bot_is_started_with_its_own_view_of_the_hands_dealt(tmp_path):
    """Bruges resumed once every hand holds cards: the start message is seat 2's view (the others'
    hands as colours only), and so is every later message."""
    game = get_registry().load_game("bruges")
    options = {o.name: o.default for o in game.options}
    names = ["Ada", "Bo", "Cy"]
    first = build_match(game, ["random"] * 3, names, 5, options)
    while not (all(first.state.hands) and not first.state.is_chance()):
        assert len(first.log.actions) < 300
        first.step()
    at = len(first.log.actions)
    saved = GameLog.from_dict(json.loads(json.dumps(first.log.to_dict())))
    spec, record = recorder(tmp_path)
    specs = ["random", spec, "random"]
    saved.seats = specs
    match = build_match(game, specs, names, 5, options, log=saved)
    match.play()
    assert check_every_message(game, match.log, record, resumed_at=at) == 2  # both other seats' views differ


def test_every_message_of_a_whole_game_is_the_seats_own_view(tmp_path):
    """Bretagne from its start (each seat sees its own equipment hand, only the sizes of the others)."""
    game = get_registry().load_game("bretagne")
    options = {o.name: o.default for o in game.options}
    spec, record = recorder(tmp_path)
    match = build_match(game, ["random", spec, "random"], ["Ada", "Bo", "Cy"], 2, options)
    match.play()
    assert check_every_message(game, match.log, record) == 2


def faulty(tmp_path, mode):
    """``bgkit play goofspiel`` with the recorder in ``mode`` at seat 1: the last line of stderr."""
    spec, _ = recorder(tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "CI"}
    done = subprocess.run([sys.executable, "-m", "bgkit", "play", "goofspiel", f"{spec} {mode}", "greedy", "--seed", "5", "--option", "deck=5"],
                          capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 1 and "Traceback" not in done.stderr, done.stderr
    return done.stderr.strip().splitlines()[-1]


def test_an_answer_one_past_the_last_action_is_a_fault_of_one_line(tmp_path):
    assert "the bot answered index '5', which is not a legal action (0-4) — game seed 5" in faulty(tmp_path, "past")


def test_a_bot_speaking_another_protocol_is_refused_before_it_is_told_anything(tmp_path):
    assert "the bot speaks protocol 2; this bgkit speaks 1" in faulty(tmp_path, "newer")
    told = [json.loads(line)["type"] for line in (tmp_path / "messages.jsonl").read_text().splitlines()]
    assert told[0] == "hello" and "start" not in told  # it never saw the game (an error message may follow)
