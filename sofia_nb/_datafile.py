"""One bounded reader for the files that come from outside: session files, the JSON-or-YAML files
people write (parameters, grids, the room, inputs, the scripted model, recordings, card decks) and
``.vscode/mcp.json``.

Every one is checked for size before it is parsed and for structure while or right after it is
parsed, so a small hostile file cannot take gigabytes: the numbers are below and in
docs/security.md ("Files from outside"). A file that breaks a bound is refused with a message that
names the bound; the caller names the file.
"""

from __future__ import annotations

import errno
import functools
import json
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, TypeVar

import yaml
from pydantic import BaseModel, ValidationError
from pydantic_core import SchemaValidator

from ._validation import location

M = TypeVar("M", bound=BaseModel)

MAX_FILE_BYTES = 8 * 1024 * 1024
"""The largest file people write (parameters, grids, rooms, inputs, scripted models, recordings,
decks, MCP configs) that is read: real ones are a few kilobytes."""
MAX_SESSION_BYTES = 48 * 1024 * 1024
"""The largest session file that is read. A long real session is a few megabytes; its tool results
are cut to 40,000 characters each."""
MAX_YAML_BYTES = 4 * 1024 * 1024
"""The largest YAML text that is parsed. It is built from the parser's events, without PyYAML's
node graph (which costs 30 to 90 times the text): people's files as they write them cost about 6
times their text, and its nodes are counted as they arrive."""
MAX_DEPTH = 64
"""The deepest nesting of objects and lists; real sessions reach about 8."""
MAX_ITEMS = 100_000
"""The most items in one list, or keys in one object."""
MAX_STRING = 1_000_000
"""The longest string, in characters (a tool result is cut to 40,000)."""
MAX_ALIASES = 16
"""The most YAML aliases (``*name``, merge keys ``<<: *name`` too) in one file."""
BYTES_PER_CONTAINER = 32
"""Each object or list a file holds must be paid for by this many bytes of the file (beyond the
first ``FREE_CONTAINERS``). An empty object is two bytes of JSON but hundreds of bytes once parsed
and validated, so without this a file of empty objects costs hundreds of times its size; real
session files hold one per 100 to 200 bytes."""
FREE_CONTAINERS = 10_000


class DataFileError(ValueError):
    """A data file that cannot be read or does not parse; the message names the file."""


class BoundsError(ValueError):
    """Data that breaks one of this module's bounds; the message names the bound, not the file."""


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):g} MB"


def read_at_most(handle: IO[bytes], limit: int) -> bytes:
    """The rest of ``handle``, refused with ``OSError(EFBIG)`` (whose ``strerror`` says so) when it
    holds more than ``limit`` bytes: never more than ``limit + 1`` bytes are read."""
    data = handle.read(limit + 1)
    if len(data) > limit:
        raise OSError(errno.EFBIG, f"larger than {_mb(limit)}, the most such a file may hold")
    return data


