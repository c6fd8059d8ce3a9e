"""Setups: options checked, a seed chosen and echoed, the game's randomiser run through its hook."""

from __future__ import annotations

import math
import random
from typing import Any

from bgkit.errors import BadInput, suggest
from bgkit.game import Game
from bgkit.rules import hooks_extended

MAX_SEED = 2**63 - 1


def new_seed() -> int:
    """A fresh seed for a run that was given none (printed, so the run can be repeated)."""
    import secrets  # only for a run without --seed: it loads OpenSSL, a few ms of every start

    return secrets.randbelow(10**9)


def parse_options(game: Game, pairs: list[str]) -> dict[str, str]:
    """``["boards=random"]`` -> all of the game's options, with defaults; BadInput on anything else."""
    known = {opt.name: opt for opt in game.options}
    values = {opt.name: opt.default for opt in game.options}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key, value = key.strip(), value.strip()
        if not sep or not key:
            raise BadInput(f"--option takes NAME=VALUE, not {pair!r}")
        if key not in known:
            names = ", ".join(known) or "none"
            raise BadInput(f"{game.info.name} has no option {key!r}{suggest(key, known)} (options: {names})")
        if value not in known[key].choices:
            raise BadInput(f"option {key} is {value!r}; choose one of {', '.join(known[key].choices)}"
                           f"{suggest(value, known[key].choices)}")
        values[key] = value
    return values


def check_seed(seed: int) -> int:
    if not 0 <= seed <= MAX_SEED:
        raise BadInput(f"seed must be between 0 and {MAX_SEED}, not {seed}")
    return seed


def make_setup(game: Game, players: int, seed: int, options: dict[str, str]) -> dict:
    """Run the ``bgkit_setup`` hook for a checked player count."""
    game.info.check_players(players)
    if hooks_extended(game.hooks, "bgkit_setup"):
        setup = game.hooks.bgkit_setup(game=game, players=players, seed=seed, options=options)
    else:  # only the core's implementation: the same call, without the dispatch
        setup = game.setup(players, random.Random(seed), options)
    if setup is None:
        raise BadInput(f"no plugin produced a setup for {game.info.name}")
    if not isinstance(setup, dict):
        from bgkit.errors import PluginError

        raise PluginError(f"plugin {game.info.plugin!r}: the setup of {game.info.name} is a {type(setup).__name__}, not a table")
    return setup


def setup_document(game: Game, players: int, seed: int, options: dict[str, str], setup: dict) -> dict[str, Any]:
    """The setup with everything needed to repeat it: game, players, seed, options."""
    return {"game": game.info.id, "players": players, "seed": seed, "options": options, "setup": setup}


def count_document(game: Game, players: int, options: dict[str, str]) -> dict[str, Any]:
    game.info.check_players(players)
    count = game.count_setups(players, options)
    return {
        "game": game.info.id,
        "players": players,
        "options": options,
        "count": count,
        "log10": round(math.log10(count), 3) if count > 0 else None,
    }


def read_setup(game: Game, path: Any, players: int) -> dict[str, Any]:
    """A setup document a person edited to what was laid out at the real table (``play --setup``).

    TOML or JSON, as ``bgkit setup --format toml|json`` writes it. Checked before play: the game
    and player count, the options, and the shape of ``setup`` against one the game makes itself
    (every key there, no unknown key, every value of the right type) — each problem names the
    file and line — then the game's own ``check_setup`` if it has one.
    """
    import json

    from bgkit.savefile import read_text
    from bgkit.tomllines import TomlLines, parse_toml

    source = str(path)
    text = read_text(path, "setup file")
    lines = None
    if text.lstrip().startswith("{"):
        try:
            doc = json.loads(text)
        except json.JSONDecodeError as exc:
            raise BadInput(f"not valid JSON: {exc.msg}", f"{source}:{exc.lineno}") from None
        except RecursionError:
            raise BadInput("nested too deep", source) from None
    else:
        doc = parse_toml(text, source)
        lines = TomlLines(text)

    def where(*key: Any) -> str:
        line = lines.line_of(*key) if lines else None
        return f"{source}:{line}" if line else source

    if not isinstance(doc, dict) or not isinstance(doc.get("setup"), dict):
        raise BadInput("a setup file has a [setup] table (as bgkit setup --format toml writes it)", source)
    if doc.get("game", game.info.id) != game.info.id:
        raise BadInput(f"this setup is for {doc.get('game')!r}, not {game.info.id!r}", where("game"))
    if doc.get("players", players) != players:
        raise BadInput(f"this setup is for {doc.get('players')!r} players, but {players} seats were given", where("players"))
    options = doc.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise BadInput("options must be a table of texts", where("options"))
    try:
        values = parse_options(game, [f"{k}={v}" for k, v in options.items()])
    except BadInput as exc:
        raise BadInput(exc.message, where("options")) from None
    seed = doc.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
        raise BadInput(f"seed must be a whole number, not {seed!r}", where("seed"))
    reference = make_setup(game, players, check_seed(seed if seed is not None else 0), values)
    _same_shape(doc["setup"], reference, ("setup",), where)
    game.check_setup(doc["setup"])
    return {"setup": doc["setup"], "options": values, "seed": seed}


def _same_shape(value: Any, reference: Any, path: tuple, where: Any) -> None:
    label = ".".join(str(p) for p in path)
    if isinstance(reference, dict):
        if not isinstance(value, dict):
            raise BadInput(f"{label} must be a table", where(*path))
        for key in reference:
            if key not in value:
                raise BadInput(f"{label} has no {key!r}", where(*path))
        for key in value:
            if key not in reference:
                raise BadInput(f"{label}.{key} is not part of a setup (known: {', '.join(reference)})", where(*path, key))
            _same_shape(value[key], reference[key], path + (key,), where)
    elif isinstance(reference, list):
        if not isinstance(value, list):
            raise BadInput(f"{label} must be a list", where(*path))
        if reference:
            for index, item in enumerate(value):
                _same_shape(item, reference[min(index, len(reference) - 1)], path + (index,), where)
    else:
        kinds = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
        expected = type(reference)
        if reference is not None and (type(value) is not expected and not (expected is float and type(value) is int)):
            raise BadInput(f"{label} must be {kinds.get(expected, expected.__name__)}, not {value!r}", where(*path))
