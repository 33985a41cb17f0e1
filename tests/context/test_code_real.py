"""``code`` on real code (issue 32): every listed symbol can be sliced, types are kept, broken and
foreign files stay useful, budgets hold against o200k_base, and summaries of test and route files
say what those files hold."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from sofia_nb.context import allowed_roots, get_tool
from sofia_nb.context._providers.code import CodeInput, run
from sofia_nb.context._support.langs import BY_SUFFIX

REAL = Path(__file__).resolve().parents[2] / "benchmarks" / "real"


def _filler(lang: str) -> str:
    """A function with a long body: what a summary leaves out, so a small sample is summarised."""
    body = "value = compute(value, 'a literal that weighs the body down')"
    if lang == "python":
        return "\n\ndef filler(value):\n" + f"    {body}\n" * 80
    return (
        "\nfunction filler($value) {\n" + f"    ${body.replace('value', '$value')[1:]};\n" * 80 + "}\n"
        if lang == "php"
        else ("\nfunction filler(value) {\n" + f"  {body}\n" * 80 + "}\n")
    )


def _code(root: Path, **arguments: object) -> tuple[object, str]:
    with allowed_roots([root]):
        return get_tool("code").answer({"budget": 0, **arguments})


@pytest.fixture
def everything_summarised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")


TS_STORE = """import { Base } from './base'

export const DEFAULT_LIMIT = 20

