"""A tournament stopped before any game finished says so, and prints no table of zeros (issue 41).

The real ``bgkit`` runs in a session of its own with a bot that sleeps at its first decision; SIGTERM
(which bgkit treats as Ctrl-C) stops it before the first game can end.
"""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

SLEEPER = r'''
import json, sys, time
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "protocol": 1}), flush=True)
    elif message["type"] == "decide":
        open(sys.argv[1], "w").close()
        time.sleep(60)
'''


@pytest.mark.skipif(not hasattr(signal, "SIGTERM") or os.name != "posix", reason="POSIX signals")
@pytest.mark.parametrize("command", ["play", "arena"])
def test_a_tournament_stopped_before_any_game_finished_says_so(tmp_path, command):
    script, deciding = tmp_path / "sleeper.py", tmp_path / "deciding"
    script.write_text(SLEEPER)
    seats = [f"exec:{sys.executable} {script} {deciding}", "random"] + (["--players", "2"] if command == "arena" else [])
    env = {**os.environ, "COLUMNS": "100"}
    proc = subprocess.Popen([sys.executable, "-m", "bgkit", command, "goofspiel", *seats, "--games", "4", "--seed", "1"],
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT, env=env,
                            start_new_session=True, text=True)
    try:
        end = time.monotonic() + 30
        while not deciding.exists():  # the bot is at its first decision: no game can have finished
            assert proc.poll() is None and time.monotonic() < end, proc.stderr.read() if proc.stderr else ""
            time.sleep(0.05)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)
    assert proc.returncode == 143, err
    assert "interrupted before any game finished" in err, err
    assert "Traceback" not in err
    assert "0.0%" not in out and "CI" not in out, out  # no table of zeros
