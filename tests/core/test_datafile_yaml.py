"""The bounded YAML reader reads what ``yaml.safe_load`` reads, value for value and type for type
(scalars and their tags, anchors, merge keys and their order), and says where a file it cannot
build is wrong."""

from __future__ import annotations

import pytest
import yaml

from sofia_nb._datafile import load_yaml

SHAPES = [
    "",
    "# only a comment\n",
    "x",
    "1",
    "-1.5e3",
    "0x1f",
    "0o17",
    "true",
    "no",
    "~",
    "null",
    "2026-12-07",
    "2026-12-07 09:00:00",
    "!!binary aGVsbG8=",
    "!!str 12",
    "!!int '12'",
    "!!float 1",
    "'quoted: yes'",
    '"esc\\n\\t\\u00e9"',
    "a: 1\nb: [1, 2]\nc: {d: e}\n",
    "- a\n- - b\n  - c\n- {x: 1}\n",
    "1: one\n2.5: two\ntrue: t\n~: n\n",
    "base: &b {x: 1, y: 2}\nchild:\n  <<: *b\n  y: 3\n",
    "a: &a {x: 1}\nb: &b {x: 2, z: 3}\nc:\n  <<: [*a, *b]\n  w: 0\n",
    "a: &a {x: 1}\nc: {<<: *a, x: 5}\n",
    "a: &s hello\nb: *s\n",
    "a: &l [1, 2]\nb: *l\n",
    "text: |\n  line one\n  line two\n",
    "folded: >\n  one\n  two\n",
    "k: 'it''s'\n",
    "? complex\n: value\n",
    "'<<': literal\n",
    "a: !!str <<\n",
    "empty_map: {}\nempty_list: []\n",
    "- !!null ''\n",
    "!!map {a: 1}",
    "!!seq [1, 2]",
    "! 12",
    "! [1]",
    "--- 1\n",
]


@pytest.mark.parametrize("text", SHAPES)
def test_a_yaml_text_reads_as_the_safe_loader_reads_it(text: str) -> None:
    ours, theirs = load_yaml(text), yaml.safe_load(text)
    assert ours == theirs and type(ours) is type(theirs)
    if isinstance(theirs, dict):
        assert list(ours) == list(theirs)  # the keys' order too
        assert [type(v) for v in ours.values()] == [type(v) for v in theirs.values()]


WHERE = '\n  in "<unicode string>", line {}, column {}'
NOT_BUILT = [
    ("<<: 1\n", (1, 1), "expected a mapping or list of mappings for merging", (1, 5)),
    ("a: &a [1]\nb:\n  <<: *a\n", (3, 3), "expected a mapping or list of mappings for merging", (3, 7)),
    ("a: {<<: [{x: 1}, 2]}\n", (1, 4), "expected a mapping or list of mappings for merging", (1, 19)),
    ("? [1]\n: 2\n", (1, 1), "found unhashable key", (1, 5)),
    ("- <<\n", None, "a merge key (<<) stands only as a mapping's key", (1, 3)),
    ("[<<, 1]", None, "a merge key (<<) stands only as a mapping's key", (1, 2)),
    ("!!set {a, b}", None, "the tag 'tag:yaml.org,2002:set' is not read here", (1, 1)),
    ("!local {a: 1}", None, "the tag '!local' is not read here", (1, 1)),
    ("!custom x", None, "could not determine a constructor for the tag '!custom'", (1, 1)),
    ("a: *nope\n", None, "found undefined alias 'nope'", (1, 4)),
    (
        "a: 1\n---\nb: 2\n",
        None,
        "expected a single document in the stream\nbut found another document",
        (2, 1),
    ),
    (
        "x: !!binary a",
        None,
        "failed to decode base64 data: Invalid base64-encoded string: number of data characters (1)"
        " cannot be 1 more than a multiple of 4",
        (1, 4),
    ),
]


@pytest.mark.parametrize(("text", "context", "problem", "mark"), NOT_BUILT)
def test_a_yaml_text_that_cannot_be_built_says_what_and_where(
    text: str, context: tuple[int, int] | None, problem: str, mark: tuple[int, int]
) -> None:
    with pytest.raises(yaml.YAMLError) as caught:
        load_yaml(text)
    said = problem + WHERE.format(*mark)
    if context is not None:
        said = "while constructing a mapping" + WHERE.format(*context) + "\n" + said
    assert str(caught.value) == said
