"""``grep`` and ``refs`` on the fixture tree: enclosing scopes in every language, caps, skips, roots."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from sofia_nb.context import ContextError, allowed_roots, get_tool
from sofia_nb.context._providers.grep import GrepInput
from sofia_nb.context._providers.grep import run as grep
from sofia_nb.context._providers.refs import RefsInput
from sofia_nb.context._providers.refs import run as refs
from sofia_nb.context._support.scan import WINDOW_MIN
from sofia_nb.context._support.tree_cache import TREE_CACHE

from ._golden import assert_golden


def test_grep_golden(tree: Path) -> None:
    result = grep(GrepInput(patterns=["user", "nothing-like-this"], root=str(tree), case=False))
    assert_golden("grep", result, tree)


@pytest.mark.parametrize(
    ("pattern", "file", "line", "enclosing"),
    [
        ("label = ", "py/widgets.py", 36, "method Widget.render"),
        ("osp.basename", "py/widgets.py", 46, "method Widget._load"),  # below a multi-line string
        ("starting", "go/server.go", 38, "method Server.Start"),
        ("this.cache", "web/api.ts", 42, "method UserApi.load"),
        ("store.save", "web/UserCard.vue", 36, "function save"),
        ("UserAvatar :user", "web/UserCard.vue", 3, "block template"),
        ("repo->find", "php/src/Service/UserService.php", 42, "method UserService.find"),
    ],
)
def test_grep_hits_carry_their_enclosing_scope(
    tree: Path, pattern: str, file: str, line: int, enclosing: str
) -> None:
    hits = grep(GrepInput(patterns=[pattern], root=str(tree))).patterns[0].hits
    assert [(h.file, h.line, h.enclosing) for h in hits] == [(file, line, enclosing)]


@pytest.mark.parametrize("engine", ["ripgrep", "python"])
def test_grep_skips_ignored_folders_binaries_and_giant_lines(
    tree: Path, engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sofia_nb.context._support import ripgrep

    if engine == "python":
        monkeypatch.setattr(ripgrep, "rg_path", lambda: None)
    result = grep(GrepInput(patterns=["Widget"], root=str(tree)))
    files = {h.file for h in result.patterns[0].hits}
    assert files == {"py/widgets.py"}
    # ripgrep skips binary files without counting them (null); the Python scan counts them.
    binary = None if engine == "ripgrep" else 1
    assert result.skipped.model_dump() == {"binary": binary, "long_lines": 1}
    with_vendor = grep(GrepInput(patterns=["Widget"], root=str(tree / "vendor")))
    assert with_vendor.patterns[0].files == 1  # a root named like an ignored folder is still searched
    extra = grep(GrepInput(patterns=["Widget"], root=str(tree), ignore_dirs=["py"]))
    assert extra.patterns == []


def test_grep_cap_is_honoured_and_reported(tree: Path) -> None:
    full = grep(GrepInput(patterns=["e"], root=str(tree), max_per_pattern=0, budget=0)).patterns[0]
    capped = grep(GrepInput(patterns=["e"], root=str(tree), max_per_pattern=5)).patterns[0]
    assert full.total == len(full.hits) > capped.total > 5  # the capped search stopped early
    assert full.complete and not capped.complete
    assert capped.hits == full.hits[:5]
    assert capped.truncated == capped.total - 5


def test_grep_word_regex_case_and_extensions(tree: Path) -> None:
    def count(**kw: object) -> int:
        result = grep(GrepInput(root=str(tree), **kw))  # type: ignore[arg-type]
        return sum(p.total for p in result.patterns)

    assert 0 < count(patterns=["save"], word=True, exts=["vue"]) < count(patterns=["save"], exts=["vue"])
    assert count(patterns=["user"], exts=[".ts"]) > 0
    assert count(patterns=["USER"], case=True, exts=["ts"]) == 0
    assert count(patterns=["USER"], case=False, exts=["ts"]) == count(
        patterns=["user"], case=False, exts=["ts"]
    )
    assert count(patterns=[r"func \(s \*Server\) \w+"], regex=True) == 1
    with pytest.raises(ContextError, match="invalid pattern"):
        grep(GrepInput(patterns=["(unclosed"], root=str(tree), regex=True))


def test_grep_columns_are_characters(tmp_path: Path) -> None:
    (tmp_path / "u.py").write_text("s = 'héllo wörld'\n", encoding="utf-8")
    hit = grep(GrepInput(patterns=["wörld"], root=str(tmp_path))).patterns[0].hits[0]
    assert (hit.line, hit.col) == (1, 12)


def test_columns_and_text_of_every_hit_on_a_line(tmp_path: Path) -> None:
    """UTF-8, Latin-1 and ASCII lines with two hits each: columns in characters, the line's own text."""
    (tmp_path / "a_utf8.py").write_text("    né = total + total  # é\n", encoding="utf-8")
    (tmp_path / "b_latin.py").write_bytes("    dé = total + total  # é\n".encode("latin-1"))
    (tmp_path / "c_ascii.py").write_text("    ne = total + total\n", encoding="utf-8")
    hits = grep(GrepInput(patterns=["total"], root=str(tmp_path))).patterns[0].hits
    assert [(h.file, h.col, h.text) for h in hits] == [
        ("a_utf8.py", 10, "né = total + total  # é"),
        ("a_utf8.py", 18, "né = total + total  # é"),
        ("b_latin.py", 10, "dé = total + total  # é"),
        ("b_latin.py", 18, "dé = total + total  # é"),
        ("c_ascii.py", 10, "ne = total + total"),
        ("c_ascii.py", 18, "ne = total + total"),
    ]
    found = refs(RefsInput(symbol="total", root=str(tmp_path)))
    assert [(r.file, r.col, r.text) for r in found.refs] == [(h.file, h.col, h.text) for h in hits]


