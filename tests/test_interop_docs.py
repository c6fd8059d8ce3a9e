"""docs/interop.md's two examples run as shown: each prints what the page says it prints, and the
PettingZoo example's log verifies as the page shows."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = (Path(__file__).parent.parent / "docs" / "interop.md").read_text()
#: Each example and the output shown under it.
EXAMPLES = re.findall(r"```python\n(.*?)```\n\n```text\n(.*?)```", PAGE, re.S)


def test_the_page_has_its_two_examples_of_about_twenty_lines():
    assert len(EXAMPLES) == 2
    assert all(len(code.splitlines()) <= 24 for code, _ in EXAMPLES)


@pytest.mark.parametrize("number, library", [(0, "pyspiel"), (1, "pettingzoo")])
def test_each_example_prints_what_the_page_shows(number, library, tmp_path):
    pytest.importorskip(library)
    code, shown = EXAMPLES[number]
    ran = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout == shown
    if library == "pettingzoo":
        verified = subprocess.run([sys.executable, "-m", "bgkit", "replay", "goofspiel.json", "--verify"], cwd=tmp_path,
                                  capture_output=True, text=True)
        claimed = re.search(r"^    (verified: .*)$", PAGE, re.M).group(1)
        assert verified.returncode == 0 and verified.stdout.strip().splitlines()[-1] == claimed
