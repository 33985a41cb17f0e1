"""The fixloop cases: small projects with a seeded bug and a scripted model reply sequence.

Every sequence follows one script, so the outcome is fixed and the benchmark measures the loop:

- iteration 1: a malformed SEARCH/REPLACE block (refused, reflected), then a wrong fix that applies;
- iteration 2: the same wrong fix again (refused: already applied) and once more after the reflection,
  so nothing changes;
- iteration 3: the same failures as before -> stuck detection fires; the right fix (a whole file);
- iteration 4: the tests pass.

The loop runs with ``max_reflections=1`` so one reflection per iteration is exercised. The
``unfixable`` case never gets a right fix and must end cleanly as ``failed``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Case:
    name: str
    language: str  # "python" or "typescript"
    bug: str
    files: dict[str, str]
    target: str  # the file the fixes edit
    buggy: str  # the buggy lines in target (the SEARCH part of the wrong fix)
    wrong: str  # what the wrong fix puts there (tests still fail)
    right: str  # the whole correct target file
    max_iterations: int = 6
    test_timeout_s: float = 20.0
    expect: dict[str, Any] = field(
        default_factory=lambda: {"status": "success", "iterations": 3, "stuck": 1, "refused": 3}
    )
    extra_replies: list[str] = field(default_factory=list)

    def replies(self) -> list[dict[str, Any]]:
        fence = "ts" if self.language == "typescript" else "python"
        malformed = f"Let me fix it.\n\n{self.target}\n<<<<<<< SEARCH\n{self.buggy}\n=======\n{self.wrong}\n"
        wrong = (
            f"This should fix the failing test.\n\n{self.target}\n```{fence}\n<<<<<<< SEARCH\n{self.buggy}\n"
            f"=======\n{self.wrong}\n>>>>>>> REPLACE\n```\n"
        )
        right = f"The real cause, fixed.\n\n````{fence} file={self.target}\n{self.right}````\n"
        texts = [malformed, wrong, wrong, wrong, *self.extra_replies] + (
            [] if self.extra_replies else [right]
        )
        return [{"purpose": "fix", "text": t} for t in texts]


def _py_test(body: str) -> str:
    return body.strip() + "\n"


PYTHON_CASES = [
    Case(
        "off_by_one",
        "python",
        "off-by-one",
        {
            "lists.py": "def last_n(xs, n):\n    return xs[-n - 1 :]\n",
            "test_lists.py": _py_test("""
from lists import last_n


def test_last_two():
    assert last_n([1, 2, 3, 4], 2) == [3, 4]


def test_last_one():
    assert last_n([1, 2, 3], 1) == [3]
"""),
        },
        "lists.py",
        "    return xs[-n - 1 :]",
        "    return xs[-n + 1 :]",
        "def last_n(xs, n):\n    return xs[-n:] if n else []\n",
    ),
    Case(
        "wrong_operator",
        "python",
        "wrong operator",
        {
            "age.py": "def is_adult(age):\n    return age > 18\n",
            "test_age.py": _py_test("""
from age import is_adult


def test_eighteen_is_adult():
    assert is_adult(18)


def test_seventeen_is_not():
    assert not is_adult(17)
"""),
        },
        "age.py",
        "    return age > 18",
        "    return age < 18",
        "def is_adult(age):\n    return age >= 18\n",
    ),
    Case(
        "missing_edge_case",
        "python",
        "missing edge case",
        {
            "stats.py": "def mean(xs):\n    return sum(xs) / len(xs)\n",
            "test_stats.py": _py_test("""
from stats import mean


def test_mean():
    assert mean([1, 2, 3]) == 2


def test_empty_mean_is_zero():
    assert mean([]) == 0
"""),
        },
        "stats.py",
        "    return sum(xs) / len(xs)",
        "    return sum(xs) / (len(xs) or None)",
        "def mean(xs):\n    return sum(xs) / len(xs) if xs else 0\n",
    ),
    Case(
        "wrong_import",
        "python",
        "wrong import (collection error)",
        {
            "rounding.py": "from math import flor\n\n\ndef down(x):\n    return flor(x)\n",
            "test_rounding.py": _py_test("""
from rounding import down


def test_down():
    assert down(2.7) == 2
"""),
        },
        "rounding.py",
        "from math import flor",
        "from math import flr",
        "from math import floor\n\n\ndef down(x):\n    return floor(x)\n",
    ),
    Case(
        "async_misuse",
        "python",
        "async misuse (missing await)",
        {
            "service.py": "import asyncio\n\n\nasync def fetch():\n"
            "    await asyncio.sleep(0)\n    return 41\n\n\n"
            "def total():\n    return fetch() + 1\n",
            "test_service.py": _py_test("""