@pytest.fixture(params=[False, True], ids=["read", "held"])
def tree_cache(request: pytest.FixtureRequest) -> Iterator[None]:
    """Files read from disk for each call, or held by a warm server's tree cache."""
    TREE_CACHE.clear()
    TREE_CACHE.enable(64 * 1024 * 1024 if request.param else 0)
    yield
    TREE_CACHE.clear()
    TREE_CACHE.limit = 0


@pytest.mark.parametrize("padding", [0, 800], ids=["whole", "window"])
def test_a_latin_1_file_keeps_its_names_in_scopes_and_definitions(
    tmp_path: Path, tree_cache: None, padding: int
) -> None:
    """Small (parsed whole) and large (parsed around the hits), read or held: a Latin-1 file's scope
    labels keep their accents, so a label is a name ``code`` slices, and its declarations are found."""
    pad = "".join(f"\ndef pad{i}(value):\n    return value + {i}\n" for i in range(padding))
    python = (
        "# -*- coding: latin-1 -*-\nclass Société:\n    taux = 0.2\n\n"
        "    def crème(self):\n        return self.total * Société.taux\n"
    )
    php = "<?php\nclass Café {\n    public function brûlée(): int {\n        return $this->total;\n    }\n}\n"
    (tmp_path / "societe.py").write_bytes((python + pad).encode("latin-1"))
    (tmp_path / "Cafe.php").write_bytes(
        (php + pad.replace("def ", "function ").replace(":", "")).encode("latin-1")
    )
    assert (tmp_path / "societe.py").stat().st_size > WINDOW_MIN or not padding
    hits = grep(GrepInput(patterns=["total"], root=str(tmp_path))).patterns[0].hits
    assert [(h.file, h.line, h.enclosing) for h in hits] == [
        ("Cafe.php", 4, "method Café.brûlée"),
        ("societe.py", 6, "method Société.crème"),
    ]
    found = refs(RefsInput(symbol="taux", root=str(tmp_path))).refs
    assert [(r.kind, r.line, r.enclosing) for r in found] == [
        ("def", 3, "field Société.taux"),  # the innermost declaration (issue 42)
        ("use", 6, "method Société.crème"),
    ]
    with allowed_roots([tmp_path]):
        _, body = get_tool("code").answer(
            {"budget": 0, "files": ["societe.py"], "symbols": ["Société.crème"]}
        )
    assert body == "    def crème(self):\n        return self.total * Société.taux\n"


