"""Test helpers for bgkit and its plugins: run the CLI in-process, and the conformance suite.

Plugins use these from their own tests::

    from bgkit.testing import run_cli
    result = run_cli(["score", "mygame", "sheet.toml"])
    assert result.exit_code == 2 and "sheet.toml:4" in result.stderr
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class CliResult:
    exit_code: int
    stdout: str
    stderr: str


def run_cli(args: list[str], input: str | None = None) -> CliResult:
    """Run ``bgkit ARGS`` in this process as ``main()`` would: bad input is exit 2 and one line."""
    from typer.testing import CliRunner

    from bgkit.cli import app, error_line
    from bgkit.errors import BadInput

    runner = CliRunner()
    result = runner.invoke(app, [str(a) for a in args], input=input)
    stderr = result.stderr
    code = result.exit_code
    if isinstance(result.exception, BadInput):
        code = 2
        stderr += error_line(result.exception) + "\n"
    elif result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return CliResult(code, result.stdout, stderr)
