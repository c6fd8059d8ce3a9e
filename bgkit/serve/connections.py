"""Stalled clients cannot lock the phones out: a header timeout and a bound on connections per address.

uvicorn closes a connection that stays idle between requests (``timeout_keep_alive``) and answers
503 past ``limit_concurrency`` connections, but it has no header timeout: a client that sends half
a request header and waits holds its connection for ever, and 100 of them fill the server. Its
``http`` setting takes a protocol class, so this module wraps uvicorn's own HTTP/1.1 protocol
(h11) in a thin one that adds what is missing:

* **a header timeout**: from the moment a connection opens, or a response ends and the next bytes
  come, the request's whole header must arrive within :data:`HEADER_SECONDS`, else the connection
  is closed (a stalled body is the app's: :mod:`bgkit.serve.security` answers 408);
* **connections per client address**: at most :data:`PER_CLIENT` open at once; one more gets a
  503 and is closed at once, before it counts against ``limit_concurrency``. A browser opens six
  at most, so one misbehaving machine cannot take the places of the phones.

Everything else -- parsing, the app, keep-alive, shutdown -- is uvicorn's, unchanged.
"""

from __future__ import annotations

import asyncio
from typing import Any

HEADER_SECONDS = 5.0
PER_CLIENT = 16
TOO_MANY = (b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n"
            b"connection: close\r\ncontent-length: 49\r\n\r\nToo many connections from this address at once.\n")


def guarded_protocol(header_seconds: float = HEADER_SECONDS, per_client: int = PER_CLIENT) -> type[asyncio.Protocol]:
    """A protocol class for ``uvicorn.Config(http=...)``; each call has its own count of connections."""
    settings = {"header_seconds": header_seconds, "per_client": per_client, "open_from": {}}
    return type("GuardedH11Protocol", (Guarded,), settings)


class Guarded(asyncio.Protocol):
    """uvicorn's h11 protocol inside, a header timeout and a count per address around it."""

    header_seconds: float = HEADER_SECONDS
    per_client: int = PER_CLIENT
    open_from: dict[str, int] = {}  # guarded_protocol gives each server its own

    def __init__(self, config: Any, server_state: Any, app_state: dict[str, Any],
                 _loop: asyncio.AbstractEventLoop | None = None) -> None:
        from uvicorn.protocols.http.h11_impl import H11Protocol

        self.inner = H11Protocol(config=config, server_state=server_state, app_state=app_state, _loop=_loop)
        self.loop = _loop or asyncio.get_event_loop()
        self.address: str | None = None
        self.transport: asyncio.Transport | None = None
        self.timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        peer = transport.get_extra_info("peername")
        address = str(peer[0]) if peer else "?"
        if self.open_from.get(address, 0) >= self.per_client:
            transport.write(TOO_MANY)
            transport.close()
            return
        self.address = address
        self.open_from[address] = self.open_from.get(address, 0) + 1
        self.inner.connection_made(transport)
        self._wait_for_header()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_waiting()
        if self.address is None:
            return
        left = self.open_from[self.address] - 1
        if left:
            self.open_from[self.address] = left
        else:
            del self.open_from[self.address]
        self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self.address is None:
            return
        self.inner.data_received(data)
        if self._between_requests():
            self._wait_for_header()  # bytes of a header still to come
        else:
            self._stop_waiting()  # a whole header came: the request is the app's now

    def eof_received(self) -> bool | None:
        if self.address is not None:
            self.inner.eof_received()  # h11's protocol returns None: the transport closes itself
        return None

    def pause_writing(self) -> None:
        if self.address is not None:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self.address is not None:
            self.inner.resume_writing()

    def _between_requests(self) -> bool:
        cycle = self.inner.cycle
        return cycle is None or bool(cycle.response_complete)

    def _wait_for_header(self) -> None:
        if self.timer is None:
            self.timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _stop_waiting(self) -> None:
        if self.timer is not None:
            self.timer.cancel()
            self.timer = None

    def _too_slow(self) -> None:
        self.timer = None
        if self.transport is not None and self._between_requests():
            self.transport.close()