def test_grep_stays_inside_the_roots(tree: Path, tmp_path: Path) -> None:
    secret = tmp_path / "outside"
    secret.mkdir()
    (secret / "s.py").write_text("Widget = 'secret'\n")
    (tree / "escape").symlink_to(secret)
    with allowed_roots([tree]):
        result = grep(GrepInput(patterns=["secret"], root="."))
        assert result.patterns == []  # the symlinked folder is not followed
        for root in (str(secret), "../outside", "escape"):
            with pytest.raises(ContextError, match="outside the allowed roots"):
                grep(GrepInput(patterns=["secret"], root=root))


def test_refs_golden_defs_first(tree: Path) -> None:
    result = refs(RefsInput(symbol="Server", root=str(tree)))
    assert_golden("refs_server", result, tree)
    assert [r.kind for r in result.refs][: result.defs] == ["def"] * result.defs


def test_refs_classifies_per_language(tree: Path) -> None:
    found = {(r.file, r.kind) for r in refs(RefsInput(symbol="byId", root=str(tree))).refs}
    assert found == {("web/api.ts", "def"), ("web/api.ts", "use"), ("web/UserCard.vue", "use")}
    kinds = {r.line: r.kind for r in refs(RefsInput(symbol="render", root=str(tree))).refs}
    assert kinds == {35: "def"}
    finds = refs(RefsInput(symbol="find", root=str(tree), max=1))
    assert (finds.defs, finds.uses, finds.truncated, len(finds.refs)) == (1, 1, 1, 1)
    every = refs(RefsInput(symbol="find", root=str(tree), max=0))  # 0 means all
    assert (every.truncated, len(every.refs)) == (0, 2)


@pytest.mark.parametrize("tool", ["grep", "refs", "changed"])
def test_a_root_that_is_not_a_folder_is_a_tool_error(tree: Path, tool: str) -> None:
    file = next(p for p in tree.rglob("*") if p.is_file())
    arguments = {"root": str(file), "patterns": ["x"], "symbol": "x"}
    accepted = get_tool(tool).input_model.model_fields
    with pytest.raises(ContextError, match="not a folder"):
        get_tool(tool).call({k: v for k, v in arguments.items() if k in accepted})


def test_refs_rejects_what_is_not_an_identifier(tree: Path) -> None:
    with pytest.raises(ValueError, match="pattern"):
        RefsInput(symbol="a b")


GREP_CASES = [
    GrepInput(patterns=["user", "Widget", "def "], root=".", max_per_pattern=0),
    GrepInput(patterns=["USER"], root=".", case=False, max_per_pattern=0),
    GrepInput(patterns=["id", "name"], root=".", word=True, max_per_pattern=0),
    GrepInput(patterns=[r"def \w+\(self", r"func \(s \*\w+\)"], root=".", regex=True, max_per_pattern=0),
    GrepInput(patterns=["render"], root=".", exts=["py", "TS"], ignore_dirs=["php"], max_per_pattern=0),
]


