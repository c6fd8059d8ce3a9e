"""``bgkit serve``: check the extra and the history, listen, print the link and its QR code, run uvicorn.

It listens on 127.0.0.1 unless told otherwise. ``--lan`` listens on this machine's LAN address;
any address beyond loopback (``--lan``, or ``--host`` with one, ``0.0.0.0`` included) makes a
random join token that every request must carry (the printed link and QR code hold it).
The socket is bound here, before uvicorn starts, so a port in use is one line (exit 2) and
``--port 0`` can print the port it got. Ctrl-C stops it cleanly: uvicorn finishes the requests
in flight, and every write was already its own SQLite transaction.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from dataclasses import dataclass
from typing import Any, Optional

from bgkit.model.errors import BadInput


@dataclass(frozen=True)
class GameToStart:
    """``bgkit serve --game GAME --seat SPEC ... [--option ...] [--seed N]``: a game played from the phones."""

    game: str
    seats: list[str]
    options: list[str]
    seed: Optional[int]

    @classmethod
    def of(cls, game: Optional[str], seats: list[str], options: list[str], seed: Optional[int]) -> Optional["GameToStart"]:
        if game is None:
            if seats or options or seed is not None:
                raise BadInput("--seat, --option and --seed are for a game played from the phones: add --game GAME")
            return None
        if not seats:
            raise BadInput(f"--game {game}: give each seat with --seat, e.g. --seat human:Ada --seat human:Bo --seat greedy")
        return cls(game, list(seats), list(options), seed)


def lan_address() -> str:
    """This machine's address on its network: the source address of its default route.

    Connecting a UDP socket sends nothing; it only asks the system which address it would use.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, nothing is sent
        address: str = probe.getsockname()[0]  # an AF_INET socket's name: (host, port)
    except OSError:
        raise BadInput("--lan: this machine has no network address (is it connected?); give one with --host") from None
    finally:
        probe.close()
    if address.startswith("127.") or address == "0.0.0.0":
        raise BadInput("--lan: this machine has no address on a network (only 127.0.0.1); give one with --host")
    return address


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host:port``; BadInput (one line) if it cannot be had."""
    if not 0 <= port <= 65535:
        raise BadInput(f"--port must be between 0 and 65535, not {port}")
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except socket.gaierror as exc:
        raise BadInput(f"cannot listen on {host!r}: {exc.strerror}") from None
    family, _, proto, _, address = infos[0]
    # with its protocol named (IPPROTO_TCP), asyncio sets TCP_NODELAY on each connection: without it
    # a response written as header then body waited for the phone's delayed ACK, 40 ms a request
    sock = socket.socket(family, socket.SOCK_STREAM, proto or socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        why = "the port is in use; give another with --port" if exc.errno in (48, 98) else exc.strerror
        raise BadInput(f"cannot listen on {host}:{port}: {why}") from None
    sock.setblocking(False)
    return sock


def listening_plan(host: Optional[str], lan: bool) -> tuple[str, bool]:
    """The address to listen on, and whether it is shared beyond this machine -- then every
    request needs the join token: ``--lan``, or any ``--host`` that is not loopback (``0.0.0.0`` too)."""
    from bgkit.serve.security import is_loopback

    address = host or (lan_address() if lan else "127.0.0.1")
    return address, lan or not is_loopback(address)


def serve_command(db: Optional[Path], host: Optional[str], port: int, lan: bool, start: Optional[GameToStart] = None) -> None:
    from bgkit.serve import missing

    lacking = missing()
    if lacking:
        raise BadInput(f"bgkit serve needs the serve extra ({', '.join(lacking)} not installed): pip install 'bgkit[serve]'")
    from bgkit.history.store import default_path, open_history
    from bgkit.serve.security import LOOPBACK_NAMES, new_token

    path = Path(db) if db is not None else default_path()
    open_history(path, create=True).close()  # a history that cannot be used is found before anyone connects
    address, shared = listening_plan(host, lan)
    sock = bind(address, port)
    port = sock.getsockname()[1]
    token = new_token() if shared else None
    shown = f"[{address}]" if ":" in address else address
    if address in ("0.0.0.0", "::"):  # every address of this machine: the link names one of them
        shown = _reachable(address)
    url = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    # the Host names it answers to: these, and the address each connection came in on (security.host_ok)
    hosts = sorted({*LOOPBACK_NAMES, *([] if address in ("0.0.0.0", "::") else [address])})
    app = _app(path, token, hosts, start)
    _announce(url, path, shared)
    if start is not None:
        _announce_game(url, token, app.state.tables.listed()[-1], shared)
    for note in app.state.play_notes:
        sys.stderr.write(f"bgkit serve: {note}\n")
    _run(sock, app)


def _stoppable(config: Any, tables: Any) -> Any:
    """uvicorn's server for ``config``; when told to stop, the games' event streams end at once."""
    import uvicorn

    class Server(uvicorn.Server):
        """uvicorn's server; when told to stop, the games' event streams end at once (not after
        the graceful shutdown's seconds)."""

        def __init__(self, config: Any, tables: Any) -> None:
            super().__init__(config)
            self.tables = tables

        def handle_exit(self, sig: int, frame: Any) -> None:
            self.tables.stopping = True
            super().handle_exit(sig, frame)

    return Server(config, tables)


def _reachable(wildcard: str) -> str:
    """An address of this machine for the link of a server on every address: its network's, else loopback."""
    try:
        return lan_address()
    except BadInput:
        return "127.0.0.1" if wildcard == "0.0.0.0" else "[::1]"


def _announce(url: str, path: Path, lan: bool) -> None:
    import segno

    out = sys.stdout
    out.write(f"bgkit serve: {url}\n")
    if lan:
        out.write("Scan this with each phone at the table (same network); the link carries the join token:\n")
        segno.make(url, error="m").terminal(out=out, compact=True, border=2)
    else:
        out.write("Open it in a browser on this machine; for the phones at the table, run: bgkit serve --lan\n")
    out.write(f"History: {path}\nCtrl-C stops the server.\n")
    out.flush()


def _app(path: Path, token: Optional[str], hosts: Optional[list[str]], start: Optional[GameToStart]) -> Any:
    """The app, its saved games resumed, and the game of ``--game`` started (bad input: one line, before anyone connects)."""
    from bgkit.serve.app import create_app

    app = create_app(path, token=token, hosts=hosts)
    if start is not None:
        try:
            _start_game(app, start)
        except BaseException:
            app.state.tables.close()
            raise
    return app


def _start_game(app: Any, start: GameToStart) -> None:
    from bgkit.bots import parse_seat_spec
    from bgkit.engine.setups import parse_options
    from bgkit.sessions.build import seat_names

    from bgkit.history.validate import check_name
    from bgkit.serve.tables import MAX_NAME

    site = app.state.site
    game = site.game(start.game)
    kinds = [parse_seat_spec(spec)[0] for spec in start.seats]
    names = seat_names(start.seats)
    for kind, name in zip(kinds, names):
        if kind == "human" and len(name) > MAX_NAME:
            raise BadInput(f"--seat: a person's name is at most {MAX_NAME} characters, not {len(name)}")
        check_name(name, "--seat")
    specs = ["human" if kind == "human" else spec for kind, spec in zip(kinds, start.seats)]
    app.state.tables.new(game, specs, names, start.seed, parse_options(game, start.options))


def _announce_game(url: str, token: Optional[str], table: Any, lan: bool) -> None:
    """The game's join links (with QR codes beyond loopback), the host's page and the table's."""
    import segno

    base = url.split("?")[0].rstrip("/")
    join = f"&token={token}" if token else ""
    out = sys.stdout
    out.write(f"Game {table.number}: {table.game.info.name} — the table: {base}/game/{table.number}/table" + (f"?token={token}" if token else "") + "\n")
    out.write(f"  join links and QR codes: {base}/game/{table.number}/host?key={table.seating.host}{join}\n")
    for seat in table.phones():
        link = f"{base}/game/{table.number}/seat/{seat}?key={table.seating.keys[seat]}{join}"
        out.write(f"  seat {seat + 1} {table.names[seat]}: {link}\n")
        if lan:
            segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    out.flush()


def _run(sock: socket.socket, app: Any) -> None:
    import uvicorn

    from bgkit.serve.connections import guarded_protocol

    # a table's phones need a few connections each; past 100 at once the server answers 503 rather than
    # queue. guarded_protocol is uvicorn's h11 protocol with a header timeout and at most 16 connections
    # per client address, so stalled clients cannot take the phones' places (bgkit/serve/connections.py).
    config = uvicorn.Config(app, http=guarded_protocol(), ws="none", log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3, server_header=False, limit_concurrency=100,
                            timeout_keep_alive=5, h11_max_incomplete_event_size=16 * 1024)
    server = _stoppable(config, app.state.tables)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again for us
        pass
    finally:
        sock.close()
    print("bgkit serve: stopped", file=sys.stderr, flush=True)
