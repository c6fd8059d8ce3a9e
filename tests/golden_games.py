"""Golden playthroughs: every game, at every player count, played and recorded, so a refactor can
show it changed no game (same seed, same game, byte for byte).

``python tests/golden_games.py`` plays every recorded playthrough again with the installed code
and prints what differs; ``--update [GAME...]`` rewrites ``tests/golden/GAME.json`` (all games
without names). ``tests/test_golden.py`` checks them. A golden file changes only in a commit that
says which games changed and why (docs/design.md, "Golden playthroughs").

A playthrough is played through the public entry points (``build_match``, ``Match.play``) and
recorded as:

* ``actions``: the log, one row per action: ``[seat or -1 for chance, its text, digest]``, where
  the digest (8 hex digits of SHA-256) is of what was offered at that point: the legal actions'
  texts in order, or the chance outcomes' texts and probabilities; ``offered`` is the SHA-256 of
  all of them (so a change in what is offered, or in its order, shows even where the game went
  on the same way);
* ``samples``: after action 10, half-way and at the end, every seat's ``view(seat)`` and the
  spectator's drawing (``render(None)`` on a 160-column console): SHA-256 digests, and in full for
  one playthrough of each game (its ``showcase``), so a reader sees what is pinned;
* ``state``, the SHA-256 of the final state's ``to_dict()`` (hidden information included; replaying
  the log must end in it too), ``sheet`` (``Game.sheet_from_state`` of the final state) and
  ``result`` (scores, ranks, winners, decided_by, decisions);
* for a game with people at the terminal (``person``; ``table``: chance typed in at a real table
  too), ``answers``: ``[prompt, what was typed, digest of what the screen printed before it]``,
  and ``screen``, the SHA-256 of the whole transcript (a 100x40 console, no colour). The answers
  were chosen once, at generation, by a seeded person reading the legal actions (and a seeded
  table drawing outcomes); the check types them again with ``bgkit.testing.scripted``.

The games are loaded as their plugins define them, through the core's hooks only, so an installed
house-rule plugin changes nothing here. :func:`positions` is the one function that reaches below
the public entry points (it steps a log's states); after a change to the core, only it may need
updating. (Making the files also asks a greedy bot for a person's move: :class:`Person`.)
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterator

FOLDER = Path(__file__).parent / "golden"
GAMES = ("burgundy", "bruges", "bluemooncity", "bretagne", "bridgetroll", "goofspiel")

#: Per game, options other than the defaults, played once at the highest player count.
OPTIONS = {
    "burgundy": {"boards": "random-secret", "ruleset": "2019", "start": "2"},
    "bruges": {"colours": "fixed", "start": "1"},
    "bluemooncity": {"layout": "random", "deal": "yes", "start": "2"},
    "bretagne": {"start": "1"},
    "bridgetroll": {"colours": "seat", "deck": "order", "start": "3"},
    "goofspiel": {"deck": "8"},
}
MCTS = "mcts:iterations=20"
SAMPLE_AFTER = 10  # the first sample: after this many actions (then half-way, then the end)
SCREEN = {"width": 100, "height": 40}  # the person games' terminal
SHOWN_LINES = 30  # of a changed screen, the last lines a failure shows


@dataclass(frozen=True)
class Plan:
    """One playthrough: who sits where, the seed and the options; ``kind`` names it."""

    game: str
    players: int
    kind: str  # random | greedy | options | mcts | person | table
    seed: int
    seats: tuple[str, ...]
    options: dict = field(default_factory=dict, hash=False)
    chance: str = "random"
    showcase: bool = False  # views and drawings kept in full

    @property
    def id(self) -> str:
        return f"{self.game}-{self.players}p-{self.kind}-seed{self.seed}"


def plans(game_id: str) -> list[Plan]:
    """The playthroughs kept for a game: at every player count a random-bot and a greedy-bot
    game; at the smallest count an MCTS game, one a person plays at the terminal and one two
    people share, chance typed in at the table; at the largest count one with other options."""
    game = load(game_id)
    low, high = game.info.min_players, game.info.max_players
    defaults = {option.name: option.default for option in game.options}
    found = []
    for n in range(low, high + 1):
        found.append(Plan(game_id, n, "random", 1, ("random",) * n, defaults))
        found.append(Plan(game_id, n, "greedy", 2, ("greedy",) * n, defaults, showcase=n == low))
    found.append(Plan(game_id, high, "options", 3, ("greedy",) * high, {**defaults, **OPTIONS[game_id]}))
    found.append(Plan(game_id, low, "mcts", 4, (MCTS,) + ("greedy",) * (low - 1), defaults))
    found.append(Plan(game_id, low, "person", 5, ("human:Ada",) + ("greedy",) * (low - 1), defaults))
    found.append(Plan(game_id, low, "table", 6, ("human:Ada", "human:Bo") + ("greedy",) * (low - 2), defaults, "table"))
    return found


_LOADED: dict[str, Any] = {}


def load(game_id: str) -> Any:
    """The game as its plugin defines it: the core's hooks only (no house rule applies)."""
    if game_id not in _LOADED:
        from bgkit.plugins.registry import get_registry

        _LOADED[game_id] = get_registry().game(game_id).load()
    return _LOADED[game_id]


