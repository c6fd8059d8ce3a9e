"""``bgkit serve``: check the extra and the history, listen, print the link and its QR code, run uvicorn.

It listens on 127.0.0.1 unless told otherwise. ``--lan`` listens on this machine's LAN address and
makes a random join token that every request must carry (the printed link and QR code hold it).
The socket is bound here, before uvicorn starts, so a port in use is one line (exit 2) and
``--port 0`` can print the port it got. Ctrl-C stops it cleanly: uvicorn finishes the requests
in flight, and every write was already its own SQLite transaction.
"""

from __future__ import annotations

import socket
import sys
from pathlib import Path
from typing import Optional

from bgkit.model.errors import BadInput


def lan_address() -> str:
    """This machine's address on its network: the source address of its default route.

    Connecting a UDP socket sends nothing; it only asks the system which address it would use.
    """
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never reached, nothing is sent
        address = probe.getsockname()[0]
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
    family, _, _, _, address = infos[0]
    sock = socket.socket(family, socket.SOCK_STREAM)
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


def serve_command(db: Optional[Path], host: Optional[str], port: int, lan: bool) -> None:
    from bgkit.serve import missing

    lacking = missing()
    if lacking:
        raise BadInput(f"bgkit serve needs the serve extra ({', '.join(lacking)} not installed): pip install 'bgkit[serve]'")
    from bgkit.history.store import default_path, open_history
    from bgkit.serve.security import new_token

    path = Path(db) if db is not None else default_path()
    open_history(path, create=True).close()  # a history that cannot be used is found before anyone connects
    token = new_token() if lan else None
    address = host or (lan_address() if lan else "127.0.0.1")
    sock = bind(address, port)
    port = sock.getsockname()[1]
    shown = f"[{address}]" if ":" in address else address
    url = f"http://{shown}:{port}/" + (f"?token={token}" if token else "")
    hosts = None if address in ("0.0.0.0", "::") else sorted({address, shown, "localhost", "127.0.0.1", "[::1]"})
    _announce(url, path, lan)
    _run(sock, path, token, hosts)


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


def _run(sock: socket.socket, path: Path, token: Optional[str], hosts: Optional[list[str]]) -> None:
    import uvicorn

    from bgkit.serve.app import create_app

    app = create_app(path, token=token, hosts=hosts)
    # a table's phones need a few connections each; past 100 at once the server answers 503 rather than queue
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on", timeout_graceful_shutdown=3,
                            server_header=False, limit_concurrency=100, timeout_keep_alive=5)
    server = uvicorn.Server(config)
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again for us
        pass
    finally:
        sock.close()
    print("bgkit serve: stopped", file=sys.stderr, flush=True)
