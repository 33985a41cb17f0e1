"""docs/extending.md's worked examples, built and used as a person would use them.

Each fence on that page marked ``file=NAME`` is written to NAME in a scratch folder, per section;
each test below takes one section's files and runs them against the real parts: an installed
plugin package chosen by its spec, a language the context tools read, an MCP server started from
its config entry.
"""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import tomllib
import types
from dataclasses import replace
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from sofia_nb.consent import ConsentBroker, ScriptedConsent
from sofia_nb.context import allowed_roots, get_tool
from sofia_nb.context._support import langs
from sofia_nb.llm import ScriptedLLM
from sofia_nb.mcp import McpManager, find_search_tool, load_config
from sofia_nb.session import BusinessContext, Idea, Phase, Workflow, WorkflowActivity, WorkshopSession
from sofia_nb.workshop import PHASES, NavigationError, Workshop, _phases
from tests.support.openai_server import OpenAIServer

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "extending.md"


def _examples() -> dict[str, dict[str, str]]:
    """Section heading -> {file name: the fence's text}, for every fence marked ``file=NAME``."""
    found: dict[str, dict[str, str]] = {}
    section = ""
    tokens = MarkdownIt("commonmark").parse(DOC.read_text(encoding="utf-8"))
    for i, token in enumerate(tokens):
        if token.type == "heading_open" and token.tag == "h2":
            section = tokens[i + 1].content
        elif token.type == "fence":
            names = [w.removeprefix("file=") for w in token.info.split() if w.startswith("file=")]
            if names:
                found.setdefault(section, {})[names[0]] = token.content
    return found


EXAMPLES = _examples()


def _write(section: str, folder: Path) -> dict[str, Path]:
    written = {}
    for name, text in EXAMPLES[section].items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        written[name] = path
    return written


def test_every_section_of_the_page_has_its_example() -> None:
    assert set(EXAMPLES) == {
        "A model provider",
        "A context-tools language",
        "An MCP server the workshop uses",
        "A kind of round",
        "A phase rule",
    }


def test_the_provider_plugin_is_installed_chosen_by_its_spec_and_listed(tmp_path: Path) -> None:
    files = _write("A model provider", tmp_path / "src")
    site = tmp_path / "site"
    # Installed as pip installs it: the module, and a .dist-info holding the entry point that the
    # page's pyproject.toml declares (importlib.metadata finds it on the path like any other).
    site.mkdir()
    (site / "lmstudio_provider.py").write_text(files["lmstudio_provider.py"].read_text(), encoding="utf-8")
    info = site / "sofia_lmstudio-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: sofia-lmstudio\nVersion: 0.1\n")
    declared = tomllib.loads(files["pyproject.toml"].read_text())["project"]["entry-points"]
    lines = []
    for group, entries in declared.items():
        lines += [f"[{group}]", *(f"{name} = {target}" for name, target in entries.items())]
    (info / "entry_points.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")

    with OpenAIServer() as server:
        server.reply("Forty-two pallets a day.")
        env = {
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)]),
            "LMSTUDIO_BASE_URL": server.base_url,
        }
        env.pop("SOFIA_LLM", None)
        probe = (
            "from sofia_nb.llm import Message, create_llm\n"
            "llm = create_llm('lmstudio:qwen2.5-7b-instruct')\n"
            "print(llm.complete_sync([Message(role='user', content='How many?')], purpose='chat').text)\n"
            "llm.close()\n"
        )
        done = subprocess.run(
            [sys.executable, "-c", probe], env=env, capture_output=True, text=True, timeout=120
        )
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "Forty-two pallets a day."
        assert server.requests[-1].body["model"] == "qwen2.5-7b-instruct"

        helped = subprocess.run(
            [sys.executable, "-m", "sofia_nb", "--help"], env=env, capture_output=True, text=True, timeout=120
        )
    assert "lmstudio:MODEL: LM Studio's local server" in " ".join(helped.stdout.split())


def _language(folder: Path) -> langs.Language:
    files = _write("A context-tools language", folder)
    module = types.ModuleType("lang_markdown")
    exec(compile(files["lang_markdown.py"].read_text(), "lang_markdown.py", "exec"), module.__dict__)
    # The two lines the page adds to langs.py, run where they would run: with langs' names.
    names = {"Language": langs.Language, "BY_SUFFIX": {}, "lang_markdown": module}
    exec(compile(files["langs_addition.py"].read_text(), "langs_addition.py", "exec"), names)
    assert set(names["BY_SUFFIX"]) == {".md"}
    language: langs.Language = names["BY_SUFFIX"][".md"]
    return language


GUIDE = "# Guide\n\nWhat this is.\n\n## Install\n\n"
GUIDE += "```bash\n# not a heading: inside a fence\npip install it\n```\n\n"
GUIDE += "### On Windows\n\nUse py -m pip.\n\n## Use\n\n" + "Call run() and read what it says.\n" * 300


