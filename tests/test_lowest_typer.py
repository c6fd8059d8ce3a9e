"""bgkit reads typer's private parameter modules to start fast (bgkit/cli/lean_params.py), so
pyproject.toml pins typer to the minor version that has them; this runs the CLI on the lowest
version that pin allows, downloaded from the package index."""

import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lowest_allowed() -> str:
    pin = re.search(r'"typer>=([0-9.]+),<([0-9.]+)"', (ROOT / "pyproject.toml").read_text())
    assert pin, "pyproject.toml pins typer with a lower and an upper bound"
    return pin.group(1)


def test_the_cli_runs_on_the_lowest_typer_the_pin_allows(tmp_path):
    version = lowest_allowed()
    fetched = subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", str(tmp_path),
                              f"typer=={version}"], capture_output=True, text=True, timeout=120)
    wheels = list(tmp_path.glob("typer-*.whl"))
    if fetched.returncode != 0 or not wheels:
        pytest.skip(f"typer {version} could not be downloaded: {fetched.stderr.strip().splitlines()[-1:]}")
    site = tmp_path / "site"
    zipfile.ZipFile(wheels[0]).extractall(site)
    version = wheels[0].name.split("-")[1]  # 0.29 is 0.29.0
    env = {"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin", "NO_COLOR": "1", "HOME": str(tmp_path)}
    for args in (["--help"], ["games"], ["setup", "goofspiel", "-p", "2", "--seed", "1", "--format", "json"],
                 ["play", "goofspiel", "random", "greedy", "--seed", "2", "--option", "deck=5"]):
        code = "import sys, typer; assert typer.__version__ == sys.argv[1]; from bgkit.cli.main import main; sys.argv = ['bgkit'] + sys.argv[2:]; main()"
        done = subprocess.run([sys.executable, "-c", code, version, *args], capture_output=True, text=True, env=env, cwd=tmp_path,
                              timeout=120)
        assert done.returncode == 0, f"bgkit {' '.join(args)} on typer {version}: {done.stderr}"
        assert "Traceback" not in done.stderr
