"""Nothing bgkit starts outlives it: its workers, bots and search helpers, and whatever those start.

bgkit's command process guards its run the first time it starts a process or plays many games
(:func:`protect`):

* it becomes the *child subreaper* of what it starts (Linux ``PR_SET_CHILD_SUBREAPER``): a process
  whose parent ends — the helper a bot started in a session of its own with ``setsid``, the bots of
  a worker that died — becomes bgkit's child instead of init's, so bgkit can end and reap it;
* it marks the environment with ``BGKIT_RUN`` (a token of this run, after any outer run's), which
  every program started from it inherits, whatever session it moves to;
* it starts a *watchdog*: a small process in a session of its own that waits for the end of a pipe
  only bgkit holds. However bgkit ends, SIGKILL included, the pipe ends with it, and the watchdog
  ends every process of the run (:func:`sweep`) and exits;
* SIGTERM and SIGHUP become Ctrl-C (:class:`Terminated`): a tournament stops as on Ctrl-C and bgkit
  exits with 128 + the signal's number (:func:`exit_status`), as a shell reports such an end.

Every child also dies with the process that started it (``PR_SET_PDEATHSIG``, :func:`die_with_parent`),
and at exit bgkit ends and reaps whatever of its run is left. Where Linux's ``prctl`` or ``/proc``
is missing, each step that needs them is skipped: process groups and closing do the rest.
"""

from __future__ import annotations

import os
import signal
import sys
from contextlib import contextmanager
from typing import Any, Callable, Iterator

#: The environment variable that marks every process of a run: tokens, comma-separated (outer runs first).
MARK = "BGKIT_RUN"
#: The longest a sweep keeps ending processes (a process in the kernel's uninterruptible sleep can take a while).
SWEEP_SECONDS = 3.0
#: How long bgkit waits at exit for the watchdog's last look.
WATCHDOG_SECONDS = 2.0

PR_SET_PDEATHSIG = 1
PR_SET_CHILD_SUBREAPER = 36


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP, raised in bgkit's main thread where Ctrl-C would be: the same clean stop."""


_entry: int | None = None  # the pid of bgkit's command process (main()), the only one that guards
_token: str | None = None  # this run's mark, once guarded
_watchdog: Any = None  # the watchdog's Popen
_received: int | None = None  # the terminating signal that arrived, if one did
_prctl: Any = None  # libc's prctl, once looked up (False: there is none)
_signals = False  # whether SIGTERM and SIGHUP stop the run as Ctrl-C does
_TERMINATING = [getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)]
_subreaper = False  # whether this process is its descendants' subreaper (not inherited by a fork)


def entry() -> None:
    """This process is bgkit's command (``main()``): it may guard the processes it starts."""
    global _entry
    _entry = os.getpid()


def received() -> int | None:
    """The number of the terminating signal (SIGTERM, SIGHUP) that stopped the run, if one did."""
    return _received


def exit_status(code: Any) -> Any:
    """The exit status for ``sys.exit(code)``: 128 + the signal's number when a terminating signal
    stopped the run (the 130 of a Ctrl-C, or success after it), else ``code``."""
    if _received is not None and code in (None, 0, 130):
        return 128 + _received
    return code


def _libc_prctl() -> Any:
    global _prctl
    if _prctl is None:
        _prctl = False
        if sys.platform.startswith("linux"):
            try:
                import ctypes

                _prctl = ctypes.CDLL(None, use_errno=True).prctl
            except (OSError, AttributeError):
                pass
    return _prctl or None


def die_with_parent(parent: int | None) -> None:
    """In a child just started: SIGKILL when the process (thread) that started it ends. If
    ``parent`` (its pid, noted before the fork) has already ended, end now: the signal would never come."""
    prctl = _libc_prctl()
    if prctl is None:
        return
    prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL))
    if parent is not None and os.getppid() != parent:
        os._exit(1)


