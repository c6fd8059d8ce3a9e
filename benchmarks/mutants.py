"""Mutation testing of the core and the games: realistic one-line bugs planted one at a time; does a test notice?

Each mutant names a file (of the core or of a game), a line fragment found exactly once in it, its
replacement, and the test files to run. The script copies the checkout to a temporary folder, plants
one mutant at a time there, runs those tests with the copy (and the copy's game packages) first on
``PYTHONPATH``, and counts a mutant *killed* when a test fails (or hangs past ``--timeout``). It prints
each survivor and the kill rate per area (core, serve, history, exec, executors, flow, ranking,
determinisation; a game's own mutants, under ``plugins/`` or ``examples/``, count for that game);
the goal is at least 90% in every area. Each area has mutants of the kinds real bugs take (issue
39): a check removed, a direction flipped, a bound off by one, a concurrency guard dropped, an
escape dropped, where its code has such a thing.

    python benchmarks/mutants.py              # every mutant (about 20-40 minutes on 2 cores)
    python benchmarks/mutants.py --only engine # mutants whose file name contains "engine"
    python benchmarks/mutants.py --only bruges # one game's mutants
    python benchmarks/mutants.py --area flow   # one area's mutants (see area())
    python benchmarks/mutants.py --list        # the list, without running anything
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CLI = "tests/test_cli.py"
ENGINE = "tests/test_engine.py"
FILES = "tests/test_files.py"
VERIFY = "tests/test_verify.py"
BOTS = "tests/test_bots.py"
CONTRACT = "tests/test_contract.py"
CONFORMANCE = "tests/test_conformance.py"
SHEETS = "tests/test_sheets.py"
RANKING = "tests/test_ranking.py"
PLUGINS = "tests/test_plugins.py"
TOURNAMENT = "tests/test_tournament.py"
COMPONENTS = "tests/test_components.py"
TAMPER = "tests/test_log_tamper.py"
HOSTILE = "tests/test_hostile_input.py"
HOSTILE_FILES = "tests/test_hostile_files.py"
SAFETY = "tests/test_terminal_safety.py"
FAULTS = "tests/test_plugin_faults.py"
ARENA_RESUME = "tests/test_arena_resume_hostile.py"
HISTORY_STORE = "tests/test_history_store.py"
HISTORY_CLI = "tests/test_history_cli.py"
HISTORY_STATS = "tests/test_history_stats.py"
HISTORY_FILES = "tests/test_history_files.py"
HISTORY_TRANSFER = "tests/test_history_transfer.py"
EXECUTORS = "tests/test_executors.py"
INDEX = "tests/test_plugin_index.py"
FLOW = "tests/test_flow.py"
ARENA_ORDER = "tests/test_arena_seat_order.py"
EXEC_BOTS = "tests/test_exec_bots.py"
EXEC_MESSAGES = "tests/test_exec_messages.py"
SERVE = "tests/test_serve.py"
SERVE_PROCESS = "tests/test_serve_process.py"
SERVE_BROWSER = "tests/test_serve_browser.py"
TRANSFER = "tests/test_history_cli.py"
SECURITY = (SERVE, SERVE_PROCESS, "tests/test_serve_bounds.py")
GOOF_STATE = "examples/bgkit-goofspiel/bgkit_goofspiel/state.py"
GOOF_RULES = "examples/bgkit-goofspiel/bgkit_goofspiel/rules.py"
GOOF_OBSERVER = "examples/bgkit-goofspiel/bgkit_goofspiel/observer.py"
GOOF = "examples/bgkit-goofspiel/tests/test_goofspiel.py"
GOOF_SETUP = "examples/bgkit-goofspiel/tests/test_goofspiel_setup_file.py"
GOOF_DET = "examples/bgkit-goofspiel/tests/test_goofspiel_determinisation.py"
BURG_RULES = "plugins/bgkit-burgundy/bgkit_burgundy/rules.py"
BURG_ESTATE = "plugins/bgkit-burgundy/bgkit_burgundy/estate.py"
BURG_PLAY = tuple(f"plugins/bgkit-burgundy/tests/test_burgundy_{name}.py" for name in ("rules", "rule_gaps", "scenarios", "golden", "determinisation"))
BURG_SCORE = ("plugins/bgkit-burgundy/tests/test_burgundy_scoring.py",)
BRUG_STATE = "plugins/bgkit-bruges/bgkit_bruges/state.py"
BRET_STATE = "plugins/bgkit-bretagne/bgkit_bretagne/state.py"
TROLL_STATE = "plugins/bgkit-bridgetroll/bgkit_bridgetroll/state.py"
BMC_STATE = "plugins/bgkit-bluemooncity/bgkit_bluemooncity/state.py"
BMC_PLAY = tuple(f"plugins/bgkit-bluemooncity/tests/test_bluemooncity_{name}.py" for name in ("rules", "scoring", "play", "determinisation"))
TROLL_PLAY = tuple(f"plugins/bgkit-bridgetroll/tests/test_bridgetroll_{name}.py" for name in ("rules", "cards", "scoring", "play", "determinisation"))
BRET_PLAY = tuple(f"plugins/bgkit-bretagne/tests/test_bretagne_{name}.py" for name in ("rules", "scoring", "play", "determinisation"))
BRUG_PLAY = tuple(f"plugins/bgkit-bruges/tests/test_bruges_{name}.py" for name in ("rules", "abilities", "scoring", "play", "determinisation"))


@dataclass(frozen=True)
class Mutant:
    file: str
    old: str
    new: str
    tests: tuple[str, ...]
    what: str
    area: str = ""  # an area of its own (determinisation), else the file's


MUTANTS = [
    # engine: the log, replay, undo, saves, chance
    Mutant("bgkit/engine/driver.py", "            if logged != player:", "            if False:", (ENGINE, CLI, TAMPER, VERIFY),
           "replay and verify accept an action logged for the wrong seat"),
    Mutant("bgkit/engine/driver.py", "            if player < 0 and player != CHANCE:\n                raise BadInput(f\"action {number} ({text!r}) comes after the end",
           "            if False:\n                raise BadInput(f\"action {number} ({text!r}) comes after the end", (ENGINE, TAMPER, VERIFY),
           "replay and verify accept actions after the game has ended"),
    Mutant("bgkit/engine/driver.py", "                if drawn != text:", "                if False:", (VERIFY,), "chance outcomes are not checked against the seed"),
    Mutant("bgkit/engine/driver.py", "            history.append(event.told_to(seat))", "            history.append(Told(event.number, event.player, event.text, event.reveal))",
           (ENGINE,), "a seat's history holds what it was not told"),
    Mutant("bgkit/engine/match.py", "        if any(self.revealed[last:]) or any(p == CHANCE", "        if any(self.revealed[last + 1:]) or any(p == CHANCE",
           (ENGINE,), "undo ignores a reveal made by the undone decision itself"),
    Mutant("bgkit/engine/match.py", "time.monotonic() - match._saved_at >= 1.0", "time.monotonic() - match._saved_at >= 1e9",
           (ENGINE,), "bot moves are never autosaved before the end"),
    Mutant("bgkit/engine/match.py", "    for _ in range(drawn):\n        rng.random()", "    for _ in range(0):\n        rng.random()",
           (FILES,), "a resumed game starts the chance stream again"),
    Mutant("bgkit/engine/driver.py", "        if self.audience is None or (seat is not None and seat in self.audience):",
           "        if True:", (ENGINE,), "a seat is told private actions it was not in the audience of"),
    Mutant("bgkit/engine/driver.py", "        if not self.sealed or state.is_sealed():\n            return []",
           "        if True:\n            return []", (ENGINE,), "sealed choices are never revealed"),
    Mutant("bgkit/engine/match.py", "            raise bad(f\"players must be a whole number 1-{MAX_SEATS}, not {players!r}\")",
           "            pass", (CLI,), "a log's player count is not type-checked"),
    Mutant("bgkit/engine/match.py", "        if len(set(data[\"names\"])) != players:", "        if False:", (CLI, FILES, CONTRACT, ENGINE), "two seats may share a name in a log"),
    Mutant("bgkit/engine/match.py", "                        if checked[player] and action not in actions:",
           "                        if False:", (PLUGINS, FAULTS), "an untrusted bot's illegal move is applied"),
    Mutant("bgkit/engine/driver.py", "            return self.text\n        return self.public\n\n    def shown_to",
           "            return self.text\n        return self.text\n\n    def shown_to", (ENGINE,), "the public text is never used"),
    # verify
    Mutant("bgkit/sessions/verify.py", "            if log.result.get(key) != value:", "            if key != \"scores\" and log.result.get(key) != value:",
           (VERIFY, CLI), "verify ignores edited scores"),
    Mutant("bgkit/sessions/verify.py", "        if result is None:\n            raise BadInput(\"the log records a result",
           "        if False:\n            raise BadInput(\"the log records a result", (VERIFY,), "a log cut short keeps a made-up result"),
    Mutant("bgkit/sessions/verify.py", "        if make_setup(game, log.players, log.seed, options) != log.setup:", "        if False:",
           (VERIFY,), "options that contradict the setup pass"),
    Mutant("bgkit/sessions/verify.py", "    if log.seed is None and not allow_unseeded:", "    if False:", (VERIFY,), "a log without its seed verifies"),
    Mutant("bgkit/sessions/verify.py", "            _check_seat(runtime, spec)", "            parse_seat_spec(spec)", (VERIFY,), "verify takes seat parameters the command line refuses"),
    # savefile
    Mutant("bgkit/model/savefile.py", "        if not force and not (resuming is not None and path.resolve() == Path(resuming).resolve()):", "        if False:",
           (FILES,), "--save overwrites any file"),
    Mutant("bgkit/model/savefile.py", "    if path.is_symlink():", "    if False:", (FILES,), "a symlink is replaced by a regular file"),
    Mutant("bgkit/model/savefile.py", "now - candidate.stat().st_mtime > STALE_SECONDS", "now - candidate.stat().st_mtime > -1",
           (FILES,), "a temp file still being written is removed"),
    Mutant("bgkit/model/savefile.py", "    if not stat.S_ISREG(info.st_mode):", "    if False:", (CLI,), "/dev/zero is read as a save"),
    Mutant("bgkit/model/savefile.py", "        os.replace(tmp, path)", "        os.rename(tmp, str(path) + \".new\")", ("tests/test_savefile.py", ENGINE),
           "a save never reaches its file"),
    # ranking
    Mutant("bgkit/model/ranking.py", "        return (totals[i],) + tuple(tb.values[i] if tb.higher_wins else -tb.values[i] for tb in tiebreaks)",
           "        return (totals[i],) + tuple(tb.values[i] for tb in tiebreaks)", (RANKING,), "lower-is-better tie-breaks are ignored"),
    Mutant("bgkit/model/ranking.py", "        leaders = [i for i in leaders if tb.values[i] == best]", "        leaders = [i for i in range(len(totals)) if tb.values[i] == best]",
           (RANKING,), "a tie-break is read over every player, not only the tied leaders"),
    Mutant("bgkit/model/ranking.py", "(sum(1.0 for s in ranks if s > r) + 0.5 * (sum(1 for s in ranks if s == r) - 1)) / (n - 1)",
           "(sum(1.0 for s in ranks if s > r)) / (n - 1)", (CONTRACT, BOTS), "ties give no reward"),
    Mutant("bgkit/model/ranking.py", "        best = (max if tb.higher_wins else min)(tb.values[i] for i in leaders)",
           "        best = max(tb.values[i] for i in leaders)", (RANKING, TAMPER), "\"decided by\" ignores the tie-break's direction"),
    # sheets
    Mutant("bgkit/model/sheets.py", "len(items) > most:", "len(items) > most + 1:", (SHEETS,), "a list one item over its limit is accepted"),
    Mutant("bgkit/model/sheets.py", "        if name in names:\n            raise SheetError", "        if False:\n            raise SheetError",
           (SHEETS,), "two players with one name are accepted"),
    Mutant("bgkit/model/sheets.py", "                if self.minimum is not None and item < self.minimum:", "                if False:",
           (SHEETS, "plugins/bgkit-burgundy/tests/test_burgundy_scoring.py"), "negative values pass"),
    Mutant("bgkit/model/sheets.py", "            if value in owner:\n                first = owner[value]", "            if value in owner and owner[value] != index:\n                first = owner[value]",
           (CONTRACT,), "a card listed twice for one player passes"),
    Mutant("bgkit/model/sheets.py", "    if total > limit:", "    if total > limit + 1:", (CONTRACT, "plugins/bgkit-burgundy/tests/test_burgundy_scoring.py"),
           "one tile over the box's count passes"),
    # components
    Mutant("bgkit/model/components.py", "    if (low is not None and value < low) or (high is not None and value > high):",
           "    if low is not None and value < low:", (COMPONENTS,), "values above a table's maximum pass"),
    Mutant("bgkit/model/components.py", "        if own and name not in self:", "        if False:", (COMPONENTS,), "an unknown table in --data is ignored"),
    Mutant("bgkit/model/components.py", "        while key.group(1) == \"reconstructed\" and chunk.count(\"[\") > chunk.count(\"]\") and i < len(lines):",
           "        while False:", (CONTRACT,), "multi-line reconstructed lists are lost from the data status"),
    # cards, pending, seats
    Mutant("bgkit/model/cards.py", "    keys: dict[int, object] = {card: back(card) if back else None for card, copies in enumerate(totals) if copies}",
           "    keys: dict[int, object] = {card: None for card, copies in enumerate(totals) if copies}", (CONTRACT,), "resample ignores the cards' backs"),
    Mutant("bgkit/model/cards.py", "        self.counts[card] -= 1\n        self.size -= 1", "        self.counts[card] -= 1", (CONTRACT,), "a draw does not shrink the deck"),
    Mutant("bgkit/model/pending.py", "        other.frames = self.frames[:]", "        other.frames = self.frames", (CONTRACT,), "a clone shares the stack"),
    Mutant("bgkit/model/seats.py", "    return [(first + i) % players for i in range(players)]", "    return [(first - i) % players for i in range(players)]",
           (CONTRACT, CONFORMANCE), "turn order runs anticlockwise"),
    Mutant("bgkit/model/seats.py", "    return players if value == \"random\" else 1", "    return players", (CONTRACT,), "a fixed start player counts as random"),
    # human
    Mutant("bgkit/terminal/human.py", "    number = answer[1:] if answer.startswith(\"#\") else answer if numbers else \"\"",
           "    number = answer[1:] if answer.startswith(\"#\") else answer", (ENGINE,), "a rolled number at the table picks a list position"),
    Mutant("bgkit/model/errors.py", "    return \"\".join(ch if ch.isprintable() or ch == \" \" else repr(ch)[1:-1] for ch in str(text))",
           "    return str(text)", (CONTRACT, "tests/test_terminal_safety.py"), "control characters reach the terminal"),
    Mutant("bgkit/terminal/human.py", "            if event.player == person and not event.reveal:\n                continue",
           "            if event.player == person:\n                continue", (ENGINE,), "a person's own sealed choice is never shown revealed"),
    # bots
    Mutant("bgkit/bots/mcts.py", "            if state.is_sealed():\n                key = self._sealed_stage(", "            if False:\n                key = self._sealed_stage(",
           (BOTS,), "MCTS searches a sealed stage as if later choosers saw earlier choices"),
    Mutant("bgkit/bots/mcts.py", "            value = child.totals[mover] / child.visits + c * math.sqrt(log_n / child.visits)",
           "            value = child.totals[mover] / child.visits + math.sqrt(log_n / child.visits)", (BOTS,), "MCTS's exploration constant has no effect"),
    Mutant("bgkit/bots/mcts.py", "            value = reward / visits + c * math.sqrt(log_n / visits) if visits else float(\"inf\")",
           "            value = reward / visits + 1.4 * math.sqrt(log_n / visits) if visits else float(\"inf\")", (BOTS,), "c ignored in sealed stages"),
    Mutant("bgkit/bots/greedy.py", "            if value > best_value:", "            if value < best_value or best_value == float(\"-inf\"):",
           (BOTS, TOURNAMENT), "greedy picks the worst action"),
    Mutant("bgkit/bots/mcts.py", "                return rewards(state)", "                return rank_rewards([0.0] * state.num_players)",
           (BOTS,), "MCTS rollouts learn nothing from the end of the game"),
    # the registry, setups, the game
    Mutant("bgkit/plugins/registry.py", "                self._fail(plugin_name, f\"{hook_name} failed: {type(exc).__name__}: {exc}\")\n                continue",
           "                self._fail(plugin_name, f\"{hook_name} failed: {type(exc).__name__}: {exc}\")", (CONTRACT, PLUGINS), "a failed registration is kept half-done"),
    Mutant("bgkit/plugins/registry.py", "            if len(entries) == 1:", "            if len(entries) >= 1:", (PLUGINS,), "a duplicated game id goes to whoever registered first"),
    Mutant("bgkit/engine/setups.py", "        if value not in known[key].choices:", "        if False:", (CLI,), "an option value outside its choices is accepted"),
    Mutant("bgkit/engine/setups.py", "    if not isinstance(setup, dict):", "    if False:", (PLUGINS,), "a setup hook returning a list is used"),
    Mutant("bgkit/model/game.py", "        if not self.min_players <= players <= self.max_players:", "        if not self.min_players <= players:",
           (CLI, CONTRACT), "too many players are accepted"),
    Mutant("bgkit/tournaments/tournament.py", "        order = tuple((position + rotation) % k for position in range(k))", "        order = tuple(range(k))",
           (TOURNAMENT,), "seats never rotate between games"),
    Mutant("bgkit/sessions/build.py", "    bot_seeds = bot_seeds or [derive_seed(seed, \"bot\", i) for i in range(len(specs))]",
           "    bot_seeds = bot_seeds or [derive_seed(seed, \"bot\", 0) for i in range(len(specs))]", (TOURNAMENT, BOTS, CLI), "every seat's bot gets the same seed"),
    # hostile input and faults (issue 33)
    Mutant("bgkit/plugins/registry.py", "    return not isinstance(exc, KeyboardInterrupt)", "    return isinstance(exc, Exception)", (FAULTS,),
           "a plugin's SystemExit ends bgkit instead of being named"),
    Mutant("bgkit/plugins/registry.py", "        found = owners.get(top, found)", "        found = found or owners.get(top)", (FAULTS,),
           "a house rule's fault is blamed on the outermost plugin (the game)"),
    Mutant("bgkit/cli/main.py", "    return f\"bgkit: error: {_long_numbers(escape_controls(exc))}\"", "    return f\"bgkit: error: {exc}\"",
           (SAFETY,), "an error line prints a file's name raw"),
    Mutant("bgkit/terminal/render.py", "        text = _controls_escaped(text)\n", "", (SAFETY,), "a plugin's drawing sends a name's escape codes to the terminal"),
    Mutant("bgkit/terminal/render.py", "            return super().render_str(text, **{**kwargs, \"markup\": False})", "            raise",
           (SAFETY,), "a name with markup ([/bold]x) fails the drawing"),
    Mutant("bgkit/model/savefile.py", "the file as it was is kept\n        raise WriteFailed(path, exc.strerror or str(exc)) from None", "the file as it was is kept\n        raise", (HOSTILE_FILES, "tests/test_savefile.py"),
           "a full disk is a traceback"),
    Mutant("bgkit/engine/setups.py", "        except ValueError:  # an integer literal longer than Python converts (4,300 digits)\n            long",
           "        except OverflowError:  # an integer literal longer than Python converts (4,300 digits)\n            long", (HOSTILE,),
           "a 5,000-digit number in a JSON setup file is a traceback"),
    Mutant("bgkit/bots/mcts.py", "number_param(params, \"seconds\", None, float, most=MOST_SECONDS)", "number_param(params, \"seconds\", None, float)",
           (HOSTILE,), "a resumed save thinks for a billion seconds"),
    Mutant("bgkit/tournaments/arena.py", "        specs, games, players, seed, options = _header_values(header)",
           "        specs, games, players, seed, options = header[\"specs\"], header[\"games\"], header[\"players\"], header[\"seed\"], [f\"{k}={v}\" for k, v in header[\"options\"].items()]",
           (ARENA_RESUME,), "an arena header's types are not checked"),
    Mutant("bgkit/tournaments/arena.py", "                _check_record(record, plan.players)\n", "", (ARENA_RESUME,), "an arena record with ranks null is read"),
    # history
    Mutant("bgkit/history/players.py", "    return \" \".join(name.split()).casefold()", "    return \" \".join(name.split())", (HISTORY_STORE, HISTORY_CLI),
           "player names are matched case-sensitively"),
    Mutant("bgkit/history/store.py", "                    skipped.append((play.uid, there[0]))\n                    continue",
           "                    skipped.append((play.uid, there[0]))", (HISTORY_STORE, HISTORY_CLI),
           "importing the same export twice doubles every play"),
    Mutant("bgkit/history/store.py", "        version = old_play.version + 1", "        version = old_play.version", (HISTORY_STORE, HISTORY_CLI),
           "an edited play keeps its version number"),
    Mutant("bgkit/history/store.py", "            if player_id in taken:", "            if False:", (HISTORY_STORE, HISTORY_CLI),
           "two seats of one play may be the same player"),
    Mutant("bgkit/history/validate.py", "        if isinstance(value, int) and not -(2**63) <= value < 2**63:", "        if False:", (HOSTILE_FILES,),
           "a number past 64 bits is imported into SQLite"),
    Mutant("bgkit/history/schema.py", "            if copy is not None:\n                copy.unlink(missing_ok=True)", "            if False:\n                pass",
           (HOSTILE_FILES,), "a failed upgrade leaves a backup on every command"),
    Mutant("bgkit/history/files.py", "        if not path.is_file():", "        if False:", (HOSTILE_FILES,), "a FIFO as --db hangs"),
    Mutant("bgkit/history/store.py", "    except (TypeError, ValueError, RecursionError):\n        raise DamagedPlay", "    except RecursionError:\n        raise DamagedPlay",
           (HOSTILE_FILES,), "non-JSON in a JSON column is a traceback"),
    Mutant("bgkit/history/files.py", "    if version > SCHEMA_VERSION:", "    if version > SCHEMA_VERSION + 1:", (HISTORY_FILES,),
           "a history one schema version newer is opened"),
    Mutant("bgkit/history/store.py", "            self.conn.execute(\"BEGIN IMMEDIATE\")", "            self.conn.execute(\"BEGIN\")", (HISTORY_FILES,),
           "a deferred write transaction: a writer fails with 'database is locked' instead of waiting"),
    Mutant("bgkit/history/files.py", "    if path.is_symlink():", "    if False:", (HISTORY_FILES,), "--db through a link to nothing makes its target"),
    Mutant("bgkit/history/store.py", "        if not empty:", "        if True:", (HISTORY_FILES,), "an empty file becomes a history when the command fails"),
    Mutant("bgkit/history/transfer.py", "seat.seat + 1, seat.player", "seat.seat, seat.player", (HISTORY_TRANSFER,), "CSV seats numbered from 0"),
    Mutant("bgkit/history/transfer.py", "    guarded = \"'\" + text if text.startswith(FORMULA_STARTS) else text", "    guarded = text", (HISTORY_TRANSFER,),
           "a formula in a name runs in the spreadsheet"),
    Mutant("bgkit/history/transfer.py", "    return \"\".join(repr(ch)[1:-1] if _hidden(ch) else ch for ch in guarded)", "    return guarded",
           (HISTORY_TRANSFER,), "a name's escape codes are written raw into the CSV"),
    Mutant("bgkit/history/validate.py", "frozenset(range(0x202A, 0x202F))", "frozenset(range(0x202A, 0x202E))", (HISTORY_TRANSFER,),
           "U+202E, the right-to-left override, is let into names"),
    Mutant("bgkit/history/validate.py", "        if not 1 <= value <= players:", "        if not 0 <= value <= players:", (HISTORY_TRANSFER,),
           "an imported rank 0 is stored"),
    Mutant("bgkit/history/validate.py", "        if isinstance(value, float) and not math.isfinite(value):", "        if False:", (HISTORY_TRANSFER,),
           "an imported infinite total is stored"),
    Mutant("bgkit/history/transfer.py", "    if play.game not in games:", "    if False:", (HISTORY_TRANSFER,), "an import stores a game that is not installed"),
    Mutant("bgkit/history/stats.py", "        run = run + 1 if result == last else 1", "        run = run + 1", (HISTORY_STATS,), "a streak never breaks"),
    Mutant("bgkit/history/stats.py", "        \"ahead\": sum(1 for _, x, y in both if x.rank < y.rank),", "        \"ahead\": sum(1 for _, x, y in both if x.rank <= y.rank),",
           (HISTORY_STATS,), "a tie counts as finishing ahead"),
    Mutant("bgkit/history/stats.py", "        p[\"win_share\"] = _round(p[\"wins\"] / total_wins) if total_wins else None",
           "        p[\"win_share\"] = _round(p[\"wins\"] / len(plays)) if total_wins else None", (HISTORY_STATS,), "win shares do not add up"),
    Mutant("bgkit/history/views.py", "            literal(play.location or \"\"),", "            play.location or \"\",", (SAFETY, HISTORY_CLI),
           "a location's escape codes reach the terminal"),
    # executors
    Mutant("bgkit/tournaments/executors.py", "        return max(1, min(fits, max(share, fits // 10), MAX_CHUNK))", "        return max(1, min(fits, MAX_CHUNK))",
           (EXECUTORS,), "the last chunks are not shared out among the workers"),
    Mutant("bgkit/tournaments/executors.py", "            self.handed_out += len(chunk)", "            pass", (EXECUTORS,), "the chunker never counts what it handed out"),
    Mutant("bgkit/tournaments/executors.py", "            self.per_game = (seconds if cpu is None else cpu) / games",
           "            self.per_game = seconds if cpu is None else cpu",
           (EXECUTORS,), "chunk sizes ignore how many games a chunk held"),
    Mutant("bgkit/tournaments/executors.py", "                    if failures > RESTARTS:", "                    if True:", (EXECUTORS,),
           "one dead worker ends the run instead of being replaced"),
    Mutant("bgkit/tournaments/executors.py", "                    result = running[yielded].result()", "                    result = running[max(running)].result()",
           (EXECUTORS, TOURNAMENT), "records come back out of order"),
    # the plugin index (issue 32)
    Mutant("bgkit/plugins/index.py", "    if stored is not None and stored.get(\"key\") == key:", "    if stored is not None:", (INDEX,),
           "a cached list is used after something was installed"),
    Mutant("bgkit/plugins/index.py", "        if path != keep and (number >= MAX_FILES or mtime < oldest):", "        if path != keep:", (INDEX,),
           "a new environment's list evicts every other"),
    # the games (issue 33): bugs a person editing the rules would make; each runs the game's own tests
    # goofspiel (the example game)
    Mutant(GOOF_RULES, "    if bids.count(best) == 1:", "    if bids.count(best) >= 1:", (GOOF,),
           "a tie for the highest bid gives the prize to the first tied bidder instead of discarding it"),
    Mutant(GOOF_RULES, "    best = max(bids)", "    best = min(bids)", (GOOF,), "the lowest bid wins the prize"),
    Mutant(GOOF_RULES, "        return CHANCE if state.prizes else TERMINAL", "        return CHANCE if len(state.prizes) > 1 else TERMINAL",
           (GOOF,), "the game ends one prize early"),
    Mutant(GOOF_RULES, "    return list(state.hands[state.current_player()])", "    return list(range(1, state.deck + 1))", (GOOF,),
           "a card already bid is offered again"),
    Mutant(GOOF_OBSERVER, "            other.bids[q] = pool.pop(rng.randrange(len(pool)))", "            other.bids[q] = pool.pop(pool.index(bid))",
           (GOOF, GOOF_DET), "a determinisation keeps the other seats' true sealed bids (a bot peeks)"),
    Mutant(GOOF_OBSERVER, "                \"unrevealed\": sorted(state.hands[q] + ([bid] if (bid := state.bids[q]) is not None else [])),",
           "                \"unrevealed\": sorted(state.hands[q]),", (GOOF,), "a seat's view shows which card another seat sealed (by its absence)"),
    Mutant("examples/bgkit-goofspiel/bgkit_goofspiel/render.py", "    if player is not None and q != player:\n        return public_row(state, q)", "    if False:\n        return public_row(state, q)", (GOOF,),
           "the drawing shown to one seat shows the others' hands and sealed bids"),
    Mutant("examples/bgkit-goofspiel/bgkit_goofspiel/scoring.py", "    table = [{\"prizes\": sum(values[\"prizes\"])} for values in sheet.players]",
           "    table = [{\"prizes\": len(values[\"prizes\"])} for values in sheet.players]", (GOOF, GOOF_SETUP),
           "a score sheet counts the prize cards won instead of adding their points"),
    # burgundy
    Mutant(BURG_RULES, "key=lambda p: (-state.track_pos[p], -state.track_stamp[p]))", "key=lambda p: (-state.track_pos[p], state.track_stamp[p]))",
           BURG_PLAY, "on a shared space of the turn-order track the marker underneath moves first, not the one on top"),
    Mutant(BURG_RULES, "    state.round += 1\n    if state.round < 5:", "    state.round += 1\n    if state.round < 4:", BURG_PLAY,
           "a phase ends after four rounds, not five"),
    Mutant(BURG_RULES, "    if state.phase == 5:", "    if state.phase == 4:", BURG_PLAY, "the game ends after phase D, one phase early"),
    Mutant(BURG_ESTATE, "    state.vp[p] += state.num_players * count", "    state.vp[p] += (state.num_players + 1) * count", BURG_PLAY,
           "selling goods scores one point too many per tile"),
    Mutant(BURG_RULES, "    state.silver[p] -= 2\n    state.bought = True", "    state.silver[p] -= 1\n    state.bought = True",
           BURG_PLAY, "buying from the black depot costs one silverling, not two"),
    Mutant(BURG_ESTATE, "        if taken < 2:", "        if taken < 3:", BURG_PLAY,
           "a third player to fill a colour still gets a bonus tile"),
    Mutant("plugins/bgkit-burgundy/bgkit_burgundy/scoring.py", "[v[\"empty_spaces\"] for v in sheet.players], higher_wins=False)",
           "[v[\"empty_spaces\"] for v in sheet.players], higher_wins=True)", BURG_SCORE,
           "a tie goes to the most empty estate spaces, not the fewest"),
    Mutant("plugins/bgkit-burgundy/bgkit_burgundy/scoring.py", "        \"workers\": values[\"workers\"] // 2,", "        \"workers\": values[\"workers\"],",
           BURG_SCORE, "each worker left scores a point, not one per two"),
    # bruges
    Mutant("plugins/bgkit-bruges/bgkit_bruges/rules.py", "        if len(leaders) == 1 and not state.markers[leaders[0]][m]:", "        if not state.markers[leaders[0]][m]:",
           BRUG_PLAY, "a tie for a majority gives the marker to the first tied player instead of no one"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/disasters.py", "    highs = sorted((v, c) for c, v in enumerate(state.dice) if v >= 5)",
           "    highs = sorted((v, c) for c, v in enumerate(state.dice) if v >= 4)", BRUG_PLAY, "a die showing 4 hands out threats"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/disasters.py", "    if state.threats[p][colour] == 3:", "    if state.threats[p][colour] == 4:", BRUG_PLAY,
           "a disaster strikes on the fourth threat of a colour, not the third"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/rules.py", "    state.start = (state.start + 1) % n", "    state.start = (state.start - 1) % n", BRUG_PLAY,
           "the start player passes right, not left"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/piles.py", "    if last == \"round\":\n        state.last_round = True", "    if last == \"round\":\n        state.last_next = True",
           BRUG_PLAY, "a pile running out while drawing ends the game a round late"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/plays.py", "        if empty and money >= price[x] - person_less[k]:", "        if empty and money >= price[x] - person_less[k] - 1:",
           BRUG_PLAY, "a person can be hired one guilder short"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/views.py", "    data[\"hands\"] = [sorted(h) if q == player else sorted(colour[x] for x in h) for q, h in enumerate(state.hands)]",
           "    data[\"hands\"] = [sorted(h) for q, h in enumerate(state.hands)]", BRUG_PLAY, "a seat's view shows the others' hands"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/scoring.py", "    tiebreaks = [TieBreak(\"guilders\", [values[\"guilders\"] for values in sheet.players])]",
           "    tiebreaks = [TieBreak(\"guilders\", [values[\"guilders\"] for values in sheet.players], higher_wins=False)]",
           ("plugins/bgkit-bruges/tests/test_bruges_scoring.py",), "a tie on points goes to the fewest guilders, not the most"),
    # bretagne
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/lighthouses.py", "key=lambda p: (-workers_on(state, site, p), _lowest(state, site, p)))", "key=lambda p: -workers_on(state, site, p))",
           BRET_PLAY, "a tie for a lighthouse's majority ignores who holds the lower level"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/views.py", "        other.hands[q] = hand", "        pass", BRET_PLAY,
           "a determinisation keeps the other seats' true equipment hands (a bot peeks)"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/views.py", "    data[\"hands\"] = [h.to_list() if q == player else len(h) for q, h in enumerate(state.hands)]",
           "    data[\"hands\"] = [h.to_list() for q, h in enumerate(state.hands)]", BRET_PLAY, "a seat's view shows the others' equipment cards"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/rules.py", "    if state.round >= play.rounds or all(", "    if state.round >= play.rounds - 1 or all(", BRET_PLAY,
           "the game ends a round early"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/rules.py", "    return sorted(range(state.num_players), key=lambda p: state.barge[p])",
           "    return sorted(range(state.num_players), key=lambda p: -state.barge[p])", BRET_PLAY,
           "boats are loaded from the highest barge number, not the lowest"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/building.py", "        state.res[p][r] -= c\n", "", BRET_PLAY, "a blueprint is bought without paying its resources"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/lighthouses.py", "    return inside < _harbour_capacity(state) and", "    return inside <= _harbour_capacity(state) and", BRET_PLAY,
           "a worker may enter a full harbour"),
    Mutant("plugins/bgkit-bretagne/bgkit_bretagne/scoring.py", "    return table[place - 1] if place <= len(table) else 0",
           "    return table[place - 1] if place < len(table) else 0", ("plugins/bgkit-bretagne/tests/test_bretagne_scoring.py",),
           "the last place that scores at Pontivy scores nothing"),
    # bridgetroll
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/rules.py", "    if state.deck.size < state.k:", "    if state.deck.size <= state.k:", TROLL_PLAY,
           "the game ends a round early, when the deck holds exactly one more round of travellers"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/rules.py", "    state.start = (state.start + 1) % state.num_players\n    state.round += 1", "    state.round += 1", TROLL_PLAY,
           "the weather die never passes left: the same player starts every round"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/bidding.py", "    state.vp[state.order[0]] += state.t.trophy_bonus", "    state.vp[state.order[-1]] += state.t.trophy_bonus", TROLL_PLAY,
           "the last trophy, not the first, scores the trophy bonus"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/scoreturn.py", "    state.vp[p] -= state.comp.upgrade_costs[value]\n", "", TROLL_PLAY, "a bridge upgrade is bought for free"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/hazards.py", "    if state.vp[p] >= damage:", "    if state.vp[p] > damage:", TROLL_PLAY,
           "a player with exactly the goat's damage in points must sell an upgrade"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/views.py", "            (list(b) if q == player else \"sealed\") if b is not None else None",
           "            list(b) if b is not None else None", TROLL_PLAY, "a seat's view shows the others' sealed bids"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/views.py", "                other.bids[q] = rule_bid(state.stones[q], rng, row)", "                other.bids[q] = bid", TROLL_PLAY,
           "a determinisation keeps the others' true sealed bids (a bot peeks)"),
    Mutant("plugins/bgkit-bridgetroll/bgkit_bridgetroll/display.py", "        return state.action_text(bid) if q == player else \"sealed\"",
           "        return state.action_text(bid)", TROLL_PLAY + ("plugins/bgkit-bridgetroll/tests/test_bridgetroll_terminal.py",),
           "the drawing shown to one seat shows the others' sealed bids"),
    # bluemooncity
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/rules.py", "    leader = next(state.owner[b] for b in boxes if held[state.owner[b]] == most)",
           "    leader = next(state.owner[b] for b in reversed(boxes) if held[state.owner[b]] == most)", BMC_PLAY,
           "a tie for a building's majority goes to the right-most marker, not the left-most"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/rules.py", "    if state.offerings[p] >= state.target:", "    if state.offerings[p] > state.target:", BMC_PLAY,
           "reaching the offering target does not end the game (one offering late)"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/rules.py", "    state.crystals[p] -= cost + extra", "    state.crystals[p] -= cost", BMC_PLAY,
           "a second offering in one turn is made without paying its extra crystals"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/rules.py", "state.crystals[q] >= cost + extra", "state.crystals[q] >= cost + extra - 1", BMC_PLAY,
           "an offering is offered one crystal short"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/rules.py", "    if not state.scaled:", "    if True:", BMC_PLAY, "every marker placed by a dragon earns a scale, not one a turn"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/views.py", "    for key in (\"hands\", \"deck\", \"pool\"):", "    for key in (\"deck\", \"pool\"):", BMC_PLAY,
           "a seat's view shows the others' hands"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/views.py", "        other.hands[q] = hand\n    other._legal", "        pass\n    other._legal", BMC_PLAY,
           "a determinisation keeps the others' true hands (a bot peeks)"),
    Mutant("plugins/bgkit-bluemooncity/bgkit_bluemooncity/scoring.py", "[TieBreak(CRYSTALS_TIEBREAK, crystals)]",
           "[TieBreak(CRYSTALS_TIEBREAK, crystals, higher_wins=False)]", ("plugins/bgkit-bluemooncity/tests/test_bluemooncity_scoring.py",),
           "a tie on offerings goes to the fewest crystals left, not the most"),
    # -- issue 39: the kinds of bug real changes make, in every area ------------------------------------
    # ranking: a direction flipped, a bound off by one, a check removed
    Mutant("bgkit/model/ranking.py", "    ranks = [1 + sum(1 for j in range(n) if keys[j] > keys[i]) for i in range(n)]",
           "    ranks = [1 + sum(1 for j in range(n) if keys[j] >= keys[i]) for i in range(n)]", (RANKING,),
           "tied players do not share a rank (each counts the other as ahead)"),
    Mutant("bgkit/model/ranking.py", "    if len(leaders) == 1:\n        return \"highest total\"", "    if False:\n        return \"highest total\"",
           (RANKING,), "a win on the total alone is credited to a tie-break"),
    Mutant("bgkit/model/ranking.py", "    if len(totals) < 2:\n        return \"only player\"", "    if len(totals) < 3:\n        return \"only player\"",
           (RANKING,), "a two-player game says \"only player\""),
    # flow: the pending stack read from the bottom, chance events out of order, a check removed
    Mutant("bgkit/model/flow.py", "                top = frames[-1]\n                if self.settle_frame(top):",
           "                top = frames[0]\n                if self.settle_frame(top):", (FLOW,), "the runner settles and asks the bottom frame, not the top"),
    Mutant("bgkit/model/flow.py", "            top = frames[-1]\n            return self.frame_rules[top[0]][0](self, top)",
           "            top = frames[0]\n            return self.frame_rules[top[0]][0](self, top)", (FLOW,), "the legal steps are the bottom frame's"),
    Mutant("bgkit/model/flow.py", "                top = frames[-1]\n                self.frame_rules[top[0]][1](self, top, action)",
           "                top = frames[0]\n                self.frame_rules[top[0]][1](self, top, action)", (FLOW,), "a step is applied to the bottom frame"),
    Mutant("bgkit/model/flow.py", "            self.apply_chance(self.chance.pop(0), action)", "            self.apply_chance(self.chance.pop(), action)",
           (FLOW,), "a chance outcome resolves the last event queued, not the first"),
    Mutant("bgkit/model/flow.py", "                if self.settle_chance(chance[0]):", "                if self.settle_chance(chance[-1]):", (FLOW,),
           "a forced chance event is settled out of turn"),
    Mutant("bgkit/model/flow.py", "            if chance:\n", "            if chance and not self.pending.frames:\n", (FLOW,),
           "a pending frame is asked before the chance events queued"),
    Mutant("bgkit/model/pending.py", "        return self.frames[-1] if self.frames else None", "        return self.frames[0] if self.frames else None",
           (FLOW,), "Pending.top() is the bottom frame"),
    # arena (core): a check removed
    Mutant("bgkit/tournaments/arena.py", "            if record.seed != expected.seed or record.seats != seats:", "            if record.seed != expected.seed:",
           (ARENA_RESUME, ARENA_ORDER), "arena --resume rates records whose seat order was changed"),
    # exec: a view leaked, a check removed, a bound off by one, the process group (concurrency) dropped, an escape dropped
    Mutant("bgkit/exec/seat.py", "            \"view\": match.state.view(player),\n        })", "            \"view\": match.state.view(0),\n        })",
           (EXEC_MESSAGES,), "an exec bot's start message carries the first seat's view"),
    Mutant("bgkit/exec/seat.py", "            \"view\": match.state.view(self.player),", "            \"view\": match.state.view(0),",
           (EXEC_MESSAGES,), "an exec bot's end message carries the first seat's view"),
    Mutant("bgkit/exec/seat.py", "            \"view\": match.state.view(player),\n        })",
           "            \"view\": match.state.view(player),\n            \"views\": [match.state.view(q) for q in range(len(log.names))],\n        })",
           (EXEC_MESSAGES,), "an exec bot's start message carries every seat's view besides its own"),
    Mutant("bgkit/exec/seat.py", "not 0 <= index < len(texts):", "not 0 <= index <= len(texts):", (EXEC_MESSAGES, EXEC_BOTS),
           "an answer one past the last action is taken"),
    Mutant("bgkit/exec/seat.py", "        if type(version) is not int or version != PROTOCOL:", "        if False:", (EXEC_BOTS, EXEC_MESSAGES),
           "a bot speaking another protocol is played"),
    Mutant("bgkit/exec/process.py", "                start_new_session=True,", "                start_new_session=False,", (EXEC_BOTS,),
           "a bot's helper processes are not in a group of their own and outlive it"),
    Mutant("bgkit/exec/seat.py", "    return repr(text if len(text) <= most else text[: most - 1] + \"…\")",
           "    return text if len(text) <= most else text[: most - 1] + \"…\"", (EXEC_BOTS, EXEC_MESSAGES),
           "a bot's junk is quoted raw in the error line"),
    # determinisations: each game's own fast test (a twin differing only in what the seat cannot see)
    Mutant("plugins/bgkit-burgundy/bgkit_burgundy/views.py",
           "    pool = sorted(g for pile in state.future for g in pile)\n    pool += [t + 1 for t in range(6) for _ in range(state.aside[t])]\n    pool.sort()\n    rng.shuffle(pool)\n",
           "    pool = [g for pile in state.future for g in pile]\n    pool += [t + 1 for t in range(6) for _ in range(state.aside[t])]\n",
           ("plugins/bgkit-burgundy/tests/test_burgundy_determinisation.py",), "Burgundy's face-down goods keep their true order (a bot sees the future draws)",
           "determinisation"),
    Mutant("plugins/bgkit-burgundy/bgkit_burgundy/views.py", "                other.secret[q] = rng.choice(state.boards[q].castle_spaces)", "                pass",
           ("plugins/bgkit-burgundy/tests/test_burgundy_determinisation.py",), "Burgundy keeps the others' true secret start spaces", "determinisation"),
    Mutant("plugins/bgkit-burgundy/bgkit_burgundy/views.py", "    rng.shuffle(pool)\n", "",
           ("plugins/bgkit-burgundy/tests/test_burgundy_determinisation.py",), "Burgundy's face-down goods are dealt sorted, never redrawn", "determinisation"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/views.py", "        other.hands[q] = sorted((c for pool in pools.values() for c in pool), key=colour.__getitem__)",
           "        pass", ("plugins/bgkit-bruges/tests/test_bruges_determinisation.py",), "Bruges keeps the others' true hands", "determinisation"),
    Mutant("plugins/bgkit-bruges/bgkit_bruges/views.py", "    other.unseen = dealt[0]", "    pass",
           ("plugins/bgkit-bruges/tests/test_bruges_determinisation.py",), "Bruges keeps the true unseen cards", "determinisation"),
    Mutant(BRET_STATE.replace("state.py", "views.py"), "    other.deck = dealt[0]", "    pass",
           ("plugins/bgkit-bretagne/tests/test_bretagne_determinisation.py",), "Bretagne keeps the true equipment deck", "determinisation"),
    Mutant(TROLL_STATE.replace("state.py", "views.py"), "        for q, bid in enumerate(state.bids):\n            if q != player and bid is not None:",
           "        for q, bid in enumerate(state.bids):\n            if q != player and bid is not None and q > player:",
           ("plugins/bgkit-bridgetroll/tests/test_bridgetroll_determinisation.py",), "Bridge Troll keeps the sealed bids of the seats before", "determinisation"),
    Mutant(BMC_STATE.replace("state.py", "views.py"), "    other.deck, other.pool = dealt[0], dealt[1]", "    other.pool = dealt[1]",
           ("plugins/bgkit-bluemooncity/tests/test_bluemooncity_determinisation.py",), "Blue Moon City keeps the true deck", "determinisation"),
    Mutant(GOOF_OBSERVER, "            pool = sorted(state.hands[q] + [bid])", "            pool = state.hands[q] + [bid]",
           (GOOF_DET,), "Goofspiel's redrawn bid depends on the true one (the pool is not sorted)",
           "determinisation"),
    # serve: checks removed, a bound off by one, a direction flipped, a concurrency guard dropped, escapes dropped
    Mutant("bgkit/serve/routes.py", "    if not csrf_ok(request, form):", "    if False:", SECURITY, "a form from another site changes the history (no CSRF check)"),
    Mutant("bgkit/serve/security.py", "                if len(body) > self.max_body:", "                if False:", SECURITY,
           "a chunked request body of any size is read into memory"),
    Mutant("bgkit/serve/security.py", "                if len(body) > self.max_body:", "                if len(body) > self.max_body + 1:", SECURITY,
           "a chunked body one byte over the cap is taken"),
    Mutant("bgkit/serve/security.py", "Path=/; HttpOnly; SameSite=Strict", "Path=/; SameSite=Lax", SECURITY,
           "the join and CSRF cookies lose HttpOnly and SameSite=Strict"),
    Mutant("bgkit/serve/routes.py", "    if out[\"since\"] and out[\"until\"] and out[\"since\"] > out[\"until\"]:",
           "    if out[\"since\"] and out[\"until\"] and out[\"since\"] < out[\"until\"]:", SECURITY, "a since/until range the right way round is refused"),
    Mutant("bgkit/serve/app.py", "ThreadPoolExecutor(max_workers=1,", "ThreadPoolExecutor(max_workers=4,", SECURITY,
           "history work runs on several threads at once (one SQLite connection shared)"),
    Mutant("bgkit/serve/charts.py", "        parts.append(f'<text x=\"{left + 16}\" y=\"{y}\">{escape(name)}</text>')",
           "        parts.append(f'<text x=\"{left + 16}\" y=\"{y}\">{name}</text>')", SECURITY,
           "a player's name in the stats chart's legend is drawn unescaped (stored XSS)"),
    Mutant("bgkit/serve/app.py", "        autoescape=True,", "        autoescape=False,", SECURITY, "the pages show typed names unescaped"),
    # history (the branch history adds its own kinds above): the draft recorded once, whoever presses Record
    Mutant("bgkit/history/store.py", "            if row[0] is not None:\n                recorded: int = row[0]", "            if False:\n                recorded: int = row[0]",
           (HISTORY_STORE, SERVE_PROCESS), "two phones pressing Record record the play twice"),
    # the conformance suite itself
    Mutant("bgkit/testing/conformance.py", "            assert any_to_json(first.view(q)) == any_to_json(second.view(q)), (",
           "            assert True or any_to_json(first.view(q)) == any_to_json(second.view(q)), (", ("tests/test_twin_determinisation.py",),
           "the twin check stops comparing what each seat is shown"),
    Mutant("bgkit/testing/conformance.py", "    assert len(samples) > 1, f", "    assert True or len(samples) > 1, f", ("tests/test_twin_determinisation.py",),
           "the twin check accepts a determinisation that redraws nothing"),
    Mutant("bgkit/testing/conformance.py", "    assert any_to_json(twin.view(player)) == view, f", "    assert True or any_to_json(twin.view(player)) == view, f",
           ("tests/test_twin_determinisation.py",), "the twin check takes a pair that is not a twin"),
    Mutant("bgkit/testing/conformance.py", "            assert again == sample, (", "            assert True or again == sample, (", ("tests/test_testing.py",),
           "the conformance suite stops checking that determinisations depend on the view alone"),
    Mutant("bgkit/testing/conformance.py", "            owed[(shown, blind)] = any(", "            owed[(shown, blind)] = True or any(", ("tests/test_testing.py",),
           "the conformance suite stops checking that a determinisation redraws what another seat was shown"),
]


def area(m: Mutant) -> str:
    """The area a mutant's file belongs to, for the kill rate per area."""
    if m.area:
        return m.area
    name = Path(m.file).name
    for folder, area_name in (("bgkit/serve/", "serve"), ("bgkit/exec/", "exec"), ("bgkit/history/", "history")):
        if m.file.startswith(folder):
            return area_name
    if name in ("flow.py", "pending.py"):
        return "flow"
    if name == "ranking.py":
        return "ranking"
    if name.startswith(("history", "stats", "render_history")):
        return "history"
    if name in ("executors.py", "dask_executor.py"):
        return "executors"
    if m.file.startswith(("plugins/", "examples/")):
        return m.file.split("/")[1].removeprefix("bgkit-")
    return "core"