def positions(game: Any, setup: dict, actions: list) -> Iterator[Any]:
    """The state before each logged action, then the final one (one object, stepped in place).

    The one place below the public entry points: it starts a state from a setup and applies each
    logged text as the engine does (``bgkit.engine.match.replay``, one action at a time)."""
    from bgkit.engine.match import start_state
    from bgkit.engine.runtime import runtime_for

    runtime = runtime_for(game)
    state = start_state(game, setup)
    for _player, text in actions:
        yield state
        runtime.apply(state, runtime.parse_action(state, text))
    yield state


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def as_json(value: Any) -> Any:
    from bgkit.model.game import any_to_json

    return json.loads(json.dumps(any_to_json(value), sort_keys=True))


def offered_text(state: Any) -> str:
    """What is offered at ``state``: the legal actions' texts, or the chance outcomes with their
    probabilities, in order."""
    if state.is_chance():
        return "\x1f".join(f"{state.action_text(o)}\x1e{p!r}" for o, p in state.chance_outcomes())
    return "\x1f".join(state.action_text(a) for a in state.legal_actions())


def drawing(state: Any) -> str:
    from bgkit.testing import drawn

    return drawn(state, None)


# -- playing -----------------------------------------------------------------------------------


class Person:
    """Answers a prompt at generation time, as a seeded person at the table would: at each
    person's first turn ``?``, ``full`` and an answer that is not legal; then the action a greedy
    bot advises (one time in four a random legal one instead, so people differ from bots), typed
    as its text, every fifth time as its place in the list (#N); at the table, the outcome drawn at random; Enter
    when the screen is handed over."""

    def __init__(self, seed: int, names: list[str]):
        self.rng = random.Random(f"golden person {seed}")
        self.names = names
        self.match: Any = None
        self.advisor: Any = None
        self.extras = {name: ["?", "full", "no such action"] for name in names}
        self.turns = {name: 0 for name in names}

    def __call__(self, prompt: str) -> str:
        from bgkit.engine.match import decision_for
        from bgkit.sessions.build import core_bots

        state = self.match.state
        if prompt == "table> ":
            return state.action_text(state.chance_pick(self.rng.random()))
        name = prompt[:-2] if prompt.endswith("> ") else None
        if name not in self.names:
            return ""  # "..., the others look away, then press Enter"
        if self.extras[name]:
            return self.extras[name].pop(0)
        self.turns[name] += 1
        actions = state.legal_actions()
        if self.rng.random() < 0.25:
            action = self.rng.choice(actions)
        else:
            self.advisor = self.advisor or core_bots()["greedy"].factory(self.match.runtime, self.rng.getrandbits(32))
            action = self.advisor.choose(decision_for(state, state.current_player(), actions, self.rng))
        index, text = actions.index(action), state.action_text(action)
        # A place in the list is typed #N: a bare number may be the action's own (Goofspiel's card 10).
        return f"#{index + 1}" if self.turns[name] % 5 == 0 or text.strip().isdigit() else text


