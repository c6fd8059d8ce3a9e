"""Same seed, same game: digests of a few Burgundy games, to compare one commit with another.

``python golden_games.py > golden/games.json`` (with the bgkit to compare installed) writes the
digests; ``test_burgundy_golden.py`` recomputes them with the code under test. Each game is
told by two SHA-256 digests: of its log (every action text, chance outcomes included) and of
every legal-action list offered on the way (texts in order), so a change in what is offered, or
in its order, shows even where a bot would have chosen the same.

The games are played under the default rules (2011) and avoid the one situation where a rule
fix deliberately changed default games: a player holding knowledge tile #5 placing a ship while
goods lie on the depots (since then #5 also offers one depot alone). ``knowledge_5_ships``
counts such moments; it is 0 for every game kept here, and the test checks it stays 0.
"""

from __future__ import annotations

import hashlib
import json
import sys

# (label, players, seat kind, options) -- the seeds are chosen below
GAMES = [
    ("random-2p", 2, "random", {"boards": "standard", "ruleset": "2011"}),
    ("random-3p", 3, "random", {"boards": "standard", "ruleset": "2011"}),
    ("random-4p", 4, "random", {"boards": "standard", "ruleset": "2011"}),
    ("random-4p-boards", 4, "random", {"boards": "random", "ruleset": "2011"}),
    ("greedy-2p", 2, "greedy", {"boards": "standard", "ruleset": "2011"}),
    ("greedy-3p", 3, "greedy", {"boards": "standard", "ruleset": "2011"}),
    ("greedy-4p", 4, "greedy", {"boards": "standard", "ruleset": "2011"}),
]
PER_KIND = 3  # games kept per entry of GAMES


def play(game, players: int, kind: str, seed: int, options: dict) -> dict:
    """One game through the engine, with every legal list recorded as the seats see it."""
    from bgkit.api import Decision
    from bgkit.testing import build_match, seat_names
    from bgkit_burgundy import codes

    specs = [kind] * players
    match = build_match(game, specs, seat_names(specs), seed, dict(options))
    offered = hashlib.sha256()
    k5_ships = 0
    for seat in match.seats:
        choose = seat.choose

        def recorded(decision: Decision, _choose=choose):
            nonlocal k5_ships
            source = decision._source
            offered.update(("\x1e" + "\x1f".join(source.action_text(a) for a in decision.actions)).encode())
            top = source.pending.top() if source.pending else None
            if top is not None and top[0] == codes.P_SHIP and source.know[decision.player] & codes.K[5]:
                k5_ships += 1
            return _choose(decision)

        seat.choose = recorded
        seat.__dict__.pop("pick", None)  # the random bot's shortcut would bypass the recording
    while not match.state.is_terminal():
        match.step()
    match.finish()
    log = "\n".join(f"{p} {t}" for p, t in match.log.actions)
    return {
        "log": hashlib.sha256(log.encode()).hexdigest(),
        "offered": offered.hexdigest(),
        "actions": len(match.log.actions),
        "scores": match.log.result["scores"],
        "knowledge_5_ships": k5_ships,
    }


def main() -> None:
    from bgkit.testing import get_registry

    game = get_registry().load_game("burgundy")
    out = []
    for label, players, kind, options in GAMES:
        kept, seed = 0, 0
        while kept < PER_KIND:
            seed += 1
            record = play(game, players, kind, seed, options)
            if record["knowledge_5_ships"]:
                continue
            out.append({"label": label, "players": players, "seat": kind, "seed": seed, "options": options, **record})
            kept += 1
            print(label, seed, file=sys.stderr)
    json.dump(out, sys.stdout, indent=1)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