def pre_exec() -> Callable[[], None]:
    """A ``preexec_fn`` for ``subprocess.Popen``: the program starts with Ctrl-C and hang-ups as
    signals it may handle (a worker ignores them, and an ignored signal stays ignored across exec),
    and dies with this process (Linux)."""
    parent = os.getpid()
    dies = _libc_prctl() is not None

    def step() -> None:
        for signum in _TERMINATING + [signal.SIGINT]:
            try:
                signal.signal(signum, signal.SIG_DFL)
            except (ValueError, OSError):
                pass
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _TERMINATING + [signal.SIGINT])
        if dies:
            die_with_parent(parent)

    return step


@contextmanager
def children_ignore_hangups() -> Iterator[None]:
    """Processes started inside ignore SIGHUP: a closed terminal's hang-up reaches a whole process
    group, and stopping the run is bgkit's to do (Dask's forkserver and multiprocessing's resource
    tracker otherwise die of it, with a warning). A hang-up meanwhile reaches bgkit just after."""
    import threading

    if not hasattr(signal, "SIGHUP") or threading.current_thread() is not threading.main_thread():
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, [signal.SIGHUP])  # held, not lost, while it is ignored
    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)  # kept across exec, unlike a handler
    try:
        yield
    finally:
        signal.signal(signal.SIGHUP, previous)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGHUP])


def become_subreaper() -> None:
    """Make this process the subreaper of its descendants (Linux): orphans become its children."""
    global _subreaper
    prctl = _libc_prctl()
    if prctl is not None and prctl(PR_SET_CHILD_SUBREAPER, 1) == 0:
        _subreaper = True


def is_subreaper() -> bool:
    """Whether orphans of this process's descendants become its children (and so its to reap)."""
    return _subreaper


def watchdog_pid() -> int | None:
    return _watchdog.pid if _watchdog is not None else None


def _after_fork() -> None:
    global _subreaper
    _subreaper = False  # the kernel does not pass it on to a forked child


os.register_at_fork(after_in_child=_after_fork)


