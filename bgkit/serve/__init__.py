"""``bgkit serve``: score and play a game at the table from every phone (the ``bgkit[serve]`` extra).

| module | idea |
|---|---|
| ``tables.py`` | a table being filled in, checked with the game's fields as the terminal prompt checks it |
| ``routes.py`` | the pages and what each form does |
| ``app.py`` | the Starlette app: routes, templates, the guard |
| ``security.py`` | Host and Origin checks, join token, CSRF cookie, request body cap, security headers |
| ``connections.py`` | below the app: a header timeout and a bound on connections per client address |
| ``charts.py`` | the stats page's SVG charts |
| ``play.py`` | a game played from the phones: its match in a worker thread, seat keys, saves, snapshots |
| ``play_routes.py`` | the pages of a game played from the phones, and its server-sent events |
| ``server.py`` | the command: address, QR code, uvicorn, Ctrl-C |

Nothing here is imported by ``bgkit --help`` or ``bgkit games``: ``cli/main.py`` imports
:mod:`bgkit.serve.server` inside the command, and that checks the extra is installed first.
"""

#: The modules of the extra, checked before anything of them is imported.
NEEDS = ("starlette", "uvicorn", "jinja2", "segno", "python_multipart")


def missing() -> list[str]:
    """The modules of the ``serve`` extra that are not installed."""
    import importlib.util

    out = []
    for name in NEEDS:
        try:
            found = importlib.util.find_spec(name) is not None
        except (ImportError, ValueError):  # a module set to None in sys.modules, or a broken one
            found = False
        if not found:
            out.append(name)
    return out
