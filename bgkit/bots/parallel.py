"""Root-parallel search (``mcts:workers=W``): W searches of one decision at once, their root
statistics added up.

At each decision the bot forks W-1 helper processes. Each inherits the decision as it is in
memory (nothing is pickled on the way in), searches with a seed of its own drawn from the bot's
stream (so an ``iterations=`` budget stays reproducible) until the same deadline, its share of
``cpu=`` (each process ``cpu / W`` of its own processor time), or its share of the iterations, and sends back only each root action's visits and reward. The bot chooses from the
sum. Helpers ignore Ctrl-C and hang-ups: the bot kills and reaps them whenever its own search
stops (Ctrl-C, SIGTERM, an error), so none outlives a decision, and on Linux each dies with the
process that forked it (``bgkit.exec.guard``) even when that one is killed outright. Needs
``os.fork`` (Linux, macOS).
"""

from __future__ import annotations

import os
import pickle
import random
import signal
from typing import Any, Iterator

from bgkit.exec import guard
from bgkit.model.errors import BadInput

#: The most processes one decision may use.
MOST_WORKERS = 64


class Helper:
    __slots__ = ("pid", "pipe", "joined")

    def __init__(self, pid: int, pipe: int):
        self.pid, self.pipe, self.joined = pid, pipe, False


def start_helpers(bot: Any, decision: Any, budget: Any) -> list[Helper]:
    """Fork ``bot.workers - 1`` helpers searching ``decision``; ``budget`` keeps the bot's own share."""
    if not hasattr(os, "fork"):
        raise BadInput("bot parameter workers needs a system that can fork processes (Linux, macOS)")
    guard.protect()  # in bgkit's own process: SIGTERM stops the search as Ctrl-C does
    share = budget.iterations // bot.workers
    budget.iterations -= share * (bot.workers - 1)
    helpers = []
    parent = os.getpid()
    for _ in range(bot.workers - 1):
        seed = bot.rng.getrandbits(64)
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:  # the helper: search, send the root's statistics, and end without cleaning up
            os.close(read)
            _help(bot, decision, budget, share, seed, write, parent)
        os.close(write)
        helpers.append(Helper(pid, read))
    return helpers


def _help(bot: Any, decision: Any, budget: Any, share: int, seed: int, pipe: int, parent: int) -> None:
    code = 1
    try:
        guard.die_with_parent(parent)
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the terminal's Ctrl-C and hang-up are the bot's to handle
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        mine = budget.own_share(bot.workers)
        mine.iterations = share
        bot.rng, bot.progress = random.Random(seed), None
        root, sealed, done = bot.grow(decision, mine)
        with os.fdopen(pipe, "wb") as out:
            out.write(pickle.dumps((done, bot.root_stats(root, decision.player, sealed))))
        code = 0
    finally:
        os._exit(code)


def join_helpers(helpers: list[Helper]) -> Iterator[tuple[int, dict[Any, tuple[float, float]]]]:
    """Each helper's iterations and root statistics, once it has finished (a failed one gives none)."""
    for helper in helpers:
        with os.fdopen(helper.pipe, "rb") as pipe:
            data = pipe.read()
        os.waitpid(helper.pid, 0)
        helper.joined = True
        if data:
            yield pickle.loads(data)


def stop_helpers(helpers: list[Helper]) -> None:
    """Kill and reap the helpers not joined (the search was stopped: Ctrl-C, an error)."""
    for helper in helpers:
        if not helper.joined:
            try:
                os.kill(helper.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
            os.waitpid(helper.pid, 0)
            try:
                os.close(helper.pipe)
            except OSError:  # already closed while being read
                pass
            helper.joined = True


def merge_stats(mine: dict[Any, tuple[float, float]], theirs: dict[Any, tuple[float, float]]) -> dict[Any, tuple[float, float]]:
    """Visits and rewards of each root action, added up (in ``mine``'s order, then the new ones)."""
    merged = dict(mine)
    for action, (visits, reward) in theirs.items():
        before = merged.get(action, (0, 0.0))
        merged[action] = (before[0] + visits, before[1] + reward)
    return merged
