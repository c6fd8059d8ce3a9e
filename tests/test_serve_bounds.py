"""bgkit serve at its edges: a request body of exactly the cap is read and one byte more is refused;
a date range is taken the right way round and refused the wrong way round."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette", reason="bgkit serve needs the serve extra: pip install 'bgkit[serve]'")
pytest.importorskip("httpx2", reason="Starlette's TestClient needs httpx2 (the test extra)")

from starlette.testclient import TestClient  # noqa: E402

from bgkit.serve.app import create_app  # noqa: E402
from bgkit.serve.security import MAX_BODY  # noqa: E402


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "table.sqlite3"), base_url="http://127.0.0.1") as c:
        yield c


def chunks(size):
    """A body sent in pieces without a Content-Length (Transfer-Encoding: chunked)."""
    for start in range(0, size, 4096):
        yield b"x" * min(4096, size - start)


@pytest.mark.parametrize("chunked", [False, True], ids=["content-length", "chunked"])
@pytest.mark.parametrize("size, refused", [(MAX_BODY, False), (MAX_BODY + 1, True)])
def test_a_body_is_capped_at_exactly_its_limit(client, size, refused, chunked):
    body = chunks(size) if chunked else b"x" * size
    response = client.post("/tables", content=body, headers={"content-type": "application/x-www-form-urlencoded"})
    assert (response.status_code == 413) == refused, (response.status_code, response.text[:200])
    if refused:
        assert response.text == f"Request too large: at most {MAX_BODY:,} bytes.\n"


def test_a_date_range_the_right_way_round_is_taken_and_the_wrong_way_refused(client):
    assert client.get("/plays?since=2024-05-01&until=2024-05-31").status_code == 200
    assert client.get("/plays?since=2024-05-31&until=2024-05-31").status_code == 200  # one day
    wrong = client.get("/plays?since=2024-05-31&until=2024-05-01")
    assert wrong.status_code == 400 and "since 2024-05-31 is after until 2024-05-01" in wrong.text
