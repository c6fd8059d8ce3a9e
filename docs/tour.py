"""Re-run every command of the README's tour and write its real output back.

The tour (between ``<!-- tour -->`` and ``<!-- /tour -->`` in README.md) is made of ``console``
blocks: lines starting with ``$ `` are commands, the lines after one are what it printed. This
script runs each block's commands in one bash session, in a scratch folder that sees the
checkout's ``examples/``, at 100 columns without colour, and replaces every output with what the
command prints today, so the tour never shows a stale game.

    python docs/tour.py            # rewrite README.md
    python docs/tour.py --check    # exit 1 and name the commands whose output changed
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BLOCK = re.compile(r"(```console\n)(.*?)(```)", re.S)
MARK = "@@bgkit-tour-next-command@@"


def commands_of(block: str) -> list[str]:
    return [line[2:] for line in block.splitlines() if line.startswith("$ ")]


def run_block(commands: list[str], scratch: Path) -> list[str]:
    """Each command's output (stdout and stderr together, as a terminal would show them)."""
    script = "exec 2>&1\n" + "".join(f"echo '{MARK}'\n{command}\n" for command in commands)
    env = dict(os.environ, COLUMNS="100", NO_COLOR="1", TERM="dumb")
    env.pop("BGKIT_DB", None)
    done = subprocess.run(["bash", "-c", script], cwd=scratch, env=env, stdout=subprocess.PIPE, text=True)
    outputs = done.stdout.split(MARK + "\n")[1:]
    if len(outputs) != len(commands):
        raise SystemExit(f"docs/tour.py: a block's commands printed {len(outputs)} outputs for {len(commands)} commands")
    return outputs


def render_block(commands: list[str], outputs: list[str]) -> str:
    return "".join(f"$ {command}\n{output}" for command, output in zip(commands, outputs))


def regenerate(text: str) -> tuple[str, list[str]]:
    start, end = text.index("<!-- tour -->"), text.index("<!-- /tour -->")
    tour = text[start:end]
    changed: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "examples").symlink_to(ROOT / "examples")

        def replace(match: re.Match[str]) -> str:
            commands = commands_of(match.group(2))
            if not commands:
                return match.group(0)
            body = render_block(commands, run_block(commands, Path(scratch)))
            if body != match.group(2):
                changed.extend(commands)
            return match.group(1) + body + match.group(3)

        tour = BLOCK.sub(replace, tour)
    return text[:start] + tour + text[end:], changed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only report commands whose output changed")
    args = parser.parse_args()
    new, changed = regenerate(README.read_text())
    for command in changed:
        print(f"changed: $ {command}")
    if args.check:
        return 1 if changed else 0
    README.write_text(new)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