from service import total


def test_total():
    assert total() == 42
"""),
        },
        "service.py",
        "    return fetch() + 1",
        "    return asyncio.new_event_loop().run_until_complete(fetch()) + 2",
        "import asyncio\n\n\nasync def fetch():\n    await asyncio.sleep(0)\n    return 41\n\n\n"
        "def total():\n    return asyncio.run(fetch()) + 1\n",
    ),
    Case(
        "syntax_error",
        "python",
        "syntax error (collection error)",
        {
            "shapes.py": "def area(w, h:\n    return w * h\n",
            "test_shapes.py": _py_test("""
from shapes import area


def test_area():
    assert area(2, 3) == 6
"""),
        },
        "shapes.py",
        "def area(w, h:",
        "def area(w, h=0):\n    return w + h\n\n\ndef _unused(w, h):",
        "def area(w, h):\n    return w * h\n",
    ),
    Case(
        "infinite_loop",
        "python",
        "infinite loop (timeout path)",
        {
            "sums.py": "def total(n):\n    i = 0\n    s = 0\n    while i < n:\n"
            "        s += i\n    return s\n",
            "test_sums.py": _py_test("""
from sums import total


def test_total():
    assert total(4) == 6
"""),
        },
        "sums.py",
        "        s += i",
        "        s += i + 1\n        i += 2",
        "def total(n):\n    return sum(range(n))\n",
        test_timeout_s=3.0,
    ),
    Case(
        "string_format",
        "python",
        "wrong string format",
        {
            "greet.py": "def greet(name):\n    return 'Hello ' + name\n",
            "test_greet.py": _py_test("""
from greet import greet


def test_greet():
    assert greet("Ada") == "Hello, Ada!"
"""),
        },
        "greet.py",
        "    return 'Hello ' + name",
        "    return 'Hello, ' + name",
        "def greet(name):\n    return f'Hello, {name}!'\n",
    ),
    Case(
        "dict_default",
        "python",
        "missing key handling",
        {
            "words.py": "def count(words):\n    counts = {}\n    for w in words:\n"
            "        counts[w] += 1\n    return counts\n",
            "test_words.py": _py_test("""
from words import count


def test_count():
    assert count(["a", "b", "a"]) == {"a": 2, "b": 1}
"""),
        },
        "words.py",
        "        counts[w] += 1",
        "        counts[w] = 1",
        "def count(words):\n    counts = {}\n    for w in words:\n        counts[w] = counts.get(w, 0) + 1\n"
        "    return counts\n",
    ),
    Case(
        "unfixable",
        "python",
        "contradictory tests (cannot be fixed)",
        {
            "flag.py": "def flag():\n    return 1\n",
            "test_flag.py": _py_test("""
from flag import flag


def test_flag_is_one():
    assert flag() == 2


def test_flag_is_three():
    assert flag() == 3
"""),
        },
        "flag.py",
        "    return 1",
        "    return 4",
        "",
        max_iterations=4,
        expect={"status": "failed", "iterations": 4, "stuck": 1, "refused": 3},
        extra_replies=[
            "Try two.\n\n```python file=flag.py\ndef flag():\n    return 2 if False else 5\n```\n",
            "Try three.\n\n```python file=flag.py\ndef flag():\n    return 6\n```\n",
        ],
    ),
]

_TS_TEST = """import {{ describe, it, expect }} from "vitest";
import {{ {name} }} from "../src/{module}";