def check(mutants: list[Mutant]) -> None:
    for m in mutants:
        text = (ROOT / m.file).read_text(encoding="utf-8")
        count = text.count(m.old)
        if count != 1:
            raise SystemExit(f"{m.file}: the fragment for '{m.what}' is found {count} times, not once")


def run(mutants: list[Mutant], timeout: float) -> int:
    check(mutants)
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / "checkout"
        shutil.copytree(ROOT, copy, ignore=shutil.ignore_patterns(".git", ".venv", "__pycache__", "*.egg-info", ".hypothesis"))
        # The games are installed editable from this checkout: put the copy's game packages first,
        # so a mutant planted in a plugin is the code the tests import (and any bgkit they start).
        games = [str(folder) for folder in sorted(copy.glob("*/bgkit-*")) if folder.parent.name in ("plugins", "examples")]
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(copy), *games]), "CI": "1"}
        survivors = []
        killed = 0
        start = time.perf_counter()
        for number, m in enumerate(mutants, start=1):
            path = copy / m.file
            original = path.read_text(encoding="utf-8")
            path.write_text(original.replace(m.old, m.new), encoding="utf-8")
            by = ""
            try:
                done = subprocess.run([sys.executable, "-m", "pytest", "-x", "-q", "-rfE", "-p", "no:cacheprovider", *m.tests],
                                      cwd=copy, env=env, capture_output=True, text=True, timeout=timeout)
                dead = done.returncode != 0
                # which test noticed: a collection error or a crash is a kill too, but worth a look
                by = next((line for line in done.stdout.splitlines() if line.startswith(("FAILED", "ERROR"))), "")
            except subprocess.TimeoutExpired:
                dead = True  # a hang is noticed too
                by = "a hang"
            finally:
                path.write_text(original, encoding="utf-8")
            killed += dead
            status = "killed" if dead else "SURVIVED"
            print(f"{number:>3}/{len(mutants)} {status:<8} {m.file}: {m.what}", flush=True)
            if by:
                print(f"{'':>17}by {by[:160]}", flush=True)
            if not dead:
                survivors.append(m)
        minutes = (time.perf_counter() - start) / 60
    rate = killed / len(mutants) if mutants else 1.0
    print(f"\nkill rate: {killed}/{len(mutants)} = {rate:.0%} ({minutes:.1f} minutes)")
    worst = 1.0
    for name in sorted({area(m) for m in mutants}):
        mine = [m for m in mutants if area(m) == name]
        dead = len(mine) - sum(1 for m in survivors if area(m) == name)
        worst = min(worst, dead / len(mine))
        print(f"  {name:<12} {dead}/{len(mine)} = {dead / len(mine):.0%}")
    for m in survivors:
        print(f"  survived: {m.file}: {m.what}")
    return 0 if worst >= 0.9 else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", help="run the mutants whose file contains this text")
    parser.add_argument("--area", help="run the mutants of this area (core, serve, exec, flow, ranking, determinisation, a game...)")
    parser.add_argument("--list", action="store_true", help="print the mutants and exit")
    parser.add_argument("--timeout", type=float, default=900.0, help="seconds one mutant's tests may take")
    args = parser.parse_args()
    mutants = [m for m in MUTANTS if (not args.only or args.only in m.file) and (not args.area or area(m) == args.area)]
    if args.list:
        check(mutants)
        for m in mutants:
            print(f"{m.file}: {m.what}  [{', '.join(m.tests)}]")
        return 0
    return run(mutants, args.timeout)


if __name__ == "__main__":
    sys.exit(main())
