"""Shell completion: asked the way the scripts of `bgkit completion SHELL` ask (the installed `bgkit`
with _BGKIT_COMPLETE and the words typed so far), the answers name commands, game ids, bots,
options and option values; and asking costs an everyday start nothing."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BGKIT = shutil.which("bgkit") or str(Path(sys.executable).with_name("bgkit"))


def ask_bash(words: str, cword: int) -> list[str]:
    env = dict(os.environ, _BGKIT_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=str(cword))
    done = subprocess.run([BGKIT], capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completes_a_game_id_as_the_installed_script_asks():
    assert ask_bash("bgkit setup bur", 2) == ["burgundy"]


def test_the_bash_script_itself_fills_in_the_game():
    """bash sources what `bgkit completion bash` prints, and its function fills COMPREPLY."""
    folder = str(Path(BGKIT).parent)
    line = ('source <(bgkit completion bash); COMP_WORDS=(bgkit setup bur); COMP_CWORD=2; '
            '_bgkit_completion bgkit; echo "${COMPREPLY[@]}"')
    env = dict(os.environ, PATH=folder + os.pathsep + os.environ.get("PATH", ""))
    done = subprocess.run(["bash", "-c", line], capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL)
    assert done.stdout.split() == ["burgundy"], done.stderr


@pytest.mark.parametrize(
    "words, cword, expected",
    [
        ("bgkit se", 1, ["setup", "serve"]),  # commands
        ("bgkit play goofspiel gr", 3, ["greedy"]),  # bots, for a seat
        ("bgkit play goofspiel random h", 4, ["human"]),
        ("bgkit games --format ", 3, ["text", "json", "toml", "csv", "svg"]),  # an option's values (svg: bgkit setup; the others refuse it in one line)
        ("bgkit arena goofspiel random greedy --executor d", 6, ["dask"]),
        ("bgkit setup goofspiel --se", 3, ["--seed"]),  # options
        ("bgkit score g", 2, ["goofspiel"]),
        ("bgkit setup -p 2 goofspiel --option d", 6, ["deck=13", "deck=8", "deck=5"]),  # the game's options
        ("bgkit play goofspiel random random --option deck=1", 6, ["deck=13"]),
    ],
)
def test_bash_completes_commands_bots_options_and_their_values(words, cword, expected):
    assert ask_bash(words, cword) == expected


def test_zsh_and_fish_answer_too():
    env = dict(os.environ, _BGKIT_COMPLETE="complete_zsh", _TYPER_COMPLETE_ARGS="bgkit setup bur")
    zsh = subprocess.run([BGKIT], capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL).stdout
    assert '"burgundy":"The Castles of Burgundy"' in zsh
    env = dict(os.environ, _BGKIT_COMPLETE="complete_fish", _TYPER_COMPLETE_ARGS="bgkit play goofspiel ran",
               _TYPER_COMPLETE_FISH_ACTION="get-args")
    fish = subprocess.run([BGKIT], capture_output=True, text=True, env=env, timeout=60, stdin=subprocess.DEVNULL).stdout
    assert fish.split("\t")[0] == "random"


@pytest.mark.parametrize("shell, marker", [("bash", "complete -o default -F"), ("zsh", "#compdef bgkit"), ("fish", "complete --command bgkit")])
def test_bgkit_completion_prints_each_shells_script(shell, marker):
    done = subprocess.run([BGKIT, "completion", shell], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    assert marker in done.stdout and "_BGKIT_COMPLETE" in done.stdout


def test_an_unknown_shell_is_one_line_and_exit_2():
    done = subprocess.run([BGKIT, "completion", "tcsh"], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert done.stderr.startswith("bgkit: error: Invalid value for") and done.stderr.count("\n") == 1, done.stderr
    assert "'tcsh' is not one of 'bash', 'zsh', 'fish'" in done.stderr


def test_install_writes_the_script_where_bash_reads_it(tmp_path):
    env = dict(os.environ, HOME=str(tmp_path))
    done = subprocess.run([BGKIT, "completion", "bash", "--install"], capture_output=True, text=True, env=env, timeout=60,
                          stdin=subprocess.DEVNULL)
    assert done.returncode == 0, done.stderr
    script = tmp_path / ".bash_completions" / "bgkit.sh"
    assert "_BGKIT_COMPLETE" in script.read_text()
    assert f"source '{script}'" in (tmp_path / ".bashrc").read_text()
