"""A bot's child process: started in a process group of its own, read line by line against a
deadline, and killed whole (its group and every descendant, helpers in sessions of their own
too) so that nothing is left behind.

Nothing here blocks without a deadline: reads and writes wait in ``poll`` for at most the time
left, so a bot that sleeps, or neither reads nor answers, costs its time limit and no more. On
Linux a child is also killed by the kernel when the process (thread) that started it dies, so a
worker process stopped mid-game (``--jobs``, Dask, Ctrl-C, SIGTERM) leaves no bot behind; what
else outlives a bot is bgkit's to end (``bgkit.exec.guard``).

A bot's standard error reaches bgkit's through a pipe, line by line with control bytes made
visible: the bot never holds bgkit's own descriptors, so a helper it leaves behind cannot keep a
reader of bgkit's output waiting, nor drive the terminal.
"""

from __future__ import annotations

import atexit
import os
import select
import signal
import stat
import subprocess
import sys
import threading
import time
from typing import IO

from bgkit.exec import guard

#: The longest line a bot may write (an answer is a few dozen bytes): a flood is a fault, not memory.
MAX_LINE = 1 << 20
#: How long a bot may take to exit after its input is closed before its group is killed.
EXIT_GRACE = 1.0
#: How long closing a bot waits for the last of its standard error to be shown.
STDERR_GRACE = 0.5


class BotFault(Exception):
    """The bot broke off: it did not start, exited, timed out or wrote too much. The message is the cause."""


def open_stderr(path: str) -> int:
    """``stderr=FILE``: a descriptor appending to FILE, a regular file (or the null device). Opened
    without waiting, so a FIFO with no reader is refused at once instead of hanging the game."""
    try:
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NONBLOCK | os.O_CLOEXEC, 0o644)
    except OSError as exc:
        raise BotFault(f"could not open stderr={path} ({exc.strerror or exc})") from None
    info = os.fstat(fd)
    if not (stat.S_ISREG(info.st_mode) or (stat.S_ISCHR(info.st_mode) and info.st_rdev == os.stat(os.devnull).st_rdev)):
        os.close(fd)
        raise BotFault(f"could not open stderr={path} (not a regular file)")
    os.set_blocking(fd, True)
    return fd


def _show_stderr(stream: IO[bytes]) -> None:
    """A bot's standard error, line by line, on bgkit's, with control bytes made visible. ``stream``
    is the pipe's raw end (no buffer, so no lock a fork could inherit held), read in chunks."""
    from bgkit.model.errors import escape_controls

    def show(line: bytes) -> None:
        try:
            print(escape_controls(line.decode("utf-8", "replace")), file=sys.stderr, flush=True)
        except (OSError, ValueError):  # bgkit's stderr is closed: the rest is dropped
            pass

    pending = b""
    try:
        while chunk := stream.read(65536):
            *lines, pending = (pending + chunk).split(b"\n")
            for line in lines:
                show(line)
            if len(pending) > MAX_LINE:  # no newline for a megabyte: shown as it is
                show(pending)
                pending = b""
        if pending:
            show(pending)
    except (OSError, ValueError):
        pass
    finally:
        stream.close()


