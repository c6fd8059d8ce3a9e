"""What keeps ``bgkit serve`` to the people at the table: the join token, CSRF, a cap on request bodies.

One ASGI middleware, in front of everything (static files included):

* with a join token (``--lan``) a request must carry it, as ``?token=`` in the printed link or QR
  code (kept then in a cookie, so the pages' own links need not carry it), else 403;
* every response gives a browser without one a random CSRF cookie; every state-changing request
  must send the same value back in its form (``csrf``) or an ``X-CSRF-Token`` header
  (:func:`csrf_ok`), which a page of another site cannot read;
* a request body longer than :data:`MAX_BODY` is refused with 413 before the app sees it.

Cookies are HttpOnly and SameSite=Strict; tokens are compared in constant time.
"""

from __future__ import annotations

import hmac
import secrets
from http.cookies import SimpleCookie
from urllib.parse import parse_qs

#: A score sheet typed in is a few kilobytes; the largest form (a corrected sheet) stays far below.
MAX_BODY = 64 * 1024
TOKEN_COOKIE = "bgkit_join"
CSRF_COOKIE = "bgkit_csrf"


def new_token() -> str:
    return secrets.token_urlsafe(16)


def same(a: str | None, b: str | None) -> bool:
    return bool(a) and bool(b) and hmac.compare_digest(a.encode(), b.encode())


def _cookies(scope: dict) -> dict[str, str]:
    jar = SimpleCookie()
    for name, value in scope.get("headers", []):
        if name == b"cookie":
            try:
                jar.load(value.decode("latin-1"))
            except Exception:  # a malformed cookie header is no cookie
                pass
    return {key: morsel.value for key, morsel in jar.items()}


def _cookie_header(name: str, value: str) -> tuple[bytes, bytes]:
    return b"set-cookie", f"{name}={value}; Path=/; HttpOnly; SameSite=Strict".encode()


async def _plain(send, status: int, text: str) -> None:
    body = text.encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


class Guard:
    """The join token, the CSRF cookie and the body cap (see the module's docstring)."""

    def __init__(self, app, token: str | None, max_body: int = MAX_BODY):
        self.app, self.token, self.max_body = app, token, max_body

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        cookies = _cookies(scope)
        extra: list[tuple[bytes, bytes]] = []
        if self.token is not None:
            given = parse_qs(scope.get("query_string", b"").decode("latin-1")).get("token", [None])[0]
            if same(given, self.token):
                if not same(cookies.get(TOKEN_COOKIE), self.token):
                    extra.append(_cookie_header(TOKEN_COOKIE, self.token))
            elif not same(cookies.get(TOKEN_COOKIE), self.token):
                await _plain(send, 403, "Forbidden: this bgkit serve takes the join link printed where it runs "
                                        "(scan its QR code, or open the whole link with ?token=...).\n")
                return
        csrf = cookies.get(CSRF_COOKIE)
        if not csrf or len(csrf) > 64:
            csrf = new_token()
            extra.append(_cookie_header(CSRF_COOKIE, csrf))
        scope.setdefault("state", {})["csrf"] = csrf

        length = next((v for k, v in scope.get("headers", []) if k == b"content-length"), None)
        if length is not None and (not length.isdigit() or int(length) > self.max_body):
            await _plain(send, 413, f"Request too large: at most {self.max_body:,} bytes.\n")
            return
        body, more = b"", True
        if scope.get("method") in ("POST", "PUT", "PATCH", "DELETE"):
            while more:  # read it all first (it is small): a body longer than it said is refused too
                message = await receive()
                if message["type"] == "http.disconnect":
                    return
                body += message.get("body", b"")
                more = message.get("more_body", False)
                if len(body) > self.max_body:
                    await _plain(send, 413, f"Request too large: at most {self.max_body:,} bytes.\n")
                    return
            done = False

            async def replay():
                nonlocal done
                if not done:
                    done = True
                    return {"type": "http.request", "body": body, "more_body": False}
                return await receive()

            inner_receive = replay
        else:
            inner_receive = receive

        async def send_with_cookies(message):
            if message["type"] == "http.response.start" and extra:
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, inner_receive, send_with_cookies)


def csrf_ok(request, form) -> bool:
    """Whether a state-changing request sent back this browser's CSRF cookie (form field or header)."""
    expected = request.cookies.get(CSRF_COOKIE)
    given = form.get("csrf") if form is not None else None
    given = given or request.headers.get("x-csrf-token")
    return same(expected, given if isinstance(given, str) else None)
