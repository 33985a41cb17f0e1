"""The ``cc_*`` tools over synthetic transcripts: golden JSON, selectors, filters and error cases."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sofia_nb.context import ContextError
from sofia_nb.context._providers.claude_code import (
    BashCategory,
    CcBashInput,
    CcCandidatesInput,
    CcLsInput,
    CcSessionInput,
    categorize,
    cc_bash,
    cc_candidates,
    cc_ls,
    cc_prompts,
    cc_resume,
    cc_show,
    parse_transcript,
)
from sofia_nb.context._providers.claude_code._parse import human_text

from .._golden import assert_golden
from .._transcripts import BLOG_ID, SHOP_ID, write_projects


@pytest.fixture
def projects(tmp_path: Path) -> Path:
    return write_projects(tmp_path)


def _norm(projects: Path) -> dict[str, str]:
    return {str(projects): "<PROJECTS>"}


def test_cc_ls_golden(projects: Path) -> None:
    assert_golden("cc_ls", cc_ls(CcLsInput(projects_dir=str(projects))), _norm(projects))


def test_cc_show_golden(projects: Path) -> None:
    assert_golden("cc_show", cc_show(CcSessionInput(projects_dir=str(projects))), _norm(projects))


def test_cc_resume_golden(projects: Path) -> None:
    result = cc_resume(CcSessionInput(projects_dir=str(projects)))
    assert result.age is not None and re.fullmatch(r"\d+d ago", result.age)
    assert_golden("cc_resume", result.model_copy(update={"age": "<AGE>"}), _norm(projects))


def test_cc_prompts_golden(projects: Path) -> None:
    assert_golden("cc_prompts", cc_prompts(CcSessionInput(projects_dir=str(projects))), _norm(projects))


def test_cc_bash_golden(projects: Path) -> None:
    assert_golden("cc_bash", cc_bash(CcBashInput(projects_dir=str(projects))), _norm(projects))


def test_cc_candidates_golden(projects: Path) -> None:
    assert_golden(
        "cc_candidates", cc_candidates(CcCandidatesInput(projects_dir=str(projects))), _norm(projects)
    )


def test_only_genuine_human_prompts_are_kept(projects: Path) -> None:
    prompts = cc_prompts(CcSessionInput(session=SHOP_ID[:6], projects_dir=str(projects))).prompts
    assert prompts == ["Fix the checkout total rounding bug", "Now also round the tax line"]
    joined = "\n".join(prompts)
    for dropped in ("Caveat", "/clear", "interrupted", "system-reminder", "Search the code base"):
        assert dropped not in joined


def test_usage_is_counted_once_per_message_and_broken_lines_are_counted(projects: Path) -> None:
    t = parse_transcript(projects / "-home-u-www-shop" / f"{SHOP_ID}.jsonl")
    assert t.usage_total("output_tokens") == 10 + 20 + 30 + 40  # msg_1 is written twice, counted once
    assert t.skipped_lines == 2


@pytest.mark.parametrize(
    ("selector", "expected"),
    [("last", SHOP_ID), ("", SHOP_ID), ("B9F8", BLOG_ID), ("blog", BLOG_ID), ("www-shop", SHOP_ID)],
)
def test_session_selectors(projects: Path, selector: str, expected: str) -> None:
    assert cc_show(CcSessionInput(session=selector, projects_dir=str(projects))).full_id == expected


def test_a_transcript_path_is_a_selector(projects: Path) -> None:
    path = projects / "-home-u-blog" / f"{BLOG_ID}.jsonl"
    assert cc_prompts(CcSessionInput(session=str(path), projects_dir=str(projects))).prompts == [
        "Add an RSS feed"
    ]


@pytest.mark.parametrize("outside", ["/etc/passwd", "../elsewhere.jsonl"])
def test_a_session_path_outside_the_projects_folder_is_refused(projects: Path, outside: str) -> None:
    stray = projects.parent / "elsewhere.jsonl"  # a real transcript-shaped file, but not under projects
    stray.write_text((projects / "-home-u-blog" / f"{BLOG_ID}.jsonl").read_text(), encoding="utf-8")
    selector = str(projects / outside) if outside.startswith("..") else outside
    with pytest.raises(ContextError, match="not a Claude Code transcript under"):
        cc_show(CcSessionInput(session=selector, projects_dir=str(projects)))


def test_projects_dir_comes_from_the_environment(projects: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CC_PROJECTS_DIR", str(projects))
    assert [r.id for r in cc_ls(CcLsInput()).sessions] == ["a1b2c3d4", "b9f8e7d6"]


def test_ls_filters_by_project_since_and_limit(projects: Path) -> None:
    assert [r.project for r in cc_ls(CcLsInput(project="BLOG", projects_dir=str(projects))).sessions] == [
        "blog"
    ]
    assert len(cc_ls(CcLsInput(limit=1, projects_dir=str(projects))).sessions) == 1
    fresh = projects / "-home-u-blog" / f"{BLOG_ID}.jsonl"
    os.utime(fresh)  # now: the only session inside a one-hour window
    assert [r.id for r in cc_ls(CcLsInput(since="1h", projects_dir=str(projects))).sessions] == ["b9f8e7d6"]


def test_bash_filters(projects: Path) -> None:
    only_tests = cc_bash(CcBashInput(category=BashCategory.TEST, projects_dir=str(projects)))
    assert [c.command for c in only_tests.commands] == ["vendor/bin/phpunit --filter Cart"]
    assert len(only_tests.summary) == 3  # the summary always covers the whole session
    assert [c.count for c in cc_bash(CcBashInput(min_count=2, projects_dir=str(projects))).commands] == [2]


def test_candidates_for_one_session(projects: Path) -> None:
    result = cc_candidates(CcCandidatesInput(session="blog", min_count=1, projects_dir=str(projects)))
    assert result.scanned_sessions == 1
    assert [r.command for r in result.repeated_commands] == ["git status"]


def test_nothing_found_gives_empty_lists_not_null(tmp_path: Path) -> None:
    (tmp_path / "p").mkdir()
    data = cc_candidates(CcCandidatesInput(projects_dir=str(tmp_path))).model_dump(mode="json")
    assert data == {"scanned_sessions": 0, "heavy_tools": [], "repeated_commands": [], "repeated_reads": []}
    assert cc_ls(CcLsInput(projects_dir=str(tmp_path))).sessions == []


@pytest.mark.parametrize(
    ("inp", "message"),
    [
        (CcSessionInput(session="nope"), "no session matched 'nope'"),
        (CcSessionInput(session="/no/such.jsonl"), "no transcript at /no/such.jsonl"),
    ],
)
def test_selector_errors(projects: Path, inp: CcSessionInput, message: str) -> None:
    with pytest.raises(ContextError, match=re.escape(message)):
        cc_show(inp.model_copy(update={"projects_dir": str(projects)}))


def test_missing_projects_dir_and_bad_since(tmp_path: Path) -> None:
    with pytest.raises(ContextError, match="cannot read Claude Code projects dir"):
        cc_ls(CcLsInput(projects_dir=str(tmp_path / "missing")))
    with pytest.raises(ContextError, match="use 30m, 1h, 24h, 7d"):
        cc_ls(CcLsInput(since="yesterday", projects_dir=str(tmp_path)))


@pytest.mark.parametrize(
    ("command", "category"),
    [
        ("cd app && pytest -q", "test"),
        ("composer run test", "test"),
        ("php artisan migrate", "db"),
        ('git commit -m "make it pass"', "git"),
        ("npm install", "build"),
        ('grep -rn "pytest" tests', "search"),  # a quoted word is an argument, not a command
        ("cat composer.json | jq .require", "read"),
        ("rm -rf dist", "fs"),
        ("python manage.py shell", "other"),
    ],
)
def test_categories(command: str, category: str) -> None:
    assert categorize(command) == category


@pytest.mark.parametrize(
    ("text", "kept"),
    [
        ("<div> is misaligned on mobile", "<div> is misaligned on mobile"),
        ("<system-reminder>todo list</system-reminder>\nAlso fix the header", "Also fix the header"),
        ("<system-reminder>only a reminder</system-reminder>", ""),
        ("<command-name>/review</command-name>", ""),
        ("<bash-input>ls</bash-input>", ""),
        ("Caveat: the messages below were generated by the user", ""),
        ("This session is being continued from a previous conversation that ran out of context.", ""),
        ("API Error: 529 overloaded", ""),
    ],
)
def test_human_text(text: str, kept: str) -> None:
    assert human_text(text) == kept


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=12,
)
_KEYS = st.sampled_from(
    [
        "type",
        "message",
        "content",
        "role",
        "usage",
        "id",
        "name",
        "input",
        "tool_use_id",
        "timestamp",
        "cwd",
        "isMeta",
        "prNumber",
        "text",
        "aiTitle",
        "durationMs",
    ]
)
_RECORD = st.recursive(
    st.none()
    | st.integers()
    | st.text(max_size=8)
    | st.sampled_from(["user", "assistant", "tool_use", "text"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_KEYS, inner, max_size=4),
    max_leaves=16,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    records=st.lists(_RECORD | _JSON, max_size=12),
    broken=st.lists(
        st.text(st.characters(exclude_categories=("Cs",), exclude_characters='\r\n"'), max_size=10),
        max_size=3,
    ),
)
def test_any_lines_parse_without_raising(tmp_path: Path, records: list, broken: list[str]) -> None:
    path = tmp_path / "fuzz.jsonl"
    lines = [json.dumps(r) for r in records] + ['{"cut' + b for b in broken]  # an unterminated string
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    t = parse_transcript(path)
    assert t.skipped_lines == sum(not isinstance(r, dict) for r in records) + len(broken)
    for tool in (cc_show, cc_resume, cc_bash):  # and every digest of it builds
        tool(CcBashInput(session=str(path), projects_dir=str(tmp_path)))
