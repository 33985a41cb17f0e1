"""Summary rules: what a ``code`` summary keeps (names, signatures, decorators by name) and what it elides."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import pytest

from sofia_nb.context._providers.code import CodeInput, run
from sofia_nb.context._providers.code._text import code_text
from sofia_nb.context._support import lang_python, lang_ts

from .providers.test_code import LANGUAGES

ROOT = Path(__file__).resolve().parents[2]
VUE_SAMPLE = ROOT / "benchmarks" / "vue_sample"
_SITE = Path(sysconfig.get_paths()["purelib"])
_ZOD = ROOT / "tools" / "npm" / "node_modules" / "zod" / "src"
# Representative real files per language (each installed from its registry; skipped when absent),
# beside the fixture tree's file of that language.
REPRESENTATIVE = {
    "python": [_SITE / "httpx" / "_models.py", _SITE / "pydantic" / "main.py"],
    "go": [Path("/usr/share/gocode/src/github.com/spf13/cobra/command.go")],
    "php": [Path("/usr/share/php/Illuminate/Collections/Collection.php")],
    "ts": [_ZOD / "v3" / "types.ts", _ZOD / "v4" / "core" / "schemas.ts"],
    "vue": [VUE_SAMPLE / "vue-select" / "Select.vue", VUE_SAMPLE / "vue-multiselect" / "Multiselect.vue"],
}

# The Options API in a TS component, as vue-vben-admin and Vue 2 code bases write it.
_OPTIONS_SFC = """<template>
  <UserAvatar :user="user" @click="$emit('picked', user)" />
</template>

<script lang="ts">
import { defineComponent } from 'vue'
import { mapGetters } from 'vuex'
import UserAvatar from './UserAvatar.vue'
import Sortable from './sortable'

export default defineComponent({
  name: 'UserCard',
  components: { UserAvatar, Chart: () => import('./Chart.vue') },
  mixins: [Sortable],
  props: { userId: { type: String, required: true }, editable: Boolean },
  emits: ['saved'],
  data: () => ({ busy: false, draft: '' }),
  computed: { ...mapGetters(['user', 'team']), title() { return this.user.name } },
  watch: { userId() {}, 'draft.length': { handler() {} } },
  methods: {
    save() { this.$emit('saved', this.draft) },
    reset: function () { this.draft = '' },
  },
})
</script>
"""


def test_an_options_api_component_lists_its_options() -> None:
    vue = lang_ts.outline(_OPTIONS_SFC, brief=False, path=Path("UserCard.vue")).vue
    assert vue is not None
    assert vue.props == ["userId", "editable"]
    assert vue.emits == ["saved", "picked"]  # declared first, then $emit calls
    assert vue.data == ["busy", "draft"]
    assert vue.computed == ["user", "team", "title"]
    assert vue.methods == ["save", "reset"]
    assert vue.watch == ["userId", "draft.length"]
    assert vue.mixins == ["Sortable"]
    assert vue.components == ["Chart", "UserAvatar"]


def test_the_vendored_options_api_sample_summarises_to_its_options() -> None:
    # vue-select 3.20.4: Vue 2, `export default {...}`, emits only through this.$emit.
    entry = run(CodeInput(files=[str(VUE_SAMPLE / "vue-select" / "Select.vue")])).files[0]
    assert entry.mode == "summary" and entry.vue is not None
    assert {"value", "options", "multiple", "reduce"} <= set(entry.vue.props)
    assert {"select", "deselect", "clearSelection", "toggleDropdown"} <= set(entry.vue.methods)
    assert entry.vue.data == ["search", "open", "isComposing", "pushedTags", "_value"]
    assert {"option:selected", "input"} <= set(entry.vue.emits)
    assert entry.vue.mixins == ["pointerScroll", "typeAheadPointer", "ajax"]
    text = code_text(run(CodeInput(files=[str(VUE_SAMPLE / "vue-select" / "Select.vue")])))
    assert "\nmethods: setInternalValueFromOptions, select, deselect," in text
    assert "\nprops: value, components, options, disabled," in text


def test_members_sit_under_their_owner_by_short_name(tmp_path: Path) -> None:
    source = (
        "class Widget(Base):\n    size: int\n\n    async def load(self, path): ...\n\n"
        "    class Part:\n        def fit(self): ...\n\n"
        "def build(): ...\n\n"
        "class _Hidden:\n    def run(self): ...\n"
    )
    (tmp_path / "w.py").write_text(source + "#" * 9000 + "\n")
    text = code_text(run(CodeInput(files=[str(tmp_path / "w.py")])))
    assert text.split("\n")[1:9] == [
        "class Widget(Base)",
        " field size int",
        " async method load(path)",
        " class Part",
        "  method fit()",
        "function build()",
        "class _Hidden (private)",
        " method run()",
    ]
    # exported=true drops the private class: its public method keeps its owner in its name
    public = code_text(run(CodeInput(files=[str(tmp_path / "w.py")], exported=True)))
    assert public.split("\n")[-2] == "method _Hidden.run()"


def test_typescript_elides_comments_long_defaults_long_types_and_the_overload_implementation() -> None:
    source = """
export enum Code { A, B, C, D, E, F, G, H, I, J, K, L, M, N }
export type Format = | "email" | "url" | "emoji" | "uuid" | "nanoid" | "regex" | "cuid" | "cuid2" | "ulid"
  | "datetime" | "date" | "time" | "duration" | "ip" | "cidr" | "base64" | "jwt" | "base64url"
