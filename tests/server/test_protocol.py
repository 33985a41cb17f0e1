"""The server's protocol state machine, in process: eras, listings, calls, errors and roots."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sofia_nb import protocol as p
from sofia_nb.context import tools

from ._peer import ENVELOPE, HANDSHAKE, Peer

EXPECTED_REQUIRED = {
    "code": ["files"],
    "grep": ["patterns"],
    "refs": ["symbol"],
    "composer_show": ["package"],
}
# Reaching a network (or running a project's own scripts) is open-world; composer_check runs `composer check`,
# so it does not claim to be read-only.
OPEN_WORLD = {"composer_check", "packagist_status", "github_ci", "github_pr", "github_branches"}
NOT_READ_ONLY = {"composer_check"}


def expected_hints(name: str) -> dict[str, bool]:
    return {
        "readOnlyHint": name not in NOT_READ_ONLY,
        "destructiveHint": False,
        "idempotentHint": True,
        "openWorldHint": name in OPEN_WORLD,
    }


@pytest.mark.parametrize(
    ("offered", "answered"),
    [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-11-05", "2024-11-05"),
        ("1999-01-01", "2025-11-25"),
    ],
)
async def test_handshake_versions(tmp_path: Path, offered: str, answered: str) -> None:
    peer = Peer([tmp_path])
    reply = await peer.request("initialize", {**HANDSHAKE, "protocolVersion": offered})
    assert reply["result"]["protocolVersion"] == answered
    assert reply["result"]["serverInfo"]["name"] == "sofia-nb"
    assert reply["result"]["capabilities"] == {"tools": {"listChanged": False}}
    assert (await peer.request("ping"))["result"] == {}


async def test_tools_list_schemas_and_annotations(tmp_path: Path) -> None:
    peer = Peer([tmp_path])
    await peer.handshake()
    listed = (await peer.request("tools/list"))["result"]["tools"]
    assert [t["name"] for t in listed] == list(tools())
    for tool in listed:
        assert tool["inputSchema"]["type"] == "object" and tool["outputSchema"]["type"] == "object"
        assert tool["inputSchema"].get("required", []) == EXPECTED_REQUIRED.get(tool["name"], [])
        assert tool["annotations"] == expected_hints(tool["name"])
        for name, prop in tool["inputSchema"]["properties"].items():
            if name not in tool["inputSchema"].get("required", []):
                assert "default" in prop, f"{tool['name']}.{name} shows no default"
    grep = next(t for t in listed if t["name"] == "grep")["inputSchema"]["properties"]
    assert (grep["case"]["default"], grep["max_per_pattern"]["default"], grep["exts"]["default"]) == (
        True,
        30,
        [],
    )


async def test_call_result_has_structured_content_and_the_compact_text(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("def f():\n    return 1\n")
    peer = Peer([tmp_path])
    await peer.handshake()
    result = await peer.call("grep", {"patterns": ["return"]})
    assert result["isError"] is False
    assert [block["type"] for block in result["content"]] == ["text"]
    assert result["content"][0]["text"] == "a.py:2:return 1\n"  # what grep -rn prints, not the JSON
    assert result["structuredContent"]["patterns"][0]["hits"][0]["enclosing"] == "function f"


async def test_tool_failures_are_is_error_results(tmp_path: Path) -> None:
    peer = Peer([tmp_path])
    await peer.handshake()
    missing = await peer.call("code", {})
    assert missing["isError"] is True
    assert missing["content"][0]["text"] == "invalid arguments for code: files: Field required"
    unknown_arg = await peer.call("grep", {"patterns": ["x"], "colour": "red"})
    assert "colour: Extra inputs are not permitted" in unknown_arg["content"][0]["text"]
    (tmp_path / "x.rb").write_text("puts 1\n")
    unsupported = await peer.call("code", {"files": ["x.rb"]})
    assert unsupported["isError"] and unsupported["content"][0]["text"].startswith(
        "code: x.rb: code reads Python"
    )


async def test_protocol_errors(tmp_path: Path) -> None:
    peer = Peer([tmp_path])
    await peer.handshake()
    assert (await peer.request("tools/call", {"name": "nope"}))["error"]["code"] == p.INVALID_PARAMS
    assert (await peer.request("tools/call", {"arguments": {}}))["error"]["code"] == p.INVALID_PARAMS
    assert (await peer.request("tools/call", {"name": "code", "arguments": [1]}))["error"][
        "code"
    ] == p.INVALID_PARAMS
    assert (await peer.request("resources/list"))["error"]["code"] == p.METHOD_NOT_FOUND
    assert (await peer.request("tools/list", {"cursor": "x"}))["error"]["code"] == p.INVALID_PARAMS
    enveloped = await peer.request("tools/list", {"_meta": ENVELOPE})
    assert (
        enveloped["error"]["code"] == p.INVALID_REQUEST
    )  # a handshake connection refuses the modern envelope


async def test_modern_era_via_server_discover(tmp_path: Path) -> None:
    peer = Peer([tmp_path])
    discovered = (await peer.request("server/discover", {"_meta": ENVELOPE}))["result"]
    assert discovered["supportedVersions"] == ["2026-07-28"]
    assert discovered["resultType"] == "complete" and discovered["cacheScope"] == "public"
    assert discovered["_meta"][p.SERVER_INFO_META_KEY]["name"] == "sofia-nb"
    listed = (await peer.request("tools/list", {"_meta": ENVELOPE}))["result"]
    assert listed["resultType"] == "complete" and listed["ttlMs"] > 0 and len(listed["tools"]) == len(tools())
    called = await peer.call("workshop_sessions", {}, modern=True)
    assert called["resultType"] == "complete" and called["structuredContent"] == {
        "sessions": [],
        "total": 0,
        "unreadable": [],
    }
    # Answering server/discover committed the connection to the 2026-07-28 envelope.
    late = await peer.request("initialize", HANDSHAKE)
    assert late["error"]["code"] == p.UNSUPPORTED_PROTOCOL_VERSION
    assert late["error"]["data"] == {"supported": ["2026-07-28"], "requested": "2025-11-25"}
    assert (await peer.request("tools/list"))["error"]["code"] == p.INVALID_PARAMS
    old = {**ENVELOPE, p.PROTOCOL_VERSION_META_KEY: "2027-01-01"}
    wrong = await peer.request("tools/list", {"_meta": old})
    assert wrong["error"]["code"] == p.UNSUPPORTED_PROTOCOL_VERSION
    assert (await peer.request("ping", {"_meta": ENVELOPE}))["error"]["code"] == p.METHOD_NOT_FOUND


async def test_roots_offered_by_the_client_narrow_the_configured_ones(tmp_path: Path) -> None:
    inside, other = tmp_path / "project" / "app", tmp_path / "other"
    inside.mkdir(parents=True)
    other.mkdir()
    (inside / "a.py").write_text("x = 1\n")
    (tmp_path / "project" / "b.py").write_text("y = 2\n")
    peer = Peer([tmp_path / "project"])
    await peer.handshake(capabilities={"roots": {"listChanged": True}})
    ask = next(m for m in peer.sent if m.get("method") == "roots/list")
    roots = [{"uri": inside.as_uri()}, {"uri": other.as_uri()}, {"uri": "https://example.invalid/"}]
    await peer.frame(json.dumps(p.result_response(ask["id"], {"roots": roots})))
    await peer.call("workshop_sessions", {})  # a call waits until the roots are settled
    assert peer.server.roots == [inside.resolve()]
    assert (await peer.call("code", {"files": [str(inside / "a.py")]}))["isError"] is False
    refused = await peer.call("code", {"files": [str(tmp_path / "project" / "b.py")]})
    assert refused["isError"] and "outside the allowed roots" in refused["content"][0]["text"]
    await peer.notify("notifications/roots/list_changed")
    again = [m for m in peer.sent if m.get("method") == "roots/list"][-1]
    await peer.frame(json.dumps(p.error_response(again["id"], p.JsonRpcError(p.METHOD_NOT_FOUND, "no"))))
    await peer.call("workshop_sessions", {})
    assert peer.server.roots == [inside.resolve()]  # a refused refresh keeps what was agreed


async def test_a_root_swapped_for_a_symlink_after_start_still_confines_to_the_folder_it_named(
    tmp_path: Path,
) -> None:
    # The server resolves its roots once, when it learns them, not on every call (a system call
    # per path component of each root): a root replaced later by a symlink to another folder must
    # not carry the tools there.
    root, outside = tmp_path / "project", tmp_path / "outside"
    root.mkdir()
    outside.mkdir()
    (root / "a.py").write_text("x = 1\n")
    (outside / "secret.py").write_text("token = 'x'\n")
    peer = Peer([root])
    await peer.handshake()
    assert (await peer.call("code", {"files": [str(root / "a.py")]}))["isError"] is False
    root.rename(tmp_path / "moved")
    root.symlink_to(outside, target_is_directory=True)
    refused = await peer.call("code", {"files": [str(root / "secret.py")]})
    assert refused["isError"] and "outside the allowed roots" in refused["content"][0]["text"]
    grep = await peer.call("grep", {"patterns": ["token"], "root": str(root)})
    assert grep["isError"] and "outside the allowed roots" in grep["content"][0]["text"]


async def test_cancelled_requests_get_no_reply(tmp_path: Path) -> None:
    peer = Peer([tmp_path])
    await peer.handshake()
    await peer.frame(json.dumps(p.request(99, "tools/call", {"name": "workshop_sessions", "arguments": {}})))
    await peer.notify("notifications/cancelled", {"requestId": 99, "reason": "changed my mind"})
    assert (await peer.request("ping"))["result"] == {}
    assert not [m for m in peer.sent if m.get("id") == 99]
