#!/usr/bin/env bash
# A random bot for bgkit in bash, with jq to read the JSON (docs/bot-protocol.md):
#
#     bgkit play goofspiel 'exec:bash examples/bots/random.sh' greedy
#
# One JSON message a line on stdin; it answers the hello, then each decision with a random legal
# action's index, from bash's RANDOM seeded by the game's start (so a game replays exactly with
# the same bash). It starts one jq per message, so it is the slowest of the examples: it asks for
# one process per game (no "reuse"). Needs bash and jq (apt install jq, brew install jq).
set -u

while IFS= read -r line; do
  # type, number of legal actions, seed reduced to bash's RANDOM range: one jq call per message
  IFS=$'\t' read -r type count seed < <(jq -r '[.type, (.actions // [] | length), ((.seed // 0) % 32768)] | @tsv' <<<"$line")
  case "$type" in
    hello) printf '{"type":"hello","protocol":1,"name":"random.sh"}\n' ;;
    start) RANDOM=$seed ;;
    decide) printf '{"type":"action","index":%d}\n' $((RANDOM % count)) ;;
    error) printf 'random.sh: bgkit says: %s\n' "$(jq -r .message <<<"$line")" >&2 ;;
    # end: nothing to do; bgkit closes the input and the loop ends
  esac
done