export class Store<T extends object> extends Base<T> {
  // the items, newest first
  items: T[] = []
  private readonly limit: number =
    DEFAULT_LIMIT
  handle = async (event: Event): Promise<void> => {
    this.items = []
  }
  pick<K extends keyof T>(key: K): T[K] | undefined {
    return this.items[0]?.[key]
  }
}
"""
PY_MODELS = '''"""Models."""

MAX_ROWS = 100


class Row:
    name: str = ""
    size: int = (
        3
    )

    def grow(self) -> None:
        self.size += 1
'''


def test_a_const_a_field_a_property_and_an_arrow_member_are_sliced_exactly(
    tmp_path: Path, everything_summarised: None
) -> None:
    (tmp_path / "store.ts").write_text(TS_STORE, encoding="utf-8")
    (tmp_path / "models.py").write_text(PY_MODELS, encoding="utf-8")
    _, text = _code(tmp_path, files=["store.ts"])
    assert " method handle(event: Event): Promise<void> (async)" not in text  # listed with its signature:
    assert " async method handle(event: Event): Promise<void>" in text
    cases = [
        ("store.ts", "DEFAULT_LIMIT", "export const DEFAULT_LIMIT = 20"),
        ("store.ts", "Store.items", "  // the items, newest first\n  items: T[] = []"),
        ("store.ts", "limit", "  private readonly limit: number =\n    DEFAULT_LIMIT"),
        (
            "store.ts",
            "Store.handle",
            "  handle = async (event: Event): Promise<void> => {\n    this.items = []\n  }",
        ),
        ("models.py", "MAX_ROWS", "MAX_ROWS = 100"),
        ("models.py", "Row.name", '    name: str = ""'),
        ("models.py", "size", "    size: int = (\n        3\n    )"),
    ]
    for file, symbol, body in cases:
        result, text = _code(tmp_path, files=[file], symbols=[symbol])
        (entry,) = result.files  # type: ignore[attr-defined]
        assert entry.missing == [], (symbol, entry.note)
        assert text == body + "\n", symbol


@pytest.mark.parametrize("repo", ["echo", "click", "zustand", "vue-pure-admin", "guzzle"])
def test_every_symbol_a_summary_lists_can_be_sliced(repo: str, everything_summarised: None) -> None:
    """Sampled files of each real repository: each listed name gives its definition's lines (or, when
    the slice would cost as much, the file itself)."""
    root = REAL / repo
    files = sorted(f for f in root.rglob("*") if f.suffix in BY_SUFFIX and f.is_file())
    checked = 0
    with allowed_roots([root]):
        for path in random.Random(32).sample(files, min(12, len(files))):
            entry = run(CodeInput(files=[str(path)], budget=0)).files[0]
            lines = path.read_text(encoding="utf-8", errors="replace").split("\n")
            for symbol in entry.symbols:
                sliced = run(CodeInput(files=[str(path)], symbols=[symbol.name], budget=0)).files[0]
                assert sliced.missing == [], (path, symbol.name, sliced.note)
                for piece in sliced.slices:
                    assert piece.text == "\n".join(lines[piece.start_line - 1 : piece.end_line])
                checked += 1
    assert checked > 20


def test_a_ts_generic_and_a_go_type_parameter_are_kept(tmp_path: Path, everything_summarised: None) -> None:
    (tmp_path / "store.ts").write_text(TS_STORE, encoding="utf-8")
    (tmp_path / "cache.go").write_text(
        "package cache\n\n"
        "type Cache[K comparable, V any] struct {\n\titems map[K]V\n}\n\n"
        "func New[K comparable, V any](size int) *Cache[K, V] { return nil }\n\n"
        "func (c *Cache[K, V]) Get(key K) (V, bool) { var v V; return v, false }\n\n"
        "func (c Cache[K, V]) Len() int { return 0 }\n\n"
        "var _ Getter = (*Cache[string, int])(nil)\nvar _ Getter = (*Cache[string, int])(nil)\n",
        encoding="utf-8",
    )
    _, ts_text = _code(tmp_path, files=["store.ts"])
    assert "class Store<T extends object> extends Base<T>" in ts_text
    assert " method pick<K extends keyof T>(key: K): T[K] | undefined" in ts_text
    _, go_text = _code(tmp_path, files=["cache.go"])
    assert "struct Cache[K comparable, V any] items map[K]V" in go_text
    assert "function New[K comparable, V any](size int) *Cache[K, V]" in go_text
    assert "method Cache.Get(key K) (V, bool) (c *Cache[K, V])" in go_text  # the receiver as written
    assert "method Cache.Len() int (c Cache[K, V])" in go_text
    assert go_text.count("var _ Getter") == 1 and "var _ Getter (x2)" in go_text


def test_a_vue_component_keeps_its_generic_props_emits_models_slots_and_exposes(
    tmp_path: Path, everything_summarised: None
) -> None:
    (tmp_path / "Table.vue").write_text(
        '<script setup lang="ts" generic="T extends { id: number }">\n'
        "interface Props { rows?: T[]; title: string }\n"
        "const props = withDefaults(defineProps<Props>(), { rows: () => [] })\n"
        "const emit = defineEmits<{ (e: 'change', id: number): void; (e: 'close'): void }>()\n"
        "const query = defineModel<string>('query')\n"
        "defineSlots<{ row(props: { item: T }): any }>()\n"
        "const open = () => emit('close')\n"
        "defineExpose({ open })\n"
        "</script>\n"
        '<template><Row v-for="r in props.rows" :key="r.id" /></template>\n',
        encoding="utf-8",
    )
    _, text = _code(tmp_path, files=["Table.vue"])
    assert "component Table<T extends { id: number }>" in text
    assert "props: rows?: T[] = () => [], title: string" in text
    assert "emits: change(id: number), close()" in text
    assert "models: query: string" in text
    assert "slots: row(props: { item: T })" in text
    assert "exposes: open" in text
    summary, _ = _code(tmp_path, files=["Table.vue"])
    lines = {s.name: s.line for s in summary.files[0].symbols}  # type: ignore[attr-defined]
    assert lines == {
        "Props": 2,
        "props": 3,
        "emit": 4,
        "query": 5,
        "open": 7,
    }  # the file's lines, not the script's
    sliced, body = _code(tmp_path, files=["Table.vue"], symbols=["open"])  # a setup binding, at its line
    assert sliced.files[0].slices[0].start_line == 7  # type: ignore[attr-defined]
    assert body == "const open = () => emit('close')\n"


def test_php_attributes_are_kept(tmp_path: Path, everything_summarised: None) -> None:
    (tmp_path / "UserTest.php").write_text(
        "<?php\nnamespace Tests;\n\n#[CoversClass(User::class)]\nfinal class UserTest extends TestCase\n{\n"
        "    #[Test]\n    #[DataProvider('names')]\n"
        "    public function it_renames(string $name): void {}\n}\n" + _filler("php"),
        encoding="utf-8",
    )
    _, text = _code(tmp_path, files=["UserTest.php"])
    assert "class UserTest #[CoversClass(...)] final extends Tests\\TestCase" in text
    assert " method it_renames(string $name): void #[Test] #[DataProvider(...)]" in text


BROKEN = """import os

