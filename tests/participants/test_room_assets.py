"""The room's page and its assets are served whole, each with its type (a browser runs a script or
shows an icon only when it is said to be one: ``X-Content-Type-Options: nosniff``), and a rotated
token is as long as the first."""

from __future__ import annotations

from importlib import resources

import pytest

from ._support import Phone, roomy, served

pytest.importorskip("uvicorn")

ASSETS = {
    "": ("room.html", "text/html; charset=utf-8"),
    "room.js": ("room.js", "text/javascript; charset=utf-8"),
    "room.css": ("room.css", "text/css; charset=utf-8"),
    "icon.svg": ("icon.svg", "image/svg+xml"),
}


def test_each_asset_is_served_whole_with_its_type() -> None:
    with served(roomy()) as server:
        phone = Phone(server)
        for path, (name, kind) in ASSETS.items():
            got = phone.get(path)
            assert got.status_code == 200, path
            assert got.headers["content-type"] == kind, path
            assert got.headers["x-content-type-options"] == "nosniff", path
            expected = resources.files("sofia_nb.participants").joinpath("static", name).read_bytes()
            assert got.content == expected and expected, path


def test_a_rotated_token_is_new_and_as_long_as_the_first() -> None:
    with served(roomy()) as server:
        first = server.token
        server.rotate_token()  # the new link
        assert server.token != first and len(server.token) == len(first) == 22  # 16 random bytes, URL-safe