def read_text(path: Path, what: str, limit: int = MAX_FILE_BYTES) -> str:
    """The UTF-8 text of the regular file ``path``, at most ``limit`` bytes; errors name the file.

    Opened without blocking, so a FIFO is refused instead of waiting for a writer."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
        with os.fdopen(fd, "rb") as handle:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise OSError(errno.EINVAL, "not a regular file")
            raw = read_at_most(handle, limit)
    except OSError as exc:
        raise DataFileError(f"cannot read the {what} {path}: {exc.strerror or exc}") from None
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataFileError(f"the {what} {path} is not UTF-8 text at byte {exc.start}") from None


_JSON_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')


def _container_budget(text: str) -> int:
    return FREE_CONTAINERS + len(text) // BYTES_PER_CONTAINER


def load_json(text: str) -> Any:
    """``json.loads`` within the bounds: the objects and lists are counted before any is built.

    Raises ``BoundsError``, ``json.JSONDecodeError``, ``RecursionError`` or ``ValueError``."""
    bare = _JSON_STRING.sub("", text)  # brackets inside strings are text, not structure
    containers = bare.count("{") + bare.count("[")
    del bare
    if containers > _container_budget(text):
        raise BoundsError(
            f"{containers:,} objects and lists in {len(text):,} characters, more than "
            f"{FREE_CONTAINERS:,} plus one per {BYTES_PER_CONTAINER} characters"
        )
    data = json.loads(text)
    check_structure(data, _container_budget(text))
    return data


def load_yaml(text: str) -> Any:
    """``yaml.safe_load`` within the bounds, built from the parser's events (``_YamlBuilder``): no
    node graph, so reading costs about what the data costs; every bound (aliases, nodes, depth,
    items, strings) is checked as each event arrives, then the built structure (where an alias
    counts as the whole tree it names).

    Raises ``BoundsError`` or ``yaml.YAMLError``."""
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise BoundsError(f"a YAML text larger than {_mb(MAX_YAML_BYTES)}, the most that is parsed")
    data = _YamlBuilder(text).build()
    check_structure(data, _container_budget(text))
    return data


_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_RESOLVER = yaml.resolver.Resolver()
_CONSTRUCTOR = yaml.constructor.SafeConstructor()
_TAG = "tag:yaml.org,2002:"
_SCALAR_TAGS = frozenset(_TAG + t for t in ("int", "float", "bool", "null", "timestamp", "binary"))
_TEXT_TAGS = frozenset((_TAG + "str", _TAG + "value"))
_MERGE = object()
"""A ``<<`` key: the mapping (or list of mappings) after it is merged in (YAML's merge key)."""


class _Collection:
    """A mapping or list being built: its items, and for a mapping the key waiting for its value
    and the mappings merged in."""

    __slots__ = ("anchor", "items", "key", "mapping", "merges", "start")

    def __init__(self, event: yaml.CollectionStartEvent) -> None:
        self.mapping = isinstance(event, yaml.MappingStartEvent)
        self.items: Any = {} if self.mapping else []
        self.key: Any = None
        self.merges: list[dict[Any, Any]] = []
        self.anchor: str | None = event.anchor
        self.start: Any = event.start_mark

    def add(self, value: Any, mark: Any) -> None:
        if value is _MERGE and not (self.mapping and self.key is None):
            raise _refused("a merge key (<<) stands only as a mapping's key", mark)
        if not self.mapping:
            self.items.append(value)
        elif self.key is None:
            if isinstance(value, (dict, list)):
                raise _refused("found unhashable key", mark, "while constructing a mapping", self.start)
            self.key = (value,)
        else:
            (key,), self.key = self.key, None
            if key is _MERGE:
                self._merge(value, mark)
            else:
                self.items[key] = value

    def _merge(self, value: Any, mark: Any) -> None:
        sources = value if isinstance(value, list) else [value]
        if not all(isinstance(source, dict) for source in sources):
            problem = "expected a mapping or list of mappings for merging"
            raise _refused(problem, mark, "while constructing a mapping", self.start)
        self.merges.extend(sources)

    def value(self) -> Any:
        if not self.merges:
            return self.items
        # As YAML's merge key reads: the mapping's own keys win, then the earlier merged mappings.
        merged: dict[Any, Any] = {}
        for source in reversed(self.merges):
            merged.update(source)
        merged.update(self.items)
        return merged


class _YamlBuilder:
    """One YAML document as ``yaml.safe_load`` reads it (the same scalars, merge keys, aliases),
    built straight from the parser's events, with every bound checked as each event arrives.

    A node graph costs about 90 times its text; this costs what the data costs. Collection tags
    other than a plain mapping or list (``!!set``, ``!!omap``) are refused, as are aliases to a
    collection from inside itself."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.anchors: dict[str, Any] = {}
        self.open: list[_Collection] = []
        self.root: list[Any] = []
        self.nodes = self.aliases = 0
        self.budget = _container_budget(text) + MAX_ITEMS
        # per open collection: its nodes so far, and the nodes one item takes (a mapping's two)
        self.counted: list[list[int]] = []

    def build(self) -> Any:
        documents = 0
        for event in yaml.parse(self.text, Loader=_Loader):
            if isinstance(event, yaml.DocumentStartEvent):
                documents += 1
                if documents > 1:
                    single = "expected a single document in the stream"
                    raise _refused("but found another document", event.start_mark, single)
            elif isinstance(event, yaml.CollectionEndEvent):
                self.counted.pop()
                done = self.open.pop()
                self._place(done.value(), done.anchor, event.start_mark)
            elif isinstance(event, yaml.NodeEvent):
                try:
                    self._count(event)
                    self._node(event)
                except BoundsError as exc:  # where it was broken, so a person finds it in a long file
                    mark = event.start_mark
                    raise BoundsError(f"{exc} (line {mark.line + 1})" if mark else str(exc)) from None
        return self.root[0] if self.root else None

    def _count(self, event: yaml.NodeEvent) -> None:
        self.nodes += 1
        if self.nodes > self.budget:
            raise BoundsError(f"more than {self.budget:,} YAML nodes in {len(self.text):,} characters")
        if self.counted:
            counted = self.counted[-1]
            counted[0] += 1
            if counted[0] > MAX_ITEMS * counted[1]:
                kind = "a list" if counted[1] == 1 else "an object"
                raise BoundsError(f"{kind} of more than {MAX_ITEMS:,} items")

    def _node(self, event: yaml.NodeEvent) -> None:
        if isinstance(event, yaml.AliasEvent):
            self.aliases += 1
            if self.aliases > MAX_ALIASES:
                raise BoundsError(f"more than {MAX_ALIASES} YAML aliases (*name or <<: *name)")
            if event.anchor not in self.anchors:
                raise _refused(f"found undefined alias {event.anchor!r}", event.start_mark)
            self._place(self.anchors[event.anchor], None, event.start_mark)
        elif isinstance(event, yaml.ScalarEvent):
            if len(event.value) > MAX_STRING:
                raise BoundsError(f"a string of {len(event.value):,} characters, more than {MAX_STRING:,}")
            self._place(_scalar(event), event.anchor, event.start_mark)
        elif isinstance(event, yaml.CollectionStartEvent):
            if event.tag not in (None, "!", _TAG + "map", _TAG + "seq"):
                raise _refused(f"the tag {event.tag!r} is not read here", event.start_mark)
            self.open.append(_Collection(event))
            self.counted.append([0, 2 if isinstance(event, yaml.MappingStartEvent) else 1])
            if len(self.open) > MAX_DEPTH:
                raise BoundsError(f"nested more than {MAX_DEPTH} levels deep")

    def _place(self, value: Any, anchor: str | None, mark: Any) -> None:
        if anchor is not None:
            self.anchors[anchor] = value
        if self.open:
            self.open[-1].add(value, mark)
        else:
            self.root.append(value)


def _refused(problem: str, mark: Any, context: str | None = None, context_mark: Any = None) -> yaml.YAMLError:
    """The error ``yaml.safe_load`` gives for the same text: what was wrong, and where."""
    return yaml.constructor.ConstructorError(context, context_mark, problem, mark)


def _scalar(event: yaml.ScalarEvent) -> Any:
    """A scalar's value as the safe loader gives it: its tag resolved as the composer would, then
    built by the safe constructor; a plain ``<<`` is the merge key."""
    tag = event.tag
    if tag is None or tag == "!":
        tag = _RESOLVER.resolve(yaml.ScalarNode, event.value, event.implicit)
    if tag in _TEXT_TAGS:
        return event.value
    if tag == _TAG + "merge":
        return _MERGE
    if tag not in _SCALAR_TAGS:
        raise _refused(f"could not determine a constructor for the tag {tag!r}", event.start_mark)
    start: Any = event.start_mark
    node = yaml.ScalarNode(tag, event.value, start, None, event.style)
    return _CONSTRUCTOR.yaml_constructors[tag](_CONSTRUCTOR, node)


def check_structure(data: Any, max_containers: int) -> None:
    """Refuse ``data`` nested deeper than ``MAX_DEPTH``, with a list or object of more than
    ``MAX_ITEMS`` items, a string (value or key) longer than ``MAX_STRING`` characters, or more than
    ``max_containers`` objects and lists counted as a tree (a YAML alias counts each time it is
    used). Iterative, and stops at the first bound broken, so a hostile shape costs no more."""
    containers = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, str):
            if len(item) > MAX_STRING:
                raise BoundsError(f"a string of {len(item):,} characters, more than {MAX_STRING:,}")
            continue
        if isinstance(item, dict):
            children: Any = item.values()
            stack.extend((key, depth) for key in item if isinstance(key, str))
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > MAX_DEPTH:
            raise BoundsError(f"nested more than {MAX_DEPTH} levels deep")
        if len(item) > MAX_ITEMS:
            kind = "an object of" if isinstance(item, dict) else "a list of"
            raise BoundsError(f"{kind} {len(item):,} items, more than {MAX_ITEMS:,}")
        containers += 1
        if containers > max_containers:
            raise BoundsError(f"more than {max_containers:,} objects and lists")
        stack.extend((child, depth + 1) for child in children)


def _fail_fast(schema: Any) -> Any:
    """A copy of a pydantic core schema whose lists, sets, tuples and dicts stop at their first bad
    item, so a file of a million bad items costs one error, not a million."""
    if isinstance(schema, dict):
        copy = {key: _fail_fast(value) for key, value in schema.items()}
        if copy.get("type") in ("list", "set", "frozenset", "tuple", "dict"):
            copy["fail_fast"] = True
        return copy
    if isinstance(schema, list):
        return [_fail_fast(value) for value in schema]
    return schema


@functools.cache
def first_error_validator(model: type[M]) -> Callable[[Any], M]:
    """``model.model_validate`` that stops at the first bad item of every collection: the same
    result for valid data, and at most a handful of errors for hostile data."""
    schema = _fail_fast(model.__pydantic_core_schema__)
    return SchemaValidator(schema, _use_prebuilt=False).validate_python  # the models inside too


def read_json_or_yaml(path: Path, what: str, limit: int = MAX_FILE_BYTES) -> Any:
    """The file's data: JSON when the name ends in ``.json``, else YAML (which reads JSON too).

    ``what`` names the file in errors, e.g. ``"inputs file"``; every bound is enforced."""
    text = read_text(path, what, limit)
    try:
        return load_json(text) if path.suffix.lower() == ".json" else load_yaml(text)
    except (BoundsError, RecursionError) as exc:
        raise DataFileError(f"the {what} {path} is refused: {_bound(exc)}") from None
    except yaml.YAMLError as exc:
        raise DataFileError(f"the {what} {path} does not parse: {yaml_problem(exc)}") from None
    except ValueError as exc:  # bad JSON, or an integer too long
        raise DataFileError(f"the {what} {path} does not parse: {exc}") from None


def yaml_problem(exc: yaml.YAMLError) -> str:
    """A YAML error on one line, by line and column: the parser's own text names the source
    ``"<unicode string>"``, which says nothing to a person (the caller names the file)."""
    if not isinstance(exc, yaml.MarkedYAMLError):
        return str(exc)

    def at(mark: Any) -> str:
        return f" at line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""

    parts = [f"{exc.context}{at(exc.context_mark)}" if exc.context else ""]
    parts += [f"{exc.problem}{at(exc.problem_mark)}" if exc.problem else "", exc.note or ""]
    return "; ".join(p for p in parts if p) or str(exc)


def _bound(exc: Exception) -> str:
    return str(exc) if isinstance(exc, BoundsError) else f"nested more than {MAX_DEPTH} levels deep"


MAX_PROBLEMS = 20
"""The most problems one message lists (a collection stops at its first bad item, so a hostile
file of a million bad items is one problem)."""


def read_model(model: type[M], path: str | Path, what: str) -> M:
    """A JSON or YAML file read as ``model``: an empty file is an empty object; every error,
    unreadable or invalid, is a ``DataFileError`` that names the file and every problem it found,
    each with its line and key, so a person fixes them all in one go."""
    path = Path(path)
    data = read_json_or_yaml(path, what)
    try:
        return first_error_validator(model)(data or {})
    except ValidationError as exc:
        raise DataFileError(_problems(path, exc)) from None


def _problems(path: Path, exc: ValidationError) -> str:
    errors = exc.errors(include_url=False)
    lines = _lines(path)
    said = []
    for err in errors[:MAX_PROBLEMS]:
        line = lines(err["loc"])
        said.append(f"{f'line {line}, ' if line else ''}{location(err, '(root)')}: {err['msg']}")
    if len(errors) > MAX_PROBLEMS:
        said.append(f"and {len(errors) - MAX_PROBLEMS} more")
    if len(said) == 1:
        return f"{path}: {said[0]}"
    return f"{path} has {len(errors)} problems:\n" + "\n".join(f"  {one}" for one in said)


def _lines(path: Path) -> Callable[[tuple[Any, ...]], int | None]:
    """Where a key of the file stands (its line, from 1), read from YAML's node tree (which reads
    JSON too); ``None`` for a place it cannot find. Only for a file already read within the bounds,
    and only one small enough to compose again."""
    try:
        text = read_text(path, "file", MAX_YAML_BYTES)
        root = yaml.compose(text, Loader=_Loader)
    except (DataFileError, yaml.YAMLError):
        root = None

    def line(loc: tuple[Any, ...]) -> int | None:
        node, found = root, None
        for part in loc:
            if isinstance(node, yaml.MappingNode):
                match = next((v for k, v in node.value if getattr(k, "value", None) == str(part)), None)
                if match is None:  # an extra key: the pair's key is where it stands
                    match = next((k for k, _ in node.value if getattr(k, "value", None) == str(part)), None)
                node = match
            elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
                node = node.value[part]
            else:
                break
            if node is None:
                break
            found = node.start_mark.line + 1
        return found

    return line
