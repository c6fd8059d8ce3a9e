"""bgkit's speed ratios by instruction count: valgrind's callgrind, steady on a busy machine.

On a shared machine the clock moves by 10-40 % from run to run, and a ratio of two timings moves
with it. The number of instructions a piece of work executes does not depend on what else the
machine runs, so the ratios here come out the same on every run (to a few tenths of a percent).
They count work, not time: a cache miss or a slow system call costs no more than any instruction,
so use them beside ``run.py``'s timings, not instead of them. Needs ``valgrind`` on the PATH.

    python benchmarks/instructions.py                       # both parts, the default games
    python benchmarks/instructions.py --game goofspiel:2 --game burgundy:4
    python benchmarks/instructions.py --no-startup --format json

* **engine ÷ bare**: random games played through the engine (``build_match`` then ``Match.run``,
  as ``bgkit play`` runs them) and on the bare State API (``game.setup``, ``new_state`` and a loop
  over ``legal_actions``/``apply``), each counted with and without the games' loops so that start-up,
  imports and the set-ups cancel out: instructions per decision of each loop, and their ratio.
* **start-up × import typer**: whole ``bgkit`` commands against ``python -c "import typer"``.

What each figure means is in benchmarks/README.md; nothing here asserts a speed (docs/design.md).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_GAMES = ["burgundy:4", "goofspiel:2", "goofspiel:4"]
GAMES_PER_COUNT = {"goofspiel": 300}  # enough decisions that the loop dwarfs the count's noise
OTHER_GAMES = 60
STARTUP = [
    ["--help"],
    ["games"],
    ["setup", "burgundy", "-p", "4", "--seed", "1"],
    ["score", "burgundy", str(ROOT / "examples" / "sheets" / "burgundy-3p.toml")],
]

# Plays N random games one way or the other (the bare way is run.py's), or only sets them up (MODE
# starts with "setup"), or plays and scores them ("finish-engine"), or none ("none"), after one
# warm-up game of each kind; prints the decisions made to stderr.
LOOPS = r'''
import random, sys
sys.path.insert(0, sys.argv.pop(1))
from bgkit.engine.match import derive_seed
from bgkit.model.game import CHANCE
from bgkit.sessions.build import build_match, seat_names
from bgkit.plugins.registry import get_registry
from bgkit.engine.setups import parse_options
from run import play_bare

mode, game_id, players, games = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = get_registry().load_game(game_id)
options = parse_options(game, [])
specs = ["random"] * players
names = seat_names(specs)
decisions = 0

def engine(index, play, finish=False):
    global decisions
    match = build_match(game, specs, names, derive_seed(1, "game", index), options)
    if play:
        match.run(limit=100_000)
        decisions += sum(1 for player, _ in match.log.actions if player != CHANCE)
    if finish:
        match.finish()

def bare(index, play):
    global decisions
    seed = derive_seed(1, "game", index)  # the same deals as the engine's games
    state = game.new_state(game.setup(players, random.Random(seed), options))
    if play:
        decisions += play_bare(state, random.Random(seed))[0]

engine(-1, True, True)
bare(-1, True)
decisions = 0
way = engine if mode.endswith("engine") else bare
for index in range(0 if mode == "none" else games):
    if mode == "finish-engine":
        engine(index, True, True)
    else:
        way(index, not mode.startswith("setup"))
print(decisions, file=sys.stderr)
'''


def instructions(command: list[str]) -> tuple[int, str]:
    """Instructions the whole process executed (callgrind), and what it wrote to stderr.

    Run once first without valgrind, so that every count finds the same warm caches (compiled
    bytecode, bgkit's list of plugins), and with one hash seed, so that sets iterate alike.
    Bytecode is always written: with PYTHONDONTWRITEBYTECODE set, a changed module would be
    compiled again in every count."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    subprocess.run(command, capture_output=True, stdin=subprocess.DEVNULL, cwd=ROOT, env=env)
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command],
        capture_output=True, text=True, stdin=subprocess.DEVNULL, cwd=ROOT, env=env,
    )
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or not found:
        raise RuntimeError(f"{' '.join(command)} failed under valgrind:\n{done.stderr[-2000:]}")
    own = "\n".join(line for line in done.stderr.splitlines() if not line.startswith("=="))
    return int(found.group(1)), own