LIMIT = 3


def before(a, b):
    return a + b


class Widget:
    def ok(self):
        return 1

    def broken(self):
        return f(1, 2

    def after(self) -> int:
        return 2


def tail(x):
    return os.path.join(x)
"""


def test_a_python_file_with_a_syntax_error_is_summarised_on_both_sides(
    tmp_path: Path, everything_summarised: None
) -> None:
    (tmp_path / "broken.py").write_text(BROKEN + _filler("python"), encoding="utf-8")
    result, text = _code(tmp_path, files=["broken.py"])
    (entry,) = result.files  # type: ignore[attr-defined]
    assert entry.mode == "summary"
    assert [s.name for s in entry.symbols] == [
        "LIMIT",
        "before",
        "Widget",
        "Widget.ok",
        "Widget.broken",
        "Widget.after",
        "tail",
        "filler",
    ]
    assert "does not parse ('(' was never closed" in text and "lines 15 left out" in text
    _, body = _code(tmp_path, files=["broken.py"], symbols=["tail"])  # after the error
    assert body == "def tail(x):\n    return os.path.join(x)\n"


def test_a_latin_1_file_keeps_its_accented_names(tmp_path: Path, everything_summarised: None) -> None:
    python = "# -*- coding: latin-1 -*-\nclass Café:\n    def crème(self):\n        return 'brûlée'\n"
    php = "<?php\nclass Société {\n    public function créer(): string { return 'é'; }\n}\n"
    (tmp_path / "cafe.py").write_bytes((python + _filler("python")).encode("latin-1"))
    (tmp_path / "Societe.php").write_bytes((php + _filler("php")).encode("latin-1"))
    result, text = _code(tmp_path, files=["cafe.py"])
    assert "class Café\n method crème()" in text and "\ufffd" not in text
    assert result.files[0].note == "read as latin-1"  # type: ignore[attr-defined]
    result, text = _code(tmp_path, files=["Societe.php"])
    assert "class Société\n method créer(): string" in text
    assert "read as cp1252 (guessed: not UTF-8, no BOM or coding line)" in text
    _, body = _code(tmp_path, files=["Societe.php"], symbols=["Société.créer"])
    assert body == "    public function créer(): string { return 'é'; }\n"
    with allowed_roots([tmp_path]):
        _, found = get_tool("grep").answer({"patterns": ["cr"], "root": str(tmp_path)})
    assert (
        found
        == "Societe.php:3:public function créer(): string { return 'é'; }\ncafe.py\n3:def crème(self):\n"
        or (
            found
            == "Societe.php:3:public function créer(): string { return 'é'; }\ncafe.py:3:def crème(self):\n"
        )
    )


bpe_openai = pytest.importorskip("bpe_openai")
_ENCODING = bpe_openai.get_encoding("o200k_base")


@pytest.mark.parametrize(
    ("file", "budget"),
    [
        ("vue-pure-admin/src/components/ReFlowChart/src/NodePanel.vue", 2000),  # data URIs: long lines
        ("vue-pure-admin/src/views/able/danmaku/danmu.ts", 1000),
        ("echo/router_test.go", 5000),
        ("click/src/click/core.py", 3000),
        ("guzzle/src/Client.php", 1000),
    ],
)
def test_code_lines_stay_within_ten_percent_of_the_budget(file: str, budget: int) -> None:
    _, text = _code(REAL, files=[str(REAL / file)], lines="1-", budget=budget)
    assert len(_ENCODING.encode(text)) <= 1.1 * budget


def test_a_line_longer_than_the_budget_is_read_by_columns(tmp_path: Path) -> None:
    line = "".join(f"v{i}=" + "x" * (i % 7) + ";" for i in range(6000))  # minified: one 40 kB line
    (tmp_path / "bundle.js").write_text(f"var a = 1\n{line}\nvar b = 2\n", encoding="utf-8")
    result, _ = _code(tmp_path, files=["bundle.js"], lines="2-2", budget=2000)
    entry = result.files[0]  # type: ignore[attr-defined]
    shown = entry.slices[0].text
    assert line.startswith(shown) and len(shown) > 1000
    assert entry.truncated.endswith(f"lines=2-2 cols={len(shown) + 1}- reads the rest of it")
    rest, _ = _code(tmp_path, files=["bundle.js"], lines="2-2", cols=f"{len(shown) + 1}-", budget=0)
    assert shown + rest.files[0].slices[0].text == line  # type: ignore[attr-defined]


def test_a_ts_test_file_lists_its_describe_and_it_blocks(everything_summarised: None) -> None:
    _, text = _code(REAL, files=[str(REAL / "zustand" / "tests" / "subscribe.test.tsx")])
    assert "describe subscribe()" in text
    assert " it should call listener when state changes" in text or " it should " in text
    assert text.count("\n it ") >= 3  # the blocks, under their describe


def test_a_routes_file_lists_its_routes(tmp_path: Path, everything_summarised: None) -> None:
    (tmp_path / "web.php").write_text(
        "<?php\n\nuse App\\Http\\Controllers\\UserController;\nuse Illuminate\\Support\\Facades\\Route;\n\n"
        "Route::get('/', fn () => view('welcome'));\n"
        "Route::get('/users/{id}', [UserController::class, 'show'])->name('users.show');\n"
        "Route::prefix('admin')->middleware('auth')->group(function () {\n"
        "    Route::post('/users', [UserController::class, 'store']);\n"
        "    Route::resource('photos', PhotoController::class);\n"
        "});\n" + _filler("php"),
        encoding="utf-8",
    )
    (tmp_path / "server.js").write_text(
        "const express = require('express')\nconst app = express()\n\n"
        "app.get('/health', (req, res) => res.send('ok'))\n"
        "app.post('/orders/:id/pay', pay)\n" + _filler("js"),
        encoding="utf-8",
    )
    _, php = _code(tmp_path, files=["web.php"])
    assert "route GET / closure" in php
    assert "route GET /users/{id} UserController@show" in php
    assert "route POST /admin/users UserController@store" in php
    assert "route resource /admin/photos PhotoController" in php
    _, js = _code(tmp_path, files=["server.js"])
    assert "route GET /health" in js and "route POST /orders/:id/pay" in js


def test_a_minified_or_generated_file_is_named_as_such(tmp_path: Path) -> None:
    bundle = "".join(f"function a{i}(b,c){{return b+c*{i}}}var d{i}=a{i}(1,2);" for i in range(3000))
    (tmp_path / "app.min.js").write_text(bundle + "\n", encoding="utf-8")
    (tmp_path / "api.pb.go").write_text(
        "// Code generated by protoc-gen-go. DO NOT EDIT.\npackage api\n\n"
        + "".join(f"type Message{i} struct {{\n\tField{i} string\n}}\n\n" for i in range(300)),
        encoding="utf-8",
    )
    _, text = _code(tmp_path, files=["app.min.js"])
    assert text.startswith("summary (no bodies; symbols=[NAME] slices one)")
    assert "[minified (162.7K, 1 lines): no symbol list; grep finds a name" in text
    assert "function a1" not in text
    _, text = _code(tmp_path, files=["api.pb.go"])
    assert "[generated (" in text and "struct Message1" not in text


def test_a_folder_ranks_sources_first_and_names_what_the_budget_left_out() -> None:
    root = REAL / "zustand"
    result, text = _code(root, files=[str(root)], budget=3000)
    shown = [Path(f.file).relative_to(root).as_posix() for f in result.files]  # type: ignore[attr-defined]
    left = [Path(f).relative_to(root).as_posix() for f in result.left_out]  # type: ignore[attr-defined]
    assert shown and all(f.startswith("src/") for f in shown)
    assert left[-1] == "src/types.d.ts" and "tests/basic.test.tsx" in left
    assert f"[budget spent: {len(left)} more files not shown: " in text
    assert len(_ENCODING.encode(text)) <= 1.1 * 3000
