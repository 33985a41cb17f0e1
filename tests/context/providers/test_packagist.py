"""packagist_status: real git tags and a real (local, bare) origin; Packagist through injected fetchers
or the real httpx fetcher against a loopback server. Nothing reaches an outside host."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from sofia_nb.context._providers.packagist import (
    FetchError,
    FetchResponse,
    PackagistError,
    PackagistInput,
    ReleaseState,
    packagist_status,
    published_version,
    release_state,
    version_key,
)

from .._golden import assert_golden
from .._trees import git, make_composer_tree

CART_VERSIONS = {
    "packages": {
        "acme/cart": [
            {"version": "dev-main"},
            {"version": "1.2.x-dev"},
            {"version": "v1.2.0-beta1"},
            {"version": "v1.1.0"},
            {"version": "v1.0.3"},
        ]
    }
}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    return make_composer_tree(tmp_path / "mono")


class ScriptedFetcher:
    """Answers per package name from a list of responses (or exceptions), and records the calls."""

    def __init__(self, answers: dict[str, list[FetchResponse | Exception]]) -> None:
        self.answers = answers
        self.urls: list[str] = []

    def __call__(self, url: str, timeout: float) -> FetchResponse:
        self.urls.append(url)
        name = url.split("/p2/", 1)[1].removesuffix(".json")
        answer = self.answers[name].pop(0)
        if isinstance(answer, Exception):
            raise answer
        return answer


def test_offline_golden(tree: Path) -> None:
    assert_golden("packagist_status_offline", packagist_status(PackagistInput(root=str(tree), offline=True)))


def test_online_with_an_injected_fetcher_golden(tree: Path) -> None:
    fetcher = ScriptedFetcher(
        {
            "acme/cart": [FetchResponse(200, json.dumps(CART_VERSIONS).encode())],
            "acme/lint": [FetchResponse(503, b"")] * 3,
            "acme/money": [FetchResponse(404, b"")],
        }
    )
    sleeps: list[float] = []
    result = packagist_status(PackagistInput(root=str(tree)), fetcher=fetcher, sleep=sleeps.append)
    assert len(sleeps) == 2 and 0.1 <= sleeps[0] <= 0.2 and 0.3 <= sleeps[1] <= 0.6  # backoff with jitter
    assert_golden("packagist_status", result)


def test_an_unpushed_tag(tree: Path) -> None:
    cart = tree / "packages" / "cart"
    git(cart, "commit", "-q", "--allow-empty", "-m", "next")
    git(cart, "tag", "v1.3.0")
    result = packagist_status(
        PackagistInput(root=str(tree)),
        fetcher=ScriptedFetcher(
            {
                "acme/cart": [FetchResponse(200, json.dumps(CART_VERSIONS).encode())],
                "acme/lint": [FetchResponse(404, b"")],
                "acme/money": [FetchResponse(404, b"")],
            }
        ),
    )
    assert (result.packages[0].local_tag, result.packages[0].pushed) == ("v1.3.0", "no")


def test_retries_honour_retry_after_then_succeed() -> None:
    fetcher = ScriptedFetcher(
        {
            "acme/cart": [
                FetchError("connection refused"),
                FetchResponse(429, b"", retry_after=7.0),
                FetchResponse(200, json.dumps(CART_VERSIONS).encode()),
            ]
        }
    )
    sleeps: list[float] = []
    assert published_version("acme/cart", fetcher, sleep=sleeps.append) == "v1.1.0"
    assert len(fetcher.urls) == 3 and sleeps[1] == 7.0


def test_a_client_error_is_not_retried() -> None:
    fetcher = ScriptedFetcher({"acme/cart": [FetchResponse(403, b"")]})
    with pytest.raises(PackagistError, match="HTTP 403"):
        published_version("acme/cart", fetcher, sleep=lambda s: None)
    assert len(fetcher.urls) == 1


def test_the_overall_budget_stops_retries() -> None:
    fetcher = ScriptedFetcher({"acme/cart": [FetchResponse(429, b"", retry_after=60.0)] * 3})
    with pytest.raises(PackagistError, match="gave up after 1 attempts"):
        published_version("acme/cart", fetcher, sleep=lambda s: None)


@pytest.mark.parametrize(
    ("local", "published", "state"),
    [
        ("", "v1.0.0", "no-tags"),
        ("v1.0.0", "", "unpublished"),
        ("v1.2.0", "1.2.0", "in-sync"),
        ("v1.10.0", "v1.9.9", "needs-update"),
        ("1.2.0", "v1.2.1", "local-stale"),
    ],
)
def test_release_state(local: str, published: str, state: str) -> None:
    assert release_state(local, published) == ReleaseState(state)


def test_version_key() -> None:
    assert version_key("v1.10.2-beta+build") == (1, 10, 2)
    assert version_key("2.0") < version_key("v10.0")


class _FakePackagist(BaseHTTPRequestHandler):
    hits: dict[str, int] = {}  # noqa: RUF012 - shared per server, reset by the fixture

    def do_GET(self) -> None:
        self.hits[self.path] = self.hits.get(self.path, 0) + 1
        if self.path == "/p2/acme/cart.json" and self.hits[self.path] == 1:
            self.send_response(503)  # the first answer fails: the real fetcher must retry
            self.end_headers()
            return
        body = json.dumps(CART_VERSIONS).encode() if self.path == "/p2/acme/cart.json" else b""
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "application/json")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def fake_packagist(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, int]]:
    _FakePackagist.hits = {}
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakePackagist)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    monkeypatch.setenv("SOFIA_PACKAGIST_URL", f"http://127.0.0.1:{server.server_address[1]}")
    yield _FakePackagist.hits
    server.shutdown()
    server.server_close()


def test_the_real_httpx_fetcher_against_a_loopback_packagist(
    tree: Path, fake_packagist: dict[str, int]
) -> None:
    result = packagist_status(PackagistInput(root=str(tree)))
    states = {r.name: (r.packagist, r.state.value) for r in result.packages}
    assert states == {
        "acme/cart": ("v1.1.0", "needs-update"),
        "acme/lint": ("", "no-tags"),
        "acme/money": ("", "no-tags"),
    }
    assert fake_packagist["/p2/acme/cart.json"] == 2