def as_worker(parent: int | None) -> None:
    """A worker process of bgkit's: Ctrl-C and hang-ups are bgkit's to handle (it stops the workers),
    SIGTERM ends it, it dies with bgkit, and the orphans of the bots it starts become its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)
    become_subreaper()


# -- guarding a run ---------------------------------------------------------------------------------


def protect(starting: bool = True) -> None:
    """Guard this run (see the module's doc), in bgkit's command process only (in workers, and in
    tests that run commands in-process, nothing): SIGTERM and SIGHUP stop it as Ctrl-C does, and
    when a process is ``starting``, bgkit becomes the subreaper, marks the environment and starts
    the watchdog, once."""
    global _token, _watchdog, _signals
    if _entry != os.getpid():
        return
    import threading

    if not _signals and threading.current_thread() is threading.main_thread():
        _signals = True
        for signum in _TERMINATING:
            if signal.getsignal(signum) is signal.SIG_DFL:  # nohup's ignored SIGHUP stays ignored
                signal.signal(signum, _on_signal)
    if not starting or _token is not None:
        return
    import atexit
    import secrets

    _token = f"{os.getpid()}-{secrets.token_hex(6)}"
    outer = os.environ.get(MARK)
    os.environ[MARK] = f"{outer},{_token}" if outer else _token
    become_subreaper()
    if os.path.isdir("/proc/self/task"):  # without /proc a watchdog could not find the run's processes
        _watchdog = _start_watchdog(_token)
    os.register_at_fork(after_in_child=_forget_in_child)
    atexit.register(_at_exit)


def _on_signal(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: the first stops the run as Ctrl-C does; later ones wait for that stop."""
    global _received
    if _received is None:
        _received = signum
        raise Terminated


def _forget_in_child() -> None:
    """A forked worker holds no end of the watchdog's pipe: the pipe ends when bgkit ends."""
    if _watchdog is not None and _watchdog.stdin is not None:
        try:
            _watchdog.stdin.close()
        except OSError:
            pass


def _start_watchdog(token: str) -> Any:
    import subprocess

    home = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # holds the bgkit package
    code = "import sys; sys.path.insert(0, sys.argv[1]); from bgkit.exec.guard import watch; watch(sys.argv[2])"
    try:
        return subprocess.Popen(
            [sys.executable, "-I", "-S", "-c", code, home, token],
            stdin=subprocess.PIPE,
            stdout=subprocess.DEVNULL,  # it holds neither of bgkit's outputs: `x=$(bgkit ...)` ends with bgkit
            stderr=subprocess.DEVNULL,
            close_fds=True,
            start_new_session=True,  # a signal to bgkit's process group does not reach it
        )
    except OSError:  # no watchdog: everything else still holds
        return None


def watch(token: str) -> None:
    """The watchdog: wait for the end of standard input (bgkit ended), then end the run's processes."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        while os.read(0, 4096):
            pass
    except OSError:
        pass
    sweep(token, spare={os.getpid()})


def _at_exit() -> None:
    """bgkit's last step: end and reap whatever of the run is left, then let the watchdog go."""
    watchdog = _watchdog
    sweep(_token or "", spare={watchdog.pid} if watchdog is not None else set())
    if watchdog is not None:
        try:
            watchdog.stdin.close()
            watchdog.wait(WATCHDOG_SECONDS)
        except Exception:  # noqa: BLE001 - it is its own session's; it ends without us
            pass


# -- finding and ending the run's processes --------------------------------------------------------


def _stat(pid: int) -> tuple[str, int, int] | None:
    """A process's state letter, parent and session, from /proc (None: gone, or no /proc)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    return fields[0].decode(), int(fields[1]), int(fields[3])


def _marked(pid: int, token: bytes) -> bool:
    try:
        with open(f"/proc/{pid}/environ", "rb") as f:
            environ = f.read()
    except OSError:
        return False
    for entry in environ.split(b"\0"):
        if entry.startswith(MARK.encode() + b"="):
            return token in entry.partition(b"=")[2].split(b",")
    return False


def _processes() -> Iterator[int]:
    try:
        names = os.listdir("/proc")
    except OSError:
        return
    yield from (int(name) for name in names if name.isdigit())


def run_processes(token: str, me: int) -> list[int]:
    """The living processes of the run ``token``: those marked with it, and this process's children."""
    mark = token.encode()
    found = []
    for pid in _processes():
        if pid == me:
            continue
        stat = _stat(pid)
        if stat is None or stat[0] in "ZX":
            continue
        if stat[1] == me or (mark and _marked(pid, mark)):
            found.append(pid)
    return found


def children() -> list[tuple[int, str, int]]:
    """This process's children: pid, state letter, session (Linux; elsewhere none)."""
    pids: list[int] = []
    try:
        for task in os.listdir("/proc/self/task"):
            with open(f"/proc/self/task/{task}/children") as f:
                pids += map(int, f.read().split())
    except OSError:
        return []
    return [(pid, stat[0], stat[2]) for pid in pids if (stat := _stat(pid)) is not None]


def descendants(root: int) -> list[int]:
    """Every living descendant of ``root`` (Linux), whatever session it moved to, found while
    ``root`` lives: once it has ended, they are someone else's children."""
    found: list[int] = []
    todo = [root]
    while todo and len(found) < 10_000:
        pid = todo.pop()
        try:
            tasks = os.listdir(f"/proc/{pid}/task")
        except OSError:
            continue
        for task in tasks:
            try:
                with open(f"/proc/{pid}/task/{task}/children") as f:
                    kids = [int(p) for p in f.read().split()]
            except OSError:
                continue
            found += kids
            todo += kids
    return found


def kill(pids: list[int]) -> None:
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _reap_all() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def sweep(token: str, spare: set[int]) -> int:
    """SIGKILL every living process of the run until none is left (or SWEEP_SECONDS have passed),
    reaping this process's children; returns how many were ended."""
    import time

    me = os.getpid()
    ended: set[int] = set()
    deadline = time.monotonic() + SWEEP_SECONDS
    while True:
        alive = [pid for pid in run_processes(token, me) if pid not in spare]
        kill(alive)
        ended.update(alive)
        _reap_all()
        if not alive or time.monotonic() > deadline:
            return len(ended)
        time.sleep(0.005)
