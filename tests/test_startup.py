"""Start-up stays light: the everyday commands convert their arguments without importing Pydantic
(typer's converters import it, and it cost more than all of typer), and say what typer says; nor do
they load what they never use (rich's emoji table: bgkit prints no emoji codes; importlib.resources:
plugin data is read from its folder)."""

import subprocess
import sys

import pytest

from bgkit.testing import run_cli

PROBE = (
    "import sys, runpy; sys.argv = ['bgkit'] + sys.argv[1:]\n"
    "try:\n    runpy.run_module('bgkit', run_name='__main__')\n"
    "except SystemExit:\n    pass\n"
    "print(sorted(m for m in HEAVY if m in sys.modules) or 'LIGHT', file=sys.stderr)\n"
)
HEAVY = ("pydantic", "rich._emoji_codes", "importlib.resources")


@pytest.mark.parametrize(
    "args",
    [["--help"], ["games"], ["games", "--format", "json"], ["setup", "goofspiel", "-p", "3", "--seed", "1"],
     ["score", "goofspiel", "examples/sheets/goofspiel-2p.toml"], ["score", "burgundy", "examples/sheets/burgundy-3p.toml"],
     ["history", "--help"]],
)
def test_everyday_commands_do_not_import_pydantic_or_what_they_never_use(args):
    probe = f"HEAVY = {HEAVY!r}\n" + PROBE
    # The second start: the first after an install reads the distributions' metadata (importlib.metadata
    # imports importlib.resources) and keeps the list of plugins for the starts after it.
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.stderr.strip().splitlines()[-1] == "LIGHT", done.stderr


PYDANTIC_WORDS = (  # typer 0.29 converts through Pydantic
    "Invalid value for '-p' / '--players': Input should be a valid integer, unable to parse string as an integer",
    "Invalid value for '--format': Value error, 'xml' is not one of 'text', 'json', 'toml', 'csv', 'svg'.",
    "Invalid value for '--games': Input should be greater than or equal to 1",
)
CLICK_WORDS = (  # typer before 0.29 converts through click's types
    "Invalid value for '-p' / '--players': 'x' is not a valid int",
    "Invalid value for '--format': 'xml' is not one of 'text', 'json', 'toml', 'csv', 'svg'.",
    "Invalid value for '--games': 0 is not in the range x>=1.",
)
REFUSED = (["setup", "goofspiel", "-p", "x"], ["games", "--format", "xml"], ["play", "goofspiel", "random", "random", "--games", "0"])


@pytest.mark.parametrize("number", range(len(REFUSED)))
def test_a_value_typer_refuses_keeps_typers_words(number):
    """bgkit's lean converters hand every value they are not sure of to typer, so typer words the refusal."""
    import typer

    newer = tuple(int(part) for part in typer.__version__.split(".")[:2]) >= (0, 29)
    args, message = REFUSED[number], (PYDANTIC_WORDS if newer else CLICK_WORDS)[number]
    result = run_cli(args)
    assert result.exit_code == 2
    assert message in result.stderr


@pytest.mark.parametrize(
    "args, message",
    [
        (["setup", "goofspiel", "-p", "x"], "Invalid value for '-p' / '--players': must be a whole number"),
        (["games", "--format", "xml"], "Invalid value for '--format': 'xml' is not one of 'text', 'json', 'toml', 'csv', 'svg'"),
        (["play", "goofspiel", "random", "random", "--games", "0"], "Invalid value for '--games': must be at least 1"),
        (["history", "show", "abc"], "Invalid value for 'PLAY_ID': must be a whole number"),
    ],
)
def test_bgkit_says_what_typer_refuses_in_plain_words(args, message):
    """What a person sees: one line, without Pydantic's "Input should be a valid integer, unable to
    parse string as an integer" or "Value error,"."""
    done = subprocess.run([sys.executable, "-m", "bgkit", *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.startswith(f"bgkit: error: {message} (see: ") and done.stderr.count("\n") == 1, done.stderr


def test_values_typer_accepts_arrive_converted():
    result = run_cli(["setup", "goofspiel", "-p", "3", "--seed", "0012", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    assert '"seed":12' in result.stdout.replace(" ", "")
    assert "not -12" in run_cli(["setup", "goofspiel", "-p", "3", "--seed", "-12"]).stderr


SERVE_STACK = ("starlette", "uvicorn", "jinja2", "segno", "python_multipart", "bgkit.serve.app")


@pytest.mark.parametrize("args", [["--help"], ["games"], ["serve", "--help"]])
def test_the_serve_stack_is_imported_only_by_serve_itself(args):
    """bgkit serve's web stack costs nothing to the other commands, nor to its own help."""
    probe = f"HEAVY = {SERVE_STACK!r}\n" + PROBE
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, stdin=subprocess.DEVNULL)
    assert done.stderr.strip().splitlines()[-1] == "LIGHT", done.stderr


def test_serve_without_its_extra_is_one_line_and_exit_2(tmp_path):
    """As if the serve extra were not installed: each of its modules fails to import."""
    blocked = "import sys\nfor name in ('starlette', 'uvicorn', 'jinja2', 'segno', 'python_multipart'):\n    sys.modules[name] = None\n"
    probe = blocked + "import runpy; sys.argv = ['bgkit'] + sys.argv[1:]\nrunpy.run_module('bgkit', run_name='__main__')\n"
    done = subprocess.run([sys.executable, "-c", probe, "serve", "--db", str(tmp_path / "h.sqlite3")],
                          capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=60)
    assert done.returncode == 2
    assert done.stderr == ("bgkit: error: bgkit serve needs the serve extra (starlette, uvicorn, jinja2, segno, "
                           "python_multipart not installed): pip install 'bgkit[serve]'\n")
    assert not (tmp_path / "h.sqlite3").exists()