@pytest.mark.parametrize("request_", GREP_CASES, ids=lambda r: "|".join(r.patterns))
def test_ripgrep_and_the_python_scan_return_the_same_hits(
    tree: Path, request_: GrepInput, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sofia_nb.context._support import ripgrep

    assert ripgrep.rg_path() is not None, "the ripgrep wheel of the context extra is installed"
    asked = request_.model_copy(update={"root": str(tree)})
    with_rg = grep(asked)
    monkeypatch.setattr(ripgrep, "rg_path", lambda: None)
    with_python = grep(asked)
    assert with_rg.patterns == with_python.patterns and with_rg.empty == with_python.empty
    assert with_rg.patterns, "the case finds something"
    with_refs = [refs(RefsInput(symbol=s, root=str(tree))).refs for s in ("User", "render")]
    monkeypatch.undo()
    assert with_refs == [refs(RefsInput(symbol=s, root=str(tree))).refs for s in ("User", "render")]


def test_a_pattern_ripgrep_rejects_is_searched_with_python_re(tree: Path) -> None:
    from sofia_nb.context._support.ripgrep import Rejected, RgQuery, matching_files, rg_path

    look_behind = r"(?<=self\.)name"
    rg = rg_path()
    assert rg is not None
    rejected = RgQuery((look_behind, "Widget"), regex=True, word=False, case=True)
    with pytest.raises(Rejected):
        list(matching_files(rg, tree, rejected, (), (), ordered=True))
    hits = grep(GrepInput(patterns=[look_behind, "Widget"], root=str(tree), regex=True)).patterns[0].hits
    assert [(h.line, h.col) for h in hits] == [(36, 22), (46, 14)]  # the name after `self.`, not `name`


@pytest.mark.parametrize(
    ("file", "source", "symbol", "defs"),
    [
        # zod's schemas.ts shape: a declaration whose line also uses the name
        (
            "schemas.ts",
            "export class ZodType<T extends ZodType = ZodType> { clone(): ZodType { return this; } }\n"
            "export const ZodAny = ZodType, ZodNever = ZodAny;\n",
            "ZodType",
            [(1, 14)],
        ),
        ("schemas.ts", "export const ZodAny = ZodType, ZodNever = ZodAny;\n", "ZodAny", [(1, 14)]),
        (
            "tree.go",
            "package t\n\ntype Node struct{ next *Node }\n\nfunc f() { n, m := Node{}, 1; _ = n; _ = m }\n",
            "Node",
            [(3, 6)],
        ),
        ("tree.go", "package t\n\nfunc f() { n, m := 1, 2; g(n, m) }\n", "n", [(3, 12)]),
        (
            "tree.py",
            "class Node:\n    def add(self, child: 'Node') -> None: Node = child; print(Node)\n",
            "Node",
            [(1, 7), (2, 43)],
        ),
        (
            "Model.php",
            "<?php\nclass Model { public function model(Model $model): Model { return $model; } }\n",
            "Model",
            [(2, 7)],
        ),
    ],
)
def test_refs_classifies_each_occurrence_on_a_line(
    tmp_path: Path, file: str, source: str, symbol: str, defs: list[tuple[int, int]]
) -> None:
    (tmp_path / file).write_text(source, encoding="utf-8")
    result = refs(RefsInput(symbol=symbol, root=str(tmp_path)))
    assert [(r.line, r.col) for r in result.refs if r.kind == "def"] == defs
    assert result.uses == len(re.findall(rf"\b{symbol}\b", source)) - len(defs)


def _structured_tokens(data: object) -> int:
    """Tokens of a ``structuredContent`` as JSON: o200k_base when installed, else the budget's count."""
    import json

    from sofia_nb.context._support.budget import cost

    text = json.dumps(data)
    try:
        import bpe_openai
    except ImportError:
        return cost(text)
    return len(bpe_openai.get_encoding("o200k_base").encode(text))


@pytest.mark.parametrize(
    ("tool", "arguments"),
    [("grep", {"patterns": ["needle"], "max_per_pattern": 0}), ("refs", {"symbol": "needle", "max": 0})],
)
def test_an_unlimited_search_has_a_structured_result_bounded_by_the_budget(
    tmp_path: Path, tool: str, arguments: dict[str, object]
) -> None:
    from sofia_nb.server._tools import success

    for i in range(60):
        (tmp_path / f"mod_{i:02}.py").write_text(
            "".join(
                f"def f{j}():\n    return needle + {j}  # a line long enough to cost\n" for j in range(40)
            ),
            encoding="utf-8",
        )
    budget = 2000
    result, text = get_tool(tool).answer({**arguments, "root": str(tmp_path), "budget": budget})
    structured = success(result, text).structured_content  # what the server sends programs
    assert _structured_tokens(structured) <= budget
    found = 60 * 40
    returned = (
        sum(len(p["hits"]) for p in structured["patterns"]) if tool == "grep" else len(structured["refs"])
    )
    assert 0 < returned < found
    left_out = (
        f"{found - returned} {'hits' if tool == 'grep' else 'references'} left out by the 2000-token budget"
    )
    assert structured["note"].startswith(left_out) and "narrow" in structured["note"]
    assert f"[{structured['note']}]" in text


def test_a_hit_late_in_a_big_file_keeps_its_scope(tmp_path: Path) -> None:
    head = "".join(f"def f{j}(x):\n    return x + {j}\n\n" for j in range(3000))  # ~90 KiB: windowed
    late = "class Late:\n    def method(self):\n        return needle\n\n\ndef needle():\n    pass\n"
    (tmp_path / "big.py").write_text("needle = 1\n" + head + late, encoding="utf-8")
    hits = grep(GrepInput(patterns=["needle"], root=str(tmp_path))).patterns[0].hits
    start = 2 + 3 * 3000
    assert [(h.line, h.enclosing) for h in hits] == [
        (1, "var needle"),
        (start + 2, "method Late.method"),
        (start + 5, "function needle"),
    ]
    found = refs(RefsInput(symbol="needle", root=str(tmp_path))).refs
    assert [(r.kind, r.line, r.enclosing) for r in found] == [
        ("def", 1, "var needle"),
        ("def", start + 5, "function needle"),
        ("use", start + 2, "method Late.method"),
    ]


def test_a_big_file_is_read_only_up_to_the_block_after_the_last_hit() -> None:
    from sofia_nb.context._support.scan import top_level_window

    read: list[int] = []

    def chunks() -> Iterator[str]:  # a 2,000-chunk file, one function per chunk
        for i in range(2000):
            read.append(i)
            yield f"def f{i}(x):\n    return x + {i}\n"

    window = top_level_window(chunks(), [3, 6], "python")
    assert window == "\n\ndef f1(x):\n    return x + 1\ndef f2(x):\n    return x + 2\n"
    assert len(read) == 4  # f3 starts the block after the last hit (line 6): nothing after it is read


@pytest.mark.parametrize("engine", ["ripgrep", "python"])
def test_a_capped_grep_stops_one_hit_past_the_cap(
    tmp_path: Path, engine: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sofia_nb.context._support import ripgrep

    if engine == "python":
        monkeypatch.setattr(ripgrep, "rg_path", lambda: None)
    for i in range(10):
        (tmp_path / f"m{i}.py").write_text("x = 'needle'\n", encoding="utf-8")
    found = grep(GrepInput(patterns=["needle"], root=str(tmp_path), max_per_pattern=3)).patterns[0]
    assert [h.file for h in found.hits] == ["m0.py", "m1.py", "m2.py"]
    # the fourth hit says that more exist; the search went no further
    assert (found.total, found.files, found.truncated, found.complete) == (4, 4, 1, False)
    _, text = get_tool("grep").answer({"patterns": ["needle"], "root": str(tmp_path), "max_per_pattern": 3})
    assert text.endswith("[1+ more hits over max_per_pattern (4+ in 4+ files)]\n")
    everything = grep(GrepInput(patterns=["needle"], root=str(tmp_path), max_per_pattern=0)).patterns[0]
    assert (everything.total, everything.complete) == (10, True)
