"""What keeps ``bgkit serve`` to the people at the table: one ASGI middleware in front of everything.

In order, for every request (static files included):

* the Host header must name an address this server serves (:func:`host_ok`): the names it was
  told to listen on, the loopback names, or the very address the connection came in on -- so a
  page of ``attacker.example`` that rebinds its name to this machine (DNS rebinding) gets 400;
* with a join token (``--lan``, or any address beyond loopback) a request must carry it, as
  ``?token=`` in the printed link or QR code (kept then in a cookie, so the pages' own links need
  not carry it), else 403;
* a state-changing request whose Origin (or, without one, Referer) is another site gets 403
  (:func:`origin_ok`); every browser gets a random CSRF cookie, and a state-changing request must
  send the same value back in its form (``csrf``) or an ``X-CSRF-Token`` header (:func:`csrf_ok`);
* a request body longer than :data:`MAX_BODY` is refused with 413 as soon as it is (a chunked
  body is counted as it comes, never read whole first), and one that has not arrived within
  :data:`BODY_SECONDS` gets 408;
* every response carries :data:`HEADERS`: a Content-Security-Policy (scripts and styles of this
  server only, never in a frame), X-Frame-Options, Referrer-Policy, nosniff.

Cookies are HttpOnly and SameSite=Strict; tokens are compared in constant time. Stalled
connections (half a header) are the business of :mod:`bgkit.serve.connections`, below the app.
"""

from __future__ import annotations

import hmac
import ipaddress
import secrets
from http.cookies import SimpleCookie
from typing import TYPE_CHECKING, Any, Iterable
from urllib.parse import parse_qs, urlsplit

if TYPE_CHECKING:
    from starlette.requests import Request
    from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: A score sheet typed in is a few kilobytes; the largest form (a corrected sheet) stays far below.
MAX_BODY = 64 * 1024
#: A body (at most 64 KiB) that has not arrived by then is a stalled client, not a slow phone.
BODY_SECONDS = 5.0
TOKEN_COOKIE = "bgkit_join"
CSRF_COOKIE = "bgkit_csrf"
#: The names a server on loopback answers to (and any server, reached from this machine).
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")
UNSAFE = ("POST", "PUT", "PATCH", "DELETE")

#: On every response. The pages have no inline script or style (static/table.js and style.css),
#: so the policy allows this server's own files only; the SVG charts are inline markup, not images.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    # the join link carries the token: never tell another site the address a page came from
    (b"referrer-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
]


def new_token() -> str:
    return secrets.token_urlsafe(16)


def same(a: str | None, b: str | None) -> bool:
    return bool(a and b and hmac.compare_digest(a.encode(), b.encode()))


def is_loopback(address: str) -> bool:
    """Whether ``address`` (an IP address or a name) is this machine only."""
    if address.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(address.strip("[]")).is_loopback
    except ValueError:
        return False


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", []):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cookies(scope: Scope) -> dict[str, str]:
    jar: SimpleCookie = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is no cookie
                pass
    return {key: morsel.value for key, morsel in jar.items()}


def _cookie_header(name: str, value: str) -> tuple[bytes, bytes]:
    return b"set-cookie", f"{name}={value}; Path=/; HttpOnly; SameSite=Strict".encode()


def _host_port(netloc: str, scheme: str = "http") -> tuple[str, int] | None:
    """``("127.0.0.1", 8000)`` of ``127.0.0.1:8000``; the name lower-cased, brackets and a final dot off."""
    try:
        parts = urlsplit("//" + netloc)
        name, port = parts.hostname, parts.port
    except ValueError:  # a port that is no number, a bracket left open
        return None
    if not name:
        return None
    return name.rstrip("."), port or (443 if scheme == "https" else 80)


def _same_address(name: str, address: Any) -> bool:
    try:
        a, b = ipaddress.ip_address(name), ipaddress.ip_address(str(address))
    except ValueError:
        return False
    mapped = getattr(b, "ipv4_mapped", None)  # a dual-stack socket shows an IPv4 peer as ::ffff:a.b.c.d
    return a == b or (mapped is not None and a == mapped)


def host_ok(scope: Scope, hosts: Iterable[str]) -> bool:
    """Whether the Host header names this server: one of ``hosts``, or the address the connection
    came in on (a server on every address, ``0.0.0.0``, is reached at each of its own)."""
    given = _header(scope, b"host")
    parsed = _host_port(given, scope.get("scheme", "http")) if given else None
    if parsed is None:
        return False
    name = parsed[0]
    if name in {h.lower().strip("[]") for h in hosts}:
        return True
    server: tuple[str, int | None] | None = scope.get("server")
    return bool(server and _same_address(name, server[0]))


