"""Files never start programs: the ``exec:`` seats a save or an arena file names, given again.

A file bgkit reads (a save to ``--resume``, an arena's JSON Lines) may name ``exec:`` programs.
None of them runs unless the person gives that seat again on this command line (``--seat N=SPEC``
for ``bgkit play``, ``--bot N=SPEC`` for ``bgkit arena``: the same spec, word for word), or, at a
terminal, confirms it with the whole argv shown. A confirmed seat never writes where the file
says: its ``stderr=FILE`` is dropped (the bot's messages come to the terminal instead). Without a
terminal and without the seat given again, resuming is bad input naming the program (exit 2).
"""

from __future__ import annotations

import re
import shlex
from typing import Callable

from bgkit.bots import parse_seat_spec
from bgkit.model.errors import BadInput

_GIVEN = re.compile(r"(\d+)=(.+)", re.S)


def parse_given(given: list[str], option: str, count: int, word: str) -> dict[int, str]:
    """``["2=exec:node bot.js"]`` -> ``{1: "exec:node bot.js"}`` (seats counted from 1 on the command line)."""
    seats: dict[int, str] = {}
    for text in given:
        found = _GIVEN.fullmatch(text.strip())
        if found is None:
            raise BadInput(f"{option} takes N=SPEC (the seat's number and its spec as saved), not {text!r}")
        number, spec = int(found.group(1)), found.group(2).strip()
        if not 1 <= number <= count:
            raise BadInput(f"{option} {number}: there is no {word} {number} ({word}s 1-{count})")
        if number - 1 in seats:
            raise BadInput(f"{option} {number} given twice")
        seats[number - 1] = spec
    return seats


def runs(spec: str) -> str:
    """For the screen, after a seat's name: `` (runs PROGRAM ARGS)`` for an ``exec:`` seat, whatever
    its name says; nothing for any other."""
    kind, params = parse_seat_spec(spec)
    return f" (runs {params['command']})" if kind == "exec" else ""


def programs_allowed(specs: list[str], given: dict[int, str], source: str, option: str, word: str,
                     confirm: Callable[[str], bool] | None) -> list[str]:
    """The specs to build seats from: every ``exec:`` one given again (``given``, by seat index) or
    confirmed through ``confirm`` (None: no terminal, so refused); the confirmed ones without
    their ``stderr=``. Any given spec must be the saved one."""
    for index, spec in given.items():
        if spec != specs[index]:
            raise BadInput(f"{word} {index + 1} is saved as {specs[index]!r}, not {spec!r} ({option} gives it again as saved)", source)
    unconfirmed = [i for i, spec in enumerate(specs) if _kind(spec, source) == "exec" and i not in given]
    if not unconfirmed:
        return list(specs)
    if confirm is None:
        first = unconfirmed[0]
        again = " ".join(f"{option} {i + 1}={shlex.quote(specs[i])}" for i in unconfirmed)
        raise BadInput(f"{word} {first + 1} runs the program {_argv(specs[first])} named in the file; a file never starts a program: "
                       f"to run it, give it again: {again}", source)
    lines = [f"{source} names {'a program' if len(unconfirmed) == 1 else 'programs'} to run:"]
    for i in unconfirmed:
        kind, params = parse_seat_spec(specs[i])
        lines.append(f"  {word} {i + 1} {exec_label(params)!r} runs: {_argv(specs[i])}")
        if "stderr" in params:
            lines.append(f"    (its stderr={params['stderr']} is not opened: a file never chooses where bgkit writes)")
    if not confirm("\n".join(lines)):
        raise BadInput(f"not resumed: the program{'s' if len(unconfirmed) > 1 else ''} named in the file did not run", source)
    return [without_stderr(spec) if i in unconfirmed else spec for i, spec in enumerate(specs)]


def _kind(spec: str, source: str) -> str:
    """A seat spec's kind; a spec the file spells wrong is bad input naming the file."""
    try:
        return parse_seat_spec(spec)[0]
    except BadInput as exc:
        raise BadInput(exc.message, source) from None


def exec_label(params: dict[str, str]) -> str:
    return f"exec:{params['command']}"


def _argv(spec: str) -> str:
    _, params = parse_seat_spec(spec)
    return repr(shlex.split(params["command"]))


def without_stderr(spec: str) -> str:
    """An exec spec without its ``stderr=`` parameter (the rest as given)."""
    _, params = parse_seat_spec(spec)
    kept = [shlex.quote(f"{key}={params[key]}") for key in ("name", "timeout") if key in params]
    return "exec:" + " ".join([*kept, params["command"]])


def terminal_confirm() -> Callable[[str], bool] | None:
    """A yes/no question to the person at the terminal (None without one: a script, a pipe, CI)."""
    from bgkit.terminal import render

    if not render.interactive():
        return None
    console = render.stderr()

    def confirm(text: str) -> bool:
        console.print(render.literal(text), highlight=False)
        try:
            return console.input(render.literal("Run it? [y/N] ")).strip().lower() in ("y", "yes")
        except EOFError:
            return False

    return confirm