class BotProcess:
    """One running bot: ``send`` a message line, ``receive`` one back within a deadline, ``close``."""

    def __init__(self, argv: list[str], stderr: str | None = None) -> None:
        guard.protect()  # in bgkit's own process: whatever this bot leaves behind is ended with bgkit
        error_fd = open_stderr(stderr) if stderr is not None else None
        try:
            self.proc = subprocess.Popen(
                argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE if error_fd is None else error_fd,  # a pipe: shown by _show_stderr
                bufsize=0,
                close_fds=True,
                start_new_session=True,  # its own process group: killed whole, and Ctrl-C is bgkit's to handle
                preexec_fn=guard.pre_exec(),  # dies with the process that started it
            )
        except OSError as exc:
            raise BotFault(f"could not be started ({exc.strerror or exc})") from None
        finally:
            if error_fd is not None:
                os.close(error_fd)
        self._shown: threading.Thread | None = None
        if self.proc.stderr is not None:
            self._shown = threading.Thread(target=_show_stderr, args=(self.proc.stderr,), name="bot stderr", daemon=True)
            self._shown.start()
        _LIVE.add(self)
        _kill_bots_on_sigterm()
        assert self.proc.stdin is not None and self.proc.stdout is not None  # both are pipes (Popen above)
        self._in = self.proc.stdin.fileno()
        self._out = self.proc.stdout.fileno()
        os.set_blocking(self._in, False)
        self._buffer = b""
        self._reader = select.poll()
        self._reader.register(self._out, select.POLLIN)
        self._writer = select.poll()
        self._writer.register(self._in, select.POLLOUT)

    @property
    def alive(self) -> bool:
        return self.proc.returncode is None and self.proc.poll() is None

    def send(self, line: bytes, seconds: float) -> None:
        """Write ``line`` (ending in a newline); BotFault if the bot has gone or does not read it in time."""
        deadline = time.monotonic() + seconds
        view = memoryview(line)
        while view:
            try:
                written = os.write(self._in, view)
            except BlockingIOError:
                written = 0
            except (BrokenPipeError, ConnectionResetError):
                raise BotFault(self.exit_cause("before reading its input")) from None
            view = view[written:]
            if view and not self._writer.poll(max(0.0, deadline - time.monotonic()) * 1000):
                raise BotFault(f"did not read its input for {seconds:g} s")

    def receive(self, seconds: float) -> bytes:
        """The next non-blank line the bot writes, without its newline; BotFault when it has not
        written one within ``seconds``, has exited, or writes a line longer than MAX_LINE."""
        deadline = time.monotonic() + seconds
        while True:
            end = self._buffer.find(b"\n")
            while end >= 0:
                line, self._buffer = self._buffer[:end], self._buffer[end + 1 :]
                if line.strip():
                    return line
                end = self._buffer.find(b"\n")
            if len(self._buffer) > MAX_LINE:
                raise BotFault(f"wrote a line longer than {MAX_LINE // 1024} KiB")
            left = deadline - time.monotonic()
            if left <= 0 or not self._reader.poll(left * 1000):
                if time.monotonic() < deadline:
                    continue  # woken early (a signal): wait for the rest of the time
                raise BotFault(f"did not answer within its time limit of {seconds:g} s")
            chunk = os.read(self._out, 65536)
            if not chunk:
                raise BotFault(self.exit_cause("before answering"))
            self._buffer += chunk

    def stray(self) -> bytes | None:
        """What the bot wrote when nothing was asked (two answers to one question), if any, read
        without waiting: an answer already there is never taken for the next question's. (One
        still on its way when the question is sent cannot be told from the answer to it.)"""
        while self._reader.poll(0):
            try:
                chunk = os.read(self._out, 65536)
            except BlockingIOError:
                break
            if not chunk:
                break  # the bot has exited: the next message says so
            self._buffer += chunk
            if len(self._buffer) > MAX_LINE:
                break
        pending = self._buffer.strip()  # a whole line, or the start of one: either way, unasked
        return pending.split(b"\n")[0] if pending else None

    def exit_cause(self, when: str) -> str:
        """Why the bot's output ended: its exit code or signal (waited for briefly), said in words."""
        try:
            code = self.proc.wait(timeout=EXIT_GRACE)
        except subprocess.TimeoutExpired:
            return f"closed its output {when}"
        if code < 0:
            try:
                name = signal.Signals(-code).name
            except ValueError:
                name = f"signal {-code}"
            return f"was killed by {name} {when}"
        return f"exited with code {code} {when}"

    def close(self, grace: float = EXIT_GRACE) -> None:
        """End the bot: close its input (a bot exits at end of input), give it ``grace`` seconds,
        then kill its whole process group and every process it started (noted while it still
        ran, for once it exits they are someone else's children) and reap them, so no process
        or zombie remains; the last of its standard error is shown first."""
        proc = self.proc
        helpers = guard.descendants(proc.pid) if proc.returncode is None else []
        for stream in (proc.stdin, proc.stdout):
            try:
                stream.close()  # type: ignore[union-attr]  # both are pipes: Popen was given PIPE
            except OSError:
                pass
        if grace > 0:
            _wait_exited(proc.pid, grace)
        self.kill()  # the group outlives a leader that has exited but is not reaped yet: its id is not reused
        guard.kill(helpers)
        proc.wait()
        _LIVE.discard(self)
        _reap_strays(helpers)
        if self._shown is not None:
            self._shown.join(STDERR_GRACE)

    def kill(self) -> None:
        """SIGKILL to the bot, its whole process group and every descendant (in any session)."""
        if self.proc.returncode is None:  # not reaped: the pid is still this bot's
            guard.kill(guard.descendants(self.proc.pid))
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass


