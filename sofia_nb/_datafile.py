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
"""The largest YAML text that is parsed: YAML's node graph costs about 90 times the text while it
is built; its nodes are also counted (below), which bounds that to about 100 MB."""
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
    """``yaml.safe_load`` within the bounds: size, then the parser's events checked before any
    document is built (aliases, nodes, depth, items, strings), then the built structure (where an
    alias counts as the whole tree it names).

    Raises ``BoundsError`` or ``yaml.YAMLError``."""
    if len(text.encode("utf-8")) > MAX_YAML_BYTES:
        raise BoundsError(f"a YAML text larger than {_mb(MAX_YAML_BYTES)}, the most that is parsed")
    _check_events(text)
    data = yaml.load(text, Loader=_Loader)
    check_structure(data, _container_budget(text))
    return data


def _check_events(text: str) -> None:
    aliases = nodes = 0
    budget = _container_budget(text) + MAX_ITEMS
    # per open collection: its nodes so far, and the nodes one item takes (a mapping's key and value)
    open_items: list[list[int]] = []
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.CollectionEndEvent):
            open_items.pop()
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        if (nodes := nodes + 1) > budget:
            raise BoundsError(f"more than {budget:,} YAML nodes in {len(text):,} characters")
        if open_items:
            counted = open_items[-1]
            counted[0] += 1
            if counted[0] > MAX_ITEMS * counted[1]:
                kind = "a list" if counted[1] == 1 else "an object"
                raise BoundsError(f"{kind} of more than {MAX_ITEMS:,} items")
        if isinstance(event, yaml.AliasEvent) and (aliases := aliases + 1) > MAX_ALIASES:
            raise BoundsError(f"more than {MAX_ALIASES} YAML aliases (*name or <<: *name)")
        if isinstance(event, yaml.ScalarEvent) and len(event.value) > MAX_STRING:
            raise BoundsError(f"a string of {len(event.value):,} characters, more than {MAX_STRING:,}")
        if isinstance(event, yaml.CollectionStartEvent):
            open_items.append([0, 2 if isinstance(event, yaml.MappingStartEvent) else 1])
            if len(open_items) > MAX_DEPTH:
                raise BoundsError(f"nested more than {MAX_DEPTH} levels deep")


_Loader: type[Any] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


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
    except (ValueError, yaml.YAMLError) as exc:  # ValueError: bad JSON, or an integer too long
        raise DataFileError(f"the {what} {path} does not parse: {exc}") from None


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