def origin_ok(scope: Scope) -> bool:
    """Whether a state-changing request came from a page of this server: its Origin, else its
    Referer (as Django's CSRF check falls back), names the same scheme, host and port as its Host
    header. A request with neither (a script, an old browser) still needs the CSRF token."""
    source = _header(scope, b"origin") or _header(scope, b"referer")
    if source is None:
        return True
    scheme = scope.get("scheme", "http")
    try:
        parts = urlsplit(source)
    except ValueError:
        return False
    served = _host_port(_header(scope, b"host") or "", scheme)
    return served is not None and parts.scheme == scheme and _host_port(parts.netloc, scheme) == served


async def _plain(send: Send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": body})


class TooLarge(Exception):
    pass


class Guard:
    """The Host and Origin checks, the join token, the CSRF cookie, the body cap and the security
    headers (see the module's docstring)."""

    def __init__(self, app: ASGIApp, token: str | None, hosts: Iterable[str] = LOOPBACK_NAMES,
                 max_body: int = MAX_BODY, body_seconds: float = BODY_SECONDS):
        self.app, self.token, self.max_body, self.body_seconds = app, token, max_body, body_seconds
        self.hosts = sorted({*hosts, *LOOPBACK_NAMES})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        extra = list(HEADERS)

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        cookies = _cookies(scope)
        refusal = self._refusal(scope, cookies, extra)
        if refusal is not None:
            await _plain(send_with_headers, *refusal)
            return
        csrf = cookies.get(CSRF_COOKIE)
        if not csrf or len(csrf) > 64:
            csrf = new_token()
            extra.append(_cookie_header(CSRF_COOKIE, csrf))
        scope.setdefault("state", {})["csrf"] = csrf
        inner_receive = receive
        if scope.get("method") in UNSAFE:
            body = await self._body(receive, send_with_headers)
            if body is None:
                return
            inner_receive = _replay(body, receive)
        await self.app(scope, inner_receive, send_with_headers)

    def _refusal(self, scope: Scope, cookies: dict[str, str], extra: list[tuple[bytes, bytes]]) -> tuple[int, str] | None:
        """(status, message) when the request is refused before anything reads it; else None."""
        if not host_ok(scope, self.hosts):
            return 400, "Bad request: this bgkit serve does not answer to that host name (open the address it printed).\n"
        if self.token is not None:
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
            if same(given, self.token):
                if not same(cookies.get(TOKEN_COOKIE), self.token):
                    extra.append(_cookie_header(TOKEN_COOKIE, self.token))
            elif not same(cookies.get(TOKEN_COOKIE), self.token):
                return 403, ("Forbidden: this bgkit serve takes the join link printed where it runs "
                             "(scan its QR code, or open the whole link with ?token=...).\n")
        if scope.get("method") in UNSAFE and not origin_ok(scope):
            return 403, "Forbidden: this form was sent from another site.\n"
        length = _header(scope, b"content-length")
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            return 413, f"Request too large: at most {self.max_body:,} bytes.\n"
        return None

    async def _body(self, receive: Receive, send: Send) -> bytes | None:
        """The whole body (it is small), counted as it comes; None once refused (413, 408) or gone."""
        import anyio

        body = bytearray()
        try:
            with anyio.fail_after(self.body_seconds):
                more = True
                while more:
                    message = await receive()
                    if message["type"] == "http.disconnect":
                        return None
                    body += message.get("body", b"")
                    if len(body) > self.max_body:  # a chunked body, or one longer than it said
                        raise TooLarge
                    more = message.get("more_body", False)
        except TooLarge:
            await _plain(send, 413, f"Request too large: at most {self.max_body:,} bytes.\n")
            return None
        except TimeoutError:
            await _plain(send, 408, f"Request timeout: the request's body did not arrive within {self.body_seconds:g} seconds.\n")
            return None
        return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then what the connection says next."""
    done = False

    async def replay() -> Message:
        nonlocal done
        if not done:
            done = True
            return {"type": "http.request", "body": body, "more_body": False}
        message: Message = await receive()
        return message

    return replay


def csrf_ok(request: Request, form: dict[str, Any]) -> bool:
    """Whether a state-changing request sent back this browser's CSRF cookie (form field or header)."""
    expected = request.cookies.get(CSRF_COOKIE)
    given = form.get("csrf") if form is not None else None
    given = given or request.headers.get("x-csrf-token")
    return same(expected, given if isinstance(given, str) else None)