describe("{name}", () => {{
{body}
}});
"""


def _ts(name: str, module: str, body: str) -> str:
    return _TS_TEST.format(name=name, module=module, body=body.strip("\n"))


_PACKAGE = '{"name": "case", "private": true, "type": "module", "devDependencies": {"vitest": "^3.2.0"}}\n'

TS_CASES = [
    Case(
        "ts_off_by_one",
        "typescript",
        "off-by-one",
        {
            "package.json": _PACKAGE,
            "src/range.ts": "export function range(n: number): number[] {\n"
            "  const out: number[] = [];\n  for (let i = 0; i <= n; i++) out.push(i);\n  return out;\n}\n",
            "tests/range.test.ts": _ts(
                "range",
                "range",
                '  it("counts to n-1", () => {\n    expect(range(3)).toEqual([0, 1, 2]);\n  });',
            ),
        },
        "src/range.ts",
        "  for (let i = 0; i <= n; i++) out.push(i);",
        "  for (let i = 1; i <= n; i++) out.push(i);",
        "export function range(n: number): number[] {\n  const out: number[] = [];\n"
        "  for (let i = 0; i < n; i++) out.push(i);\n  return out;\n}\n",
    ),
    Case(
        "ts_wrong_operator",
        "typescript",
        "wrong operator",
        {
            "package.json": _PACKAGE,
            "src/price.ts": "export function discount(total: number): number {\n"
            "  return total > 100 ? total * 0.9 : total;\n}\n",
            "tests/price.test.ts": _ts(
                "discount",
                "price",
                '  it("gives 10% from 100", () => {\n    expect(discount(100)).toBe(90);\n  });',
            ),
        },
        "src/price.ts",
        "  return total > 100 ? total * 0.9 : total;",
        "  return total >= 100 ? total * 0.8 : total;",
        "export function discount(total: number): number {\n"
        "  return total >= 100 ? total * 0.9 : total;\n}\n",
    ),
    Case(
        "ts_missing_edge_case",
        "typescript",
        "missing edge case",
        {
            "package.json": _PACKAGE,
            "src/words.ts": "export function firstWord(s: string): string {\n  return s.split(' ')[0];\n}\n",
            "tests/words.test.ts": _ts(
                "firstWord",
                "words",
                '  it("skips leading spaces", () => {\n'
                '    expect(firstWord("  hi there")).toBe("hi");\n  });',
            ),
        },
        "src/words.ts",
        "  return s.split(' ')[0];",
        "  return s.trimStart().split(' ')[1];",
        "export function firstWord(s: string): string {\n  return s.trim().split(/\\s+/)[0];\n}\n",
    ),
]

CASES = PYTHON_CASES + TS_CASES


@dataclass
class EnrichCase:
    """A bug whose fix needs a fact only ``corpus.yaml`` holds (a library's docs or an error's cause).

    The script: a wrong fix that leaves the failure as it was (so the next iteration is stuck and
    enrichment runs), then the right fix offered only to a prompt matching ``needs``, the corpus
    text; without enrichment the wrong fix repeats until the cap.
    """

    name: str
    files: dict[str, str]
    target: str
    buggy: str
    wrong: str
    right: str
    needs: str  # a regex over the prompt that only the corpus's text satisfies
    dependencies: list[str] = field(default_factory=list)  # the plan's, which Context7 is asked about
    max_iterations: int = 4

    def replies(self) -> list[dict[str, Any]]:
        wrong = (
            f"This should fix it.\n\n{self.target}\n```python\n<<<<<<< SEARCH\n{self.buggy}\n"
            f"=======\n{self.wrong}\n>>>>>>> REPLACE\n```\n"
        )
        right = f"The documented way.\n\n````python file={self.target}\n{self.right}````\n"
        return [
            {"purpose": "fix", "match": self.needs, "text": right},
            *({"purpose": "fix", "text": wrong} for _ in range(self.max_iterations)),
        ]


ENRICH_CASES = [
    EnrichCase(
        "library_docs",
        {
            "tallyho.py": "class Counter:\n    def __init__(self):\n        self._n = {}\n\n"
            "    def add(self, key):\n        self._n[key] = self._n.get(key, 0) + 1\n\n"
            "    def tally(self, key):\n        return self._n.get(key, 0)\n",
            "votes.py": "from tallyho import Counter\n\n\ndef votes_for(names, who):\n"
            "    c = Counter()\n    for n in names:\n        c.add(n)\n    return c.count(who)\n",
            "test_votes.py": _py_test("""
from votes import votes_for


def test_votes():
    assert votes_for(["ada", "bob", "ada"], "ada") == 2
"""),
        },
        "votes.py",
        "    return c.count(who)",
        "    return c.count(str(who))",
        "from tallyho import Counter\n\n\ndef votes_for(names, who):\n"
        "    c = Counter()\n    for n in names:\n        c.add(n)\n    return c.tally(who)\n",
        needs=r"Since tallyho 2\.0 the Counter\.count method is removed",
        dependencies=["tallyho"],
    ),
    EnrichCase(
        "error_explanation",
        {
            "stamps.py": "from datetime import datetime\n\n\ndef parse(text):\n"
            '    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S")\n',
            "test_stamps.py": _py_test("""
from datetime import timedelta

from stamps import parse


def test_parse_utc():
    assert parse("2024-03-01T10:00:00Z").utcoffset() == timedelta(0)
"""),
        },
        "stamps.py",
        '    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S")',
        '    return datetime.strptime(text.strip(), "%Y-%m-%dT%H:%M:%S")',
        "from datetime import datetime\n\n\ndef parse(text):\n"
        '    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%S%z")\n',
        needs=r"add %z at the end of the format",
    ),
]
