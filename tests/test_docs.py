"""Every hookspec is documented: a docstring with its parameters, and a section in docs/plugins.md."""

import inspect
import re
from pathlib import Path

import pytest

from bgkit.plugins import hookspecs

DOCS = (Path(__file__).parent.parent / "docs" / "plugins.md").read_text()
HOOKS = [name for name, value in vars(hookspecs).items() if name.startswith("bgkit_") and callable(value)]


def test_there_are_setup_turn_scoring_and_registration_hooks():
    assert set(HOOKS) == {
        "bgkit_register_games",
        "bgkit_register_bots",
        "bgkit_register_executors",
        "bgkit_setup",
        "bgkit_legal_actions",
        "bgkit_apply_action",
        "bgkit_score",
    }


@pytest.mark.parametrize("name", HOOKS)
def test_hookspec_docstring_names_every_parameter(name):
    function = getattr(hookspecs, name)
    doc = inspect.getdoc(function)
    assert doc
    for parameter in inspect.signature(function).parameters:
        assert f":param {parameter}:" in doc, f"{name} does not document {parameter}"


@pytest.mark.parametrize("name", HOOKS)
def test_hook_has_a_docs_section_with_its_exact_signature(name):
    parameters = ", ".join(inspect.signature(getattr(hookspecs, name)).parameters)
    assert re.search(rf"^### {name}$", DOCS, re.M), f"docs/plugins.md has no section for {name}"
    assert f"{name}({parameters})" in DOCS, f"docs/plugins.md does not show {name}({parameters})"