def play(plan: Plan, typed: list[str] | None = None, points: list[int] | None = None) -> tuple[dict, list[str]]:
    """Play ``plan`` and record it; a person game types ``typed`` (None: a seeded :class:`Person`
    chooses, as when the golden file is made); the samples are taken after ``points`` actions
    (None: after 10, half-way and at the end). Also returns what the screen printed before each
    answer (a person game's), to show where a screen changed."""
    from rich.console import Console

    from bgkit.engine.match import QuitRequest
    from bgkit.sessions.build import build_match, seat_names
    from bgkit.testing import scripted

    game = load(plan.game)
    names = seat_names(list(plan.seats))
    people = any(spec.startswith("human") for spec in plan.seats) or plan.chance == "table"
    console = Console(file=io.StringIO(), color_system=None, force_terminal=False, **SCREEN) if people else None
    answers: list[list] = []
    screens: list[str] = []
    people_names = [name for name, spec in zip(names, plan.seats) if spec.startswith("human")]
    person = Person(plan.seed, people_names) if typed is None else None
    ask = _recording(console, person or scripted(typed), answers, screens) if people else None
    match = build_match(game, list(plan.seats), names, plan.seed, dict(plan.options), chance=plan.chance, console=console, ask=ask)
    if person is not None:
        person.match = match
    stopped = None
    try:
        match.play()
    except QuitRequest:  # the typed answers ran out: the game went another way than recorded
        stopped = f"stopped after {len(match.log.actions)} actions: the answers typed ran out"
    if match.screen is not None and stopped is None:
        match.screen.flush()  # the last moves, as `bgkit play` prints them before the final table
    return _record(plan, game, match, answers, console, stopped, points), screens


def _recording(console: Any, answer: Callable[[str], str], answers: list, screens: list) -> Callable[[str], str]:
    """An ``ask`` that keeps each prompt, its answer and a digest of what the screen printed since
    the previous one (and that text, in ``screens``)."""
    mark = 0

    def ask(prompt: str) -> str:
        nonlocal mark
        text = console.file.getvalue()
        printed, mark = text[mark:], len(text)
        screens.append(printed)
        typed = answer(prompt)  # EOFError when a scripted list has no answer left
        answers.append([prompt, typed, sha(printed)[:8]])
        return typed

    return ask