def _reap_strays(killed: list[int]) -> None:
    """Reap the children this process adopted as their subreaper (a bot's helpers, once the bot
    has ended) that have ended or were just killed: nobody else waits for them. Its own children
    (bots still held, the workers and helpers in its own session) are left to their owners."""
    if not guard.is_subreaper():
        return
    mine = os.getsid(0)
    held = {bot.proc.pid for bot in _LIVE} | {bot.proc.pid for idle in _IDLE.values() for bot in idle}
    deadline = time.monotonic() + EXIT_GRACE  # a killed process takes a moment to end (one SIGKILL could not reach: none)
    for pid, state, session in guard.children():
        if session == mine or pid in held or pid == guard.watchdog_pid() or not (state == "Z" or pid in killed):
            continue
        try:
            while os.waitpid(pid, os.WNOHANG) == (0, 0) and time.monotonic() < deadline:
                time.sleep(0.001)
        except ChildProcessError:
            pass


def _wait_exited(pid: int, seconds: float) -> None:
    """Wait up to ``seconds`` for ``pid`` to exit, without reaping it (its group id stays reserved)."""
    deadline = time.monotonic() + seconds
    delay = 0.001
    while True:
        try:
            if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return
        except ChildProcessError:
            return
        if time.monotonic() >= deadline:
            return
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


# -- no bot outlives this process ------------------------------------------------------------------

_LIVE: set[BotProcess] = set()  # every bot started here and not closed yet


def _kill_bots_on_sigterm() -> None:
    """A worker process stopped with SIGTERM (``--jobs``: its pool is terminated after Ctrl-C or a
    fault) kills its bots' process groups first: the kernel's parent-death signal reaches a bot,
    but not the helpers the bot started. Only where nobody else handles SIGTERM, from the main thread."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _on_sigterm)


def _on_sigterm(signum: int, frame: object) -> None:
    for bot in list(_LIVE):
        bot.kill()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    os.kill(os.getpid(), signal.SIGTERM)


def _forget_after_fork() -> None:
    """A forked worker starts with no bots: the parent's stay the parent's (their pipes closed
    here, so a bot still sees the end of its input when the parent closes it)."""
    for bot in _LIVE:
        for stream in (bot.proc.stdin, bot.proc.stdout, bot.proc.stderr):  # no stderr pipe with stderr=FILE
            try:
                if stream is not None:
                    stream.close()
            except OSError:
                pass
    global _LOCK
    _LIVE.clear()
    _IDLE.clear()
    _LOCK = threading.Lock()  # another thread may have held it at the fork


os.register_at_fork(after_in_child=_forget_after_fork)


# -- bots kept between games ------------------------------------------------------------------------

_IDLE: dict[tuple[object, ...], list[BotProcess]] = {}
_LOCK = threading.Lock()
_CLEANUP = False


def take(key: tuple[object, ...]) -> BotProcess | None:
    """A running bot left by an earlier game for ``key`` (its command), if one is still alive."""
    with _LOCK:
        idle = _IDLE.get(key, [])
        while idle:
            bot = idle.pop()
            if bot.alive:
                return bot
            bot.close(grace=0)
    return None


def keep(key: tuple[object, ...], bot: BotProcess) -> None:
    """Keep a bot that plays many games for the next game; every kept bot is closed at exit."""
    global _CLEANUP
    with _LOCK:
        if not _CLEANUP:
            _CLEANUP = True
            atexit.register(close_all)
            try:  # a multiprocessing worker ends without atexit: its finalizers run instead
                from multiprocessing import util

                util.Finalize(None, close_all, exitpriority=100)
            except ImportError:
                pass
        _IDLE.setdefault(key, []).append(bot)


def close_all() -> None:
    """Close every kept bot (at exit, and at the end of a tournament)."""
    with _LOCK:
        bots = [bot for idle in _IDLE.values() for bot in idle]
        _IDLE.clear()
    for bot in bots:
        bot.close()