def loop_figures(game_id: str, players: int) -> dict:
    games = GAMES_PER_COUNT.get(game_id, OTHER_GAMES)
    counts, decisions = {}, {}
    for mode in ("setup-engine", "engine", "setup-bare", "bare"):
        counts[mode], said = instructions([sys.executable, "-c", LOOPS, str(ROOT / "benchmarks"), mode, game_id, str(players), str(games)])
        decisions[mode] = int(said.strip().splitlines()[-1])
    engine = (counts["engine"] - counts["setup-engine"]) / decisions["engine"]
    bare = (counts["bare"] - counts["setup-bare"]) / decisions["bare"]
    return {
        "game": game_id, "players": players, "games": games,
        "decisions": {"engine": decisions["engine"], "bare": decisions["bare"]},
        "engine_instructions_per_decision": round(engine),
        "bare_instructions_per_decision": round(bare),
        "engine_over_bare": round(engine / bare, 3),
    }


def fixed_figures(game_id: str, players: int) -> dict:
    """Instructions a tournament game costs outside its loop: ``build_match`` (setup, seats,
    chance, the log) and ``Match.finish`` (the final state scored), each the difference of two counts."""
    games = GAMES_PER_COUNT.get(game_id, OTHER_GAMES)
    counts = {}
    for mode in ("none", "setup-engine", "engine", "finish-engine"):
        counts[mode], _ = instructions([sys.executable, "-c", LOOPS, str(ROOT / "benchmarks"), mode, game_id, str(players), str(games)])
    build = (counts["setup-engine"] - counts["none"]) / games
    finish = (counts["finish-engine"] - counts["engine"]) / games
    return {
        "game": game_id, "players": players, "games": games,
        "build_match_instructions": round(build), "finish_instructions": round(finish),
        "fixed_instructions_per_game": round(build + finish),
    }


def startup_figures() -> list[dict]:
    bgkit = shutil.which("bgkit", path=str(Path(sys.executable).parent)) or "bgkit"
    typer, _ = instructions([sys.executable, "-c", "import typer"])
    rows = []
    for args in STARTUP:
        count, _ = instructions([sys.executable, bgkit, *args])
        shown = " ".join(args).replace(str(ROOT) + "/", "")
        rows.append({"command": f"bgkit {shown}", "instructions": count, "times_import_typer": round(count / typer, 3)})
    rows.append({"command": "python -c 'import typer'", "instructions": typer, "times_import_typer": 1.0})
    return rows


def game_arg(text: str) -> tuple[str, int]:
    game_id, _, players = text.partition(":")
    if not players.isdigit():
        raise argparse.ArgumentTypeError(f"{text!r}: write GAME:PLAYERS, e.g. goofspiel:2")
    return game_id, int(players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", action="append", type=game_arg, metavar="GAME:PLAYERS", help="a game and player count (repeatable)")
    parser.add_argument("--no-loops", action="store_true", help="skip engine ÷ bare")
    parser.add_argument("--no-startup", action="store_true", help="skip start-up × import typer")
    parser.add_argument("--fixed", action="store_true", help="also count each game's fixed cost (build_match and finish)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("benchmarks/instructions.py needs valgrind (e.g. apt install valgrind)", file=sys.stderr)
        return 2
    report: dict = {"python": sys.version.split()[0]}
    if not args.no_loops:
        report["loops"] = [loop_figures(g, p) for g, p in (args.game or [game_arg(g) for g in DEFAULT_GAMES])]
    if args.fixed:
        report["fixed"] = [fixed_figures(g, p) for g, p in (args.game or [game_arg(g) for g in DEFAULT_GAMES])]
    if not args.no_startup:
        report["startup"] = startup_figures()
    if args.format == "json":
        print(json.dumps(report, indent=2))
        return 0
    print(f"bgkit by instruction count (callgrind), Python {report['python']}")
    for row in report.get("loops", []):
        print(f"  {row['game']} {row['players']} players: engine {row['engine_instructions_per_decision']:,} and bare "
              f"{row['bare_instructions_per_decision']:,} instructions a decision, engine ÷ bare {row['engine_over_bare']:.3f}"
              f" ({row['games']} games each)")
    for row in report.get("fixed", []):
        print(f"  {row['game']} {row['players']} players: a game's fixed cost {row['fixed_instructions_per_game']:,} instructions"
              f" (build_match {row['build_match_instructions']:,}, finish {row['finish_instructions']:,}; {row['games']} games)")
    for row in report.get("startup", []):
        print(f"  {row['command']:58s} {row['instructions'] / 1e6:7.1f}M instructions  × import typer {row['times_import_typer']:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
