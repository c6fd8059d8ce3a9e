"""The cached list of installed plugins (bgkit.plugins.index): never stale, never in the way."""

import json
import os
import subprocess
import sys

import pytest


def bgkit(args, env):
    return subprocess.run([sys.executable, "-m", "bgkit", *args], capture_output=True, text=True, env=env)


@pytest.fixture
def site(tmp_path):
    """A folder on PYTHONPATH to install distributions into, and a cache folder of its own."""
    folder = tmp_path / "site"
    folder.mkdir()
    env = {**os.environ, "PYTHONPATH": str(folder), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    return folder, env, tmp_path / "cache" / "bgkit" / "plugins"


def install(folder, name, version="0.1"):
    (folder / f"{name}_plugin.py").write_text("")
    dist = folder / f"{name}_plugin-{version}.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}-plugin\nVersion: {version}\n")
    (dist / "entry_points.txt").write_text(f"[bgkit]\n{name} = {name}_plugin\n")
    return dist


def plugin_names(env):
    done = bgkit(["plugins", "--format", "json"], env)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return {row["name"]: row["distribution"] for row in json.loads(done.stdout)}


def test_a_plugin_installed_or_removed_after_the_cache_was_written_is_seen(site):
    folder, env, cache = site
    assert "alpha" not in plugin_names(env)
    assert len(list(cache.glob("*.json"))) == 1  # the first start wrote the list
    dist = install(folder, "alpha")
    assert plugin_names(env)["alpha"] == "alpha-plugin 0.1"
    (folder / "beta_plugin.py").write_text("")
    (dist / "entry_points.txt").write_text("[bgkit]\nalpha = alpha_plugin\nbeta = beta_plugin\n")  # upgraded in place
    assert {"alpha", "beta"} <= set(plugin_names(env))
    for path in sorted(dist.iterdir()):
        path.unlink()
    dist.rmdir()
    assert not {"alpha", "beta"} & set(plugin_names(env))


def test_a_warm_start_reads_no_distribution_metadata(site):
    _, env, _ = site
    code = "import sys; from bgkit.cli.main import main; sys.argv = ['bgkit', 'games']\ntry: main()\nexcept SystemExit: pass\nprint('importlib.metadata' in sys.modules, file=sys.stderr)"
    cold, warm = (subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env) for _ in range(2))
    assert "goofspiel" in cold.stdout and cold.stderr.strip() == "True"
    assert "goofspiel" in warm.stdout and warm.stderr.strip() == "False"


@pytest.mark.parametrize("content", ["not json {", '{"key": 1}', '[{"key": "x", "entry_points": [[1]]}]', ""])
def test_a_damaged_cache_is_rebuilt_without_a_word(site, content):
    folder, env, cache = site
    install(folder, "alpha")
    assert "alpha" in plugin_names(env)
    [mine] = cache.glob("*.json")
    mine.write_text(content)
    assert "alpha" in plugin_names(env)
    assert "alpha" in plugin_names(env)  # and from the rebuilt cache
    assert ["alpha", "alpha_plugin", "alpha-plugin", "0.1"] in json.loads(mine.read_text())["entry_points"]


def test_a_cache_folder_that_cannot_be_written_costs_nothing(site, tmp_path):
    folder, env, _ = site
    install(folder, "alpha")
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    assert "alpha" in plugin_names({**env, "XDG_CACHE_HOME": str(blocked)})
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".plugins-")] == []


def test_every_environment_keeps_its_own_list(tmp_path, monkeypatch):
    """Six environments in turn (a 5th and a 6th beyond the four once kept): each still finds its
    own list, none scans again, and each list is a file of its own."""
    from bgkit.plugins import index as plugin_index

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    scans = []
    monkeypatch.setattr(plugin_index, "scan", lambda: scans.append(1) or [plugin_index.EntryPoint(f"p{len(scans)}", "m", "d", "1")])
    environments = [[2, "python", f"/venv{i}/site-packages"] for i in range(6)]
    for key in environments * 2:  # every one started twice, the others in between
        monkeypatch.setattr(plugin_index, "fingerprint", lambda key=key: key)
        found = plugin_index.installed_entry_points()
        assert found == [plugin_index.EntryPoint(f"p{environments.index(key) + 1}", "m", "d", "1")]
    assert len(scans) == 6  # one each: the second round came from the cache
    assert len(list((tmp_path / "cache" / "bgkit" / "plugins").glob("*.json"))) == 6


def test_the_folder_of_lists_stays_small(tmp_path, monkeypatch):
    from bgkit.plugins import index as plugin_index

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(plugin_index, "scan", lambda: [])
    monkeypatch.setattr(plugin_index, "MAX_FILES", 3)
    folder = tmp_path / "cache" / "bgkit" / "plugins"
    for i in range(5):
        monkeypatch.setattr(plugin_index, "fingerprint", lambda i=i: [i])
        plugin_index.installed_entry_points()
        os.utime(plugin_index._cache_path([i]), (1_000_000 + i, 1_000_000 + i) if i == 0 else None)
    files = sorted(p.name for p in folder.glob("*.json"))
    assert len(files) == 3 and plugin_index._cache_path([4]).name in files
    assert plugin_index._cache_path([0]).name not in files  # the oldest went first


def test_a_list_of_another_environment_under_this_name_is_not_used(tmp_path, monkeypatch):
    """Two fingerprints whose checksums agree share a file name: the one stored is checked in full."""
    from bgkit.plugins import index as plugin_index

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setattr(plugin_index, "fingerprint", lambda: ["mine"])
    monkeypatch.setattr(plugin_index, "scan", lambda: [plugin_index.EntryPoint("fresh", "m", "d", "1")])
    path = plugin_index._cache_path(["mine"])
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"key": ["theirs"], "entry_points": [["stale", "m", "d", "1"]]}))
    assert [e.name for e in plugin_index.installed_entry_points()] == ["fresh"]
    assert json.loads(path.read_text())["key"] == ["mine"]