def _record(plan: Plan, game: Any, match: Any, answers: list, console: Any, stopped: str | None, points: Any) -> dict:
    log = match.log
    record: dict[str, Any] = {
        "id": plan.id,
        "game": plan.game,
        "players": plan.players,
        "seats": list(plan.seats),
        "seed": plan.seed,
        "options": dict(plan.options),
        "chance": plan.chance,
    }
    if plan.showcase:
        record["showcase"] = True
    record["setup"] = sha(json.dumps(as_json(log.setup), sort_keys=True))
    if stopped:
        record["stopped"] = stopped
    total = len(log.actions)
    points = points if points is not None else sorted({min(SAMPLE_AFTER, total), total // 2, total})
    showcased = points[len(points) // 2]  # half-way, kept in full in a showcase
    rows, samples, offered = [], [], hashlib.sha256()
    final = None
    for index, state in enumerate(positions(game, log.setup, log.actions)):
        if index in points:
            samples.append(_sample(state, index, plan.showcase and index == showcased))
        if index == total:
            final = state
            break
        text = offered_text(state)
        offered.update(("\x1d" + text).encode())
        player, action = log.actions[index]
        rows.append([player, action, sha(text)[:8]])
    record["offered"] = offered.hexdigest()
    record["actions"] = rows
    record["samples"] = samples
    record["state"] = sha(json.dumps(as_json(match.state.to_dict()), sort_keys=True))
    if final is not None and sha(json.dumps(as_json(final.to_dict()), sort_keys=True)) != record["state"]:
        record["replayed"] = "replaying the log ends in another state than playing it did"
    if final is not None and final.is_terminal():
        record["sheet"] = as_json(game.sheet_from_state(final))
        record["result"] = as_json(log.result)
    if console is not None:
        record["answers"] = answers
        record["screen"] = sha(console.file.getvalue())
    return record


def _sample(state: Any, after: int, full: bool) -> dict:
    views = [as_json(state.view(seat)) for seat in range(state.num_players)]
    text = drawing(state)
    if full:
        return {"after": after, "views": views, "drawing": text.splitlines()}
    return {"after": after, "views": [sha(json.dumps(v, sort_keys=True)) for v in views], "drawing": sha(text)}


def replay_plan(record: dict) -> Plan:
    """The plan a golden record was made from."""
    return Plan(
        record["game"], record["players"], record["id"].split("-")[2], record["seed"], tuple(record["seats"]),
        record["options"], record["chance"], record.get("showcase", False),
    )


def again(record: dict) -> tuple[dict, list[str]]:
    """A golden record played again with the code under test (a person types what was typed)."""
    typed = [answer for _prompt, answer, _screen in record["answers"]] if "answers" in record else None
    return play(replay_plan(record), typed, [sample["after"] for sample in record["samples"]])


# -- comparing ---------------------------------------------------------------------------------


def differences(expected: dict, actual: dict, screens: list[str] = ()) -> list[str]:
    """What differs between a golden record and the same playthrough now, first things first: the
    first action where the logs part (with both texts), the first where what was offered differs,
    the samples, the sheet, the result (each naming the first field that differs), the screen
    (with what it prints now before the first answer whose screen changed, from ``screens``)."""
    found = []
    old, new = expected["actions"], actual["actions"]
    if expected["setup"] != actual["setup"]:
        found.append("the setup made from the seed differs")
    parted = next((i for i, (a, b) in enumerate(zip(old, new)) if a[:2] != b[:2]), None)
    if parted is not None:
        a, b = old[parted], new[parted]
        found.append(f"the logs part at action {parted + 1}: recorded {_who(a[0])} {a[1]!r}, now {_who(b[0])} {b[1]!r}")
    elif len(old) != len(new):
        found.append(f"the game now has {len(new)} actions, recorded {len(old)}")
    if actual.get("stopped"):
        found.append(f"the person game {actual['stopped']}")
    offered = next((i for i, (a, b) in enumerate(zip(old, new)) if a[2] != b[2]), None)
    if offered is not None:
        a = old[offered]
        found.append(f"what was offered at action {offered + 1} ({_who(a[0])} about to play {a[1]!r}) differs")
    elif expected["offered"] != actual["offered"] and not found:
        found.append("what was offered differs")
    if actual.get("replayed"):
        found.append(actual["replayed"])
    if expected["state"] != actual["state"]:
        found.append("the final state differs (its to_dict(), hidden information included)")
    if [a["after"] for a in expected["samples"]] != [b["after"] for b in actual["samples"]]:
        found.append("the samples were taken after other actions (the game ends sooner)")
    for a, b in zip(expected["samples"], actual["samples"]):
        if a["after"] != b["after"]:
            break
        for seat, (x, y) in enumerate(zip(a["views"], b["views"])):
            if x != y:
                found.append(f"P{seat + 1}'s view after {a['after']} actions differs{_where(x, y)}")
        if a["drawing"] != b["drawing"]:
            found.append(f"the drawing after {a['after']} actions differs{_where(a['drawing'], b['drawing'])}")
    for key in ("sheet", "result"):
        if expected.get(key) != actual.get(key):
            found.append(f"the final {key} differs{_where(expected.get(key), actual.get(key))}")
    if "answers" in expected:
        for number, (a, b) in enumerate(zip(expected["answers"], actual.get("answers", [])), start=1):
            if a[0] != b[0]:
                found.append(f"prompt {number} differs: recorded {a[0]!r}, now {b[0]!r}")
                break
            if a[2] != b[2]:
                now = "".join(screens[number - 1:number]).splitlines()[-SHOWN_LINES:]
                found.append(f"the screen before answer {number} ({a[0]!r} {a[1]!r}) differs; it ends now:\n"
                             + "\n".join(now))
                break
        else:
            if expected.get("screen") != actual.get("screen"):
                found.append("the screen transcript differs (after the last answer)")
    return found


def _who(player: int) -> str:
    return "chance" if player == -1 else f"P{player + 1}"


MISSING = object()  # a key one side does not have


def _where(recorded: Any, now: Any, path: str = "") -> str:
    """Where two JSON values first differ (`` at player[1].prizes: recorded 3, now 4``); nothing
    to say of two digests."""
    if isinstance(recorded, dict) and isinstance(now, dict):
        for key in list(recorded) + [k for k in now if k not in recorded]:
            if recorded.get(key, MISSING) != now.get(key, MISSING):
                return _where(recorded.get(key, MISSING), now.get(key, MISSING), f"{path}.{key}" if path else str(key))
    elif isinstance(recorded, list) and isinstance(now, list) and len(recorded) == len(now):
        for index, (a, b) in enumerate(zip(recorded, now)):
            if a != b:
                return _where(a, b, f"{path}[{index}]")
    elif isinstance(recorded, str) and len(recorded) == 64 and not path:
        return ""
    shown = lambda value: "nothing" if value is MISSING else (  # noqa: E731
        r if len(r := json.dumps(value, ensure_ascii=False)) <= 80 else r[:77] + "...")
    return f" at {path or 'the top'}: recorded {shown(recorded)}, now {shown(now)}"


# -- files -------------------------------------------------------------------------------------


def path_of(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def read(game_id: str) -> list[dict]:
    return json.loads(path_of(game_id).read_text(encoding="utf-8"))["playthroughs"]


def write(game_id: str, records: list[dict]) -> None:
    about = (f"Golden playthroughs of {game_id}: made by python tests/golden_games.py --update {game_id}, "
             "checked by tests/test_golden.py; see the module docstring of tests/golden_games.py.")
    path_of(game_id).write_text(dump({"about": about, "playthroughs": records}) + "\n", encoding="utf-8")


def dump(value: Any, indent: int = 0, width: int = 100) -> str:
    """JSON a person can read and diff: anything short on one line, a long list one item a line
    (so each action of a log is one line)."""
    flat = json.dumps(value, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(value, (list, dict)) or not value:
        return flat
    pad = " " * (indent + 1)
    if isinstance(value, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {dump(v, indent + 1, width)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + dump(v, indent + 1, width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def main(argv: list[str]) -> int:
    update = "--update" in argv
    names = [a for a in argv if a != "--update"]
    unknown = [n for n in names if n not in GAMES]
    if unknown:
        print(f"unknown game {unknown[0]!r} (games: {', '.join(GAMES)})", file=sys.stderr)
        return 2
    changed = 0
    for game_id in names or GAMES:
        if update:
            records = [play(plan)[0] for plan in plans(game_id)]
            wrong = [f"{r['id']} ({r.get('stopped') or r['replayed']})" for r in records if r.get("stopped") or r.get("replayed")]
            if wrong:
                print(f"{game_id}: not written: {'; '.join(wrong)}", file=sys.stderr)
                return 1
            write(game_id, records)
            print(f"{path_of(game_id)}: {len(records)} playthroughs, {path_of(game_id).stat().st_size:,} bytes")
            continue
        recorded = read(game_id) if path_of(game_id).exists() else []
        wanted = {plan.id for plan in plans(game_id)}
        for record in recorded:
            found = differences(record, *again(record))
            changed += bool(found)
            print(f"{record['id']}: " + ("; ".join(found) if found else "same"))
        for missing in sorted(wanted - {r["id"] for r in recorded}):
            changed += 1
            print(f"{missing}: not recorded")
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
