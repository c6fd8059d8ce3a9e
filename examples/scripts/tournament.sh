#!/usr/bin/env bash
# A bot tournament from the shell: show the setup, play many games, summarise the results.
#
# Usage: examples/scripts/tournament.sh [GAME [SEAT...]]
#   GAME   a game id from `bgkit games` (default: goofspiel)
#   SEAT   one per player: random, greedy, mcts[:iterations=N,...]
#          (default: mcts:iterations=200 greedy random)
#
# Environment:
#   BGKIT   how to run bgkit (default: bgkit; e.g. BGKIT="python -m bgkit")
#   PYTHON  the Python that summarises the JSON Lines output (default: python3; stdlib only)
#   GAMES, SEED, JOBS   the tournament's --games, --seed and --jobs (default: 12, 7, 2)
#
# Example: examples/scripts/tournament.sh goofspiel mcts:iterations=400 random
set -euo pipefail

if [ "${1:-}" = "-h" ] || [ "${1:-}" = "--help" ]; then
    sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
    exit 0
fi

game="${1:-goofspiel}"
if [ "$#" -gt 1 ]; then
    shift
    seats=("$@")
else
    seats=("mcts:iterations=200" greedy random)
fi
read -r -a bgkit <<< "${BGKIT:-bgkit}"
python="${PYTHON:-python3}"
games="${GAMES:-12}"
seed="${SEED:-7}"
jobs="${JOBS:-2}"

if ! command -v "${bgkit[0]}" > /dev/null; then
    echo "tournament.sh: cannot run ${bgkit[0]}; install bgkit or set BGKIT (e.g. BGKIT=\"python -m bgkit\")" >&2
    exit 2
fi

workdir="$(mktemp -d)"
trap 'rm -rf "$workdir"' EXIT

# 1. A setup, as a script sees it: one JSON document with game, players, seed and options (each
#    game of the tournament below makes its own from a seed derived from the tournament's).
"${bgkit[@]}" setup "$game" -p "${#seats[@]}" --seed "$seed" --format json > "$workdir/setup.json"
"$python" - "$workdir/setup.json" <<'PY'
import json
import sys

with open(sys.argv[1], encoding="utf-8") as handle:
    doc = json.load(handle)
options = ", ".join(f"{k}={v}" for k, v in doc["options"].items()) or "none"
print(f"A setup of {doc['game']} as a script reads it: {doc['players']} players, seed {doc['seed']}, options {options}")
shown = json.dumps(doc["setup"], ensure_ascii=False)
if len(shown) > 100:  # a big setup: name its parts (bgkit setup ... --format text draws it)
    shown = "parts: " + ", ".join(doc["setup"]) if isinstance(doc["setup"], dict) else shown[:100] + "..."
print(f"  {shown}")
PY

# 2. The tournament: JSON Lines, one record per game, then the summary object.
echo "Playing $games games of $game: ${seats[*]} (--seed $seed --jobs $jobs)..." >&2
"${bgkit[@]}" play "$game" "${seats[@]}" --games "$games" --seed "$seed" --format json --jobs "$jobs" \
    > "$workdir/games.jsonl"

# 3. The summary: win rates per seat from the summary object, decisions from the game records.
"$python" - "$workdir/games.jsonl" <<'PY'
import json
import sys

records, summary = [], None
with open(sys.argv[1], encoding="utf-8") as handle:
    for line in handle:
        if not line.strip():
            continue
        item = json.loads(line)
        if item.get("summary"):
            summary = item
        else:
            records.append(item)
if summary is None:
    sys.exit("tournament.sh: the output has no summary object (did bgkit play stop early?)")
if len(records) != summary["games"]:
    sys.exit(f"tournament.sh: {len(records)} game records but the summary counts {summary['games']}")

print(f"\n{summary['game']}: {summary['games']} games, seed {summary['seed']}")
width = max(len(label) for label in summary["seats"])
print(f"  {'seat':<{width}}  {'wins':>5}  {'win rate':>8}  {'95% interval':>13}  {'mean score':>10}  {'mean rank':>9}")
for label, seat in sorted(summary["seats"].items(), key=lambda item: -item[1]["win_rate"]):
    low, high = seat["win_rate_95"]
    wins = str(seat["wins"]) + ("*" if seat["shared_wins"] else "")
    print(
        f"  {label:<{width}}  {wins:>5}  {seat['win_rate']:>8.0%}  {f'{low:.0%}-{high:.0%}':>13}"
        f"  {seat['mean_score']:>10.1f}  {seat['mean_rank']:>9.2f}"
    )
if any(seat["shared_wins"] for seat in summary["seats"].values()):
    print("  * includes shared wins (a tie for first counts as a win for each)")

decisions = [record["decisions"] for record in records]
average = sum(decisions) / len(decisions)
print(f"Decisions per game: {average:.1f} on average (fewest {min(decisions)}, most {max(decisions)})")

# Seats rotate between games, so every seat spec sat in every position equally often.
positions = len(records[0]["seats"])
by_position = [0] * positions
for record in records:
    for winner in record["winners"]:
        by_position[record["seats"].index(winner)] += 1
shares = ", ".join(f"P{p + 1} {wins / len(records):.0%}" for p, wins in enumerate(by_position))
print(f"Wins by table position: {shares}")
PY
