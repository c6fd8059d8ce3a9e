"""Re-run every command of the README's tour and write its real output back.

The tour (between ``<!-- tour -->`` and ``<!-- /tour -->`` in README.md) is made of ``console``
blocks: lines starting with ``$ `` are commands, the lines after one are what it printed. This
script runs each block's commands in one bash session, in a scratch folder that sees the
checkout's ``examples/``, at 100 columns without colour, and replaces every output with what the
command prints today, so the tour never shows a stale game.

A ``console session`` block is one command run on a terminal (a pseudo-terminal, 100×24), the way
a person plays it: what the block shows typed after each prompt (``table> white 3``, ``done> ``,
``fix which entry (its number, Enter to leave it)? 3``) is typed again, in order, once that prompt
shows, and the block is rewritten with everything the terminal showed.

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
BLOCK = re.compile(r"(```console( session)?\n)(.*?)(```)", re.S)
#: The prompts of a session block, each followed by what the person typed.
PROMPTS = ("table> ", "done> ", "leave it)? ")
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


def answers_of(body: str) -> list[str]:
    """What a session block shows typed after each prompt, in order."""
    answers = []
    for line in body.splitlines()[1:]:
        prompt = next((p for p in PROMPTS if p in line), None)
        if prompt is not None:
            answers.append(line.split(prompt, 1)[1])
    return answers


def run_session(command: str, answers: list[str], scratch: Path) -> str:
    """``command`` on a pseudo-terminal, each answer typed once its prompt shows; all it showed."""
    import codecs
    import pty
    import select

    master, slave = pty.openpty()
    env = dict(os.environ, COLUMNS="100", LINES="24", NO_COLOR="1", TERM="dumb")
    for name in ("BGKIT_DB", "CI"):
        env.pop(name, None)
    child = subprocess.Popen(["bash", "-c", command], cwd=scratch, env=env, stdin=slave, stdout=slave, stderr=slave)
    os.close(slave)
    seen, looked = "", 0
    pending = list(answers)
    decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")  # a character split over two reads, whole
    while True:
        ready, _, _ = select.select([master], [], [], 60)
        if not ready:
            child.kill()
            raise SystemExit(f"docs/tour.py: {command!r} waited a minute for a prompt; it showed:\n{seen[-2000:]}")
        try:
            data = os.read(master, 65536)
        except OSError:
            data = b""
        chunk = decoder.decode(data, final=not data)
        if not data:
            break
        seen += chunk
        while pending and any(p in seen[looked:] for p in PROMPTS):
            looked = min(seen.index(p, looked) + len(p) for p in PROMPTS if p in seen[looked:])
            os.write(master, (pending.pop(0) + "\n").encode())
    child.wait(timeout=60)
    os.close(master)
    return seen.replace("\r\n", "\n").replace("\r", "")


def render_block(commands: list[str], outputs: list[str]) -> str:
    return "".join(f"$ {command}\n{output}" for command, output in zip(commands, outputs))


def regenerate(text: str) -> tuple[str, list[str]]:
    start, end = text.index("<!-- tour -->"), text.index("<!-- /tour -->")
    tour = text[start:end]
    changed: list[str] = []
    with tempfile.TemporaryDirectory() as scratch:
        (Path(scratch) / "examples").symlink_to(ROOT / "examples")

        def replace(match: re.Match[str]) -> str:  # the blocks in order: a session's save is read after it
            old = match.group(3)
            commands = commands_of(old)
            if not commands:
                return match.group(0)
            if match.group(2):  # a console session: one command, typed into at its prompts
                if len(commands) != 1:
                    raise SystemExit("docs/tour.py: a console session block holds one command")
                body = f"$ {commands[0]}\n" + run_session(commands[0], answers_of(old), Path(scratch))
            else:
                body = render_block(commands, run_block(commands, Path(scratch)))
            if body != old:
                changed.extend(commands)
            return match.group(1) + body + match.group(4)

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
