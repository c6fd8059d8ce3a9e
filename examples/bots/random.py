#!/usr/bin/env python3
"""A random bot for bgkit in plain Python, built on the bot protocol alone (docs/bot-protocol.md).

    bgkit play goofspiel 'exec:python3 examples/bots/random.py' greedy

It reads one JSON message a line from stdin and answers on stdout: its hello, then a uniformly
random legal action at each decision, drawn from the seed the game's start gives it, so a game
replays exactly. It offers to play many games in one process ("reuse"). Standard library only.
"""

import sys

del sys.path[0]  # this file is random.py: its own folder first on the path would shadow the random module
import json  # noqa: E402
import random  # noqa: E402


def send(message):
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()  # a pipe is buffered: without this bgkit waits, and times the bot out


def main():
    rng = random.Random(0)
    for line in sys.stdin:  # the loop ends at end of input: bgkit has closed the game
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            send({"type": "hello", "protocol": 1, "name": "random.py", "reuse": True})
        elif kind == "start":
            rng = random.Random(message["seed"])
        elif kind == "decide":
            send({"type": "action", "index": rng.randrange(len(message["actions"]))})
        elif kind == "error":
            print(f"random.py: bgkit says: {message['message']}", file=sys.stderr)
        # "end": nothing to do; the next game (if any) starts with another "start"


if __name__ == "__main__":
    main()