def test_the_markdown_language_gives_summaries_slices_and_scope_labels(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(langs.BY_SUFFIX, ".md", _language(tmp_path / "src"))
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "guide.md").write_text(GUIDE, encoding="utf-8")
    with allowed_roots([docs]):
        summary, _ = get_tool("code").answer({"files": [str(docs / "guide.md")]})
        _, text = get_tool("code").answer({"files": [str(docs / "guide.md")], "symbols": ["Install"]})
        found, _ = get_tool("grep").answer({"patterns": ["pip", "run()"], "root": str(docs)})
    symbols = [(s.name, s.line) for s in summary.files[0].symbols]  # type: ignore[attr-defined]
    assert symbols == [("Guide", 1), ("Install", 5), ("On Windows", 12), ("Use", 16)]
    assert text.startswith("## Install\n") and "Use py -m pip." in text and "## Use" not in text
    labels = {(h.line, h.enclosing) for p in found.patterns for h in p.hits[:3]}  # type: ignore[attr-defined]
    assert labels >= {(9, "section Install"), (14, "section On Windows"), (18, "section Use")}


async def test_the_search_server_is_found_by_its_tool_name_and_searches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _write("An MCP server the workshop uses", tmp_path)
    pages = [
        {"title": "Cold-chain checklist", "url": "https://intra.example/cold", "text": "Reefer check: 4 C."},
        {"title": "Holiday rota", "url": "https://intra.example/rota", "text": "Who is off in August."},
    ]
    (tmp_path / "pages.json").write_text(json.dumps(pages), encoding="utf-8")
    # The config's `python` is the one this test runs under (it has the MCP SDK).
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ["PATH"]]))
    async with McpManager(load_config(files[".vscode/mcp.json"])) as manager:
        assert await find_search_tool(manager, manager.servers) == ("intranet", "web_search")
        result = await manager.call_tool("intranet", "web_search", {"query": "reefer check"})
    text = result.content[0].text  # type: ignore[union-attr]
    assert text.startswith("Cold-chain checklist (https://intra.example/cold)")
    assert "Holiday rota" not in text


def test_the_kind_of_round_is_its_module_alone(tmp_path: Path) -> None:
    pytest.importorskip("ipywidgets")
    import importlib.util

    from sofia_nb.cli._team import help_line
    from sofia_nb.participants import Room, RoomRefusal
    from sofia_nb.participants._room import parse_sent
    from sofia_nb.session import ROUND_KINDS, Phase, WorkshopSession
    from sofia_nb.ui._team_panel import aggregate_html
    from sofia_nb.workshop._team import take_team

    path = _write("A kind of round", tmp_path)["mood_round.py"]
    spec = importlib.util.spec_from_file_location("mood_round", path)
    assert spec is not None and spec.loader is not None
    try:
        spec.loader.exec_module(importlib.util.module_from_spec(spec))
        room = Room()
        (ana, _), (ben, _) = room.join("Ana"), room.join("Ben")
        opened = room.open_round("mood", phase=Phase.DISCOVER)
        for member, word in ((ana, "Calm"), (ben, "tired"), (ben, "calm")):
            room.contribute(member, parse_sent({"kind": "mood", "round_id": opened.id, "word": word}))
        with pytest.raises(RoomRefusal, match="one word"):
            room.contribute(ana, parse_sent({"kind": "mood", "round_id": opened.id, "word": "so so"}))
        session = WorkshopSession()
        assert take_team(session, room)
        kept = WorkshopSession.model_validate_json(session.model_dump_json()).team
        assert [getattr(c, "word", None) for c in kept.contributions] == ["calm", "calm"]
        assert (
            "calm ×2" in aggregate_html(room.results()) and "Ben: feels calm" in dict(room.entries()).values()
        )
        assert room.view_for(ana).round.title == "Mood: one word"  # type: ignore[union-attr]
        assert "|mood [PROMPT]" in help_line()
    finally:
        ROUND_KINDS.pop("mood", None)


def test_the_phase_rule_is_obeyed_by_the_gate_the_engine_and_a_jump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    files = _write("A phase rule", tmp_path)
    # The entry, read where it is written: with _phases' names (PhaseSpec, Need, Phase, IdeateOutput).
    entry = eval(files["ideate_entry.py"].read_text(), vars(_phases))
    shipped = PHASES[Phase.IDEATE]
    assert replace(entry, needs=shipped.needs) == shipped  # the page changes the needs alone
    monkeypatch.setitem(PHASES, Phase.IDEATE, entry)
    session = WorkshopSession(
        phase=Phase.IDEATE,
        business_context=BusinessContext(description="A bakery chain"),
        workflow=Workflow(activities=[WorkflowActivity(id="s1", name="Bake")]),
        ideas=[Idea(id="idea-1", title="Forecast demand")],
    )
    asked = ScriptedConsent(["deny"])
    workshop = Workshop(session, ScriptedLLM(["(nothing more)"]), consent=ConsentBroker(asked, deadline_s=5))

    assert workshop.lacking() == ["cards"]
    with pytest.raises(NavigationError, match="Ideate is not complete"):
        asyncio.run(workshop.choose_phase("design", open_it=False))
    step = asyncio.run(workshop.advance())
    assert not step.moved and step.phase == Phase.IDEATE
    (question,) = asked.asked
    assert question.description == "Ideate has no card chosen by the team yet: continue anyway"
