"""bgkit uses only typer's public names (bgkit/cli/group.py, bgkit/cli/lean_params.py), so
pyproject.toml allows several typer minor releases; this runs the CLI on both ends of that range,
the lowest version it allows and the newest the package index serves below its upper bound, each
downloaded (one wheel, no dependencies) and put in front of the installed one."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
ARGS = (
    (["--help"], 0, "Usage: bgkit"),
    (["games"], 0, "goofspiel"),
    (["setup", "goofspiel", "-p", "2", "--seed", "1", "--format", "json"], 0, '"seed": 1'),
    (["play", "goofspiel", "random", "greedy", "--seed", "2", "--option", "deck=5"], 0, "greedy"),
    # bgkit's plain words, whichever typer (Pydantic's words from 0.29, click's before it)
    (["setup", "goofspiel", "-p", "x"], 2, "Invalid value for '-p' / '--players': must be a whole number (see:"),
    (["play", "goofspiel", "random", "random", "--games", "0"], 2, "Invalid value for '--games': must be at least 1 (see:"),
    (["games", "--format", "xml"], 2, "Invalid value for '--format': 'xml' is not one of 'text', 'json', 'toml', 'csv', 'svg' (see:"),
)
RUN = ("import sys, typer; assert typer.__version__ == sys.argv[1], typer.__version__\n"
       "from bgkit.cli.main import main; sys.argv = ['bgkit'] + sys.argv[2:]; main()")


def typer_range() -> tuple[str, str]:
    pin = re.search(r'"typer>=([0-9.]+),<([0-9.]+)"', (ROOT / "pyproject.toml").read_text())
    assert pin, "pyproject.toml gives typer a lower and an upper bound"
    return pin.group(1), pin.group(2)


def test_the_range_spans_at_least_two_minor_releases():
    low, high = (tuple(int(n) for n in v.split(".")[:2]) for v in typer_range())
    assert high[0] > low[0] or high[1] - low[1] >= 2


def fetch(requirement: str, folder: Path) -> tuple[Path, str]:
    fetched = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "--only-binary", ":all:",
                              "-d", str(folder), requirement], capture_output=True, text=True, timeout=120)
    wheels = list(folder.glob("typer-*.whl"))
    if fetched.returncode != 0 or not wheels:
        pytest.skip(f"{requirement} could not be downloaded: {fetched.stderr.strip().splitlines()[-1:]}")
    site = folder / "site"
    zipfile.ZipFile(wheels[0]).extractall(site)
    return site, wheels[0].name.split("-")[1]  # 0.26 is 0.26.0


@pytest.mark.parametrize("end", ["lowest", "newest"])
def test_the_cli_runs_on_both_ends_of_the_typer_range(tmp_path, end):
    low, high = typer_range()
    site, version = fetch(f"typer=={low}" if end == "lowest" else f"typer<{high}", tmp_path)
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "HOME": str(tmp_path), "COLUMNS": "200"}
    for args, code, shown in ARGS:
        done = subprocess.run([sys.executable, "-c", RUN, version, *args], capture_output=True, text=True, env=env, cwd=tmp_path,
                              timeout=120, stdin=subprocess.DEVNULL)
        assert done.returncode == code, f"bgkit {' '.join(args)} on typer {version}: {done.stderr}"
        assert "Traceback" not in done.stderr
        assert shown in done.stdout + done.stderr, f"bgkit {' '.join(args)} on typer {version}: {done.stdout}{done.stderr}"
    asked = dict(env, _BGKIT_COMPLETE="complete_bash", COMP_WORDS="bgkit setup bur", COMP_CWORD="2")
    done = subprocess.run([sys.executable, "-c", RUN, version], capture_output=True, text=True, env=asked, cwd=tmp_path,
                          timeout=120, stdin=subprocess.DEVNULL)
    assert done.stdout.split() == ["burgundy"], f"completion on typer {version}: {done.stdout}{done.stderr}"


def test_bgkit_reaches_no_private_name_of_typer():
    """No import of typer's private modules (typer._coercion, typer._click, ...) and no write to its
    private attributes: what a typer release may change without notice."""
    private = re.compile(r"\btyper\._\w+|\._runtime_param\b|from typer\._|import typer\._")
    found = [f"{path.relative_to(ROOT)}:{number}" for path in sorted((ROOT / "bgkit").rglob("*.py"))
             for number, line in enumerate(path.read_text().splitlines(), 1) if private.search(line)]
    assert found == []