export interface Issue {
  /** @deprecated use `error` */
  message?: string // what went wrong
}
export function flatten(): string[];
export function flatten(mapper: (issue: Issue) => string): string[];
export function flatten(mapper = (issue: Issue) => issue.message as string) { return [] }
export class ZodError {
  format(): string;
  format(mapper: (issue: Issue) => string): string;
  format(_mapper: any = (issue: Issue) => issue.message): any { return "" }
  parse(
    input: unknown, // the data
    options = { strict: true, deep: false },
  ): void {}
}
"""
    symbols = {
        (s.name, s.signature, s.detail)
        for s in lang_ts.outline(source, brief=False, path=Path("errors.ts")).symbols
    }
    assert ("Code", "", "A, B, C, D, E, F, G, H, I, J, K, L, ... (+2)") in symbols
    (fmt,) = [detail for name, _, detail in symbols if name == "Format"]
    assert fmt.endswith('| "cidr" | "base64" ...') and len(fmt) <= 160 + 4
    assert ("Issue", "", "message?: string") in symbols
    assert sorted(sig for name, sig, _ in symbols if name == "flatten") == [
        "(): string[]",
        "(mapper: (issue: Issue) => string): string[]",
    ]
    assert sorted(sig for name, sig, _ in symbols if name == "ZodError.format") == [
        "(): string",
        "(mapper: (issue: Issue) => string): string",
    ]
    assert ("ZodError.parse", "(input: unknown, options = ...): void", "") in symbols


def test_python_leaves_out_overload_implementations_and_inherited_fields_given_a_value() -> None:
    source = """
from typing import overload

class ErrorMixin:
    code: str
    msg_template: str

class ValueError_(ErrorMixin, ValueError):
    pass

class DictError(ValueError_):
    msg_template = 'value is not a valid dict'
    extra = 1

@overload
def field(default: int) -> int: ...
@overload
def field(*, factory: object) -> object: ...
def field(default=None, *, factory=None):
    return default
"""
    symbols = [(s.kind, s.name, s.signature) for s in lang_python.outline(source, brief=False).symbols]
    assert ("field", "DictError.msg_template", "") not in symbols  # the base lists it: a value only
    assert ("field", "DictError.extra", "") in symbols
    assert [sig for kind, name, sig in symbols if name == "field"] == [
        "(default: int) -> int",
        "(*, factory: object) -> object",
    ]


# A pytest module's shape (tables in parametrize, as in this repository's tests/context/test_search.py).
_PYTEST_MODULE = """from pathlib import Path

import pytest

from sofia_nb.context._providers.grep import GrepInput, run


@pytest.mark.parametrize(
    ("pattern", "file", "line", "enclosing"),
    [
        ("def render", "py/widgets.py", 20, "class Widget"),
        ("store.save", "web/UserCard.vue", 36, "function save"),
        ("UserAvatar :user", "web/UserCard.vue", 3, "block template"),
        ("func (s *Server) Start", "go/server.go", 17, "method Server.Start"),
        ("public function find", "php/src/Service/UserService.php", 22, "class UserService"),
        ("async load", "web/api.ts", 12, "class UserApi"),
    ],
    ids=["python", "vue-script", "vue-template", "go", "php", "ts"],
)
def test_a_hit_names_its_scope(tree: Path, pattern: str, file: str, line: int, enclosing: str) -> None:
    hits = run(GrepInput(patterns=[pattern], root=str(tree))).patterns[0].hits
    assert [(h.file, h.line, h.enclosing) for h in hits] == [(file, line, enclosing)]


@pytest.mark.parametrize(
    ("options", "expected"),
    [
        ({"case": False}, {"py/widgets.py", "go/server.go"}),
        ({"word": True}, {"py/widgets.py"}),
        ({"regex": True, "exts": ["go"]}, {"go/server.go"}),
        ({"ignore_dirs": ["py"]}, {"go/server.go", "web/api.ts"}),
        ({"max_per_pattern": 1}, {"py/widgets.py"}),
    ],
)
def test_options_narrow_the_hits(tree: Path, options: dict[str, object], expected: set[str]) -> None:
    hits = run(GrepInput(patterns=["Widget"], root=str(tree), **options)).patterns[0].hits
    assert {h.file for h in hits} == expected
"""


@pytest.mark.parametrize("lang", list(REPRESENTATIVE))
def test_a_summary_is_at_most_a_quarter_of_the_file(
    tree: Path, tmp_path: Path, lang: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    encoding = pytest.importorskip("bpe_openai").get_encoding("o200k_base")
    monkeypatch.setenv("SOFIA_CODE_RAW_BELOW", "0")  # the fixture file is small: summarised anyway
    files = [tree / LANGUAGES[lang], *(p for p in REPRESENTATIVE[lang] if p.is_file())]
    if lang == "python":
        (tmp_path / "test_grep.py").write_text(_PYTEST_MODULE)
        files.append(tmp_path / "test_grep.py")
    for path in files:
        text = code_text(run(CodeInput(files=[str(path)])))
        ratio = len(encoding.encode(text)) / len(encoding.encode(path.read_text(encoding="utf-8")))
        assert ratio <= 0.25, (path, round(ratio, 3))
