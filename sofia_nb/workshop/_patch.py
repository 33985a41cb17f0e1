"""A JSON block in a reply is a patch to its phase's record (docs/architecture.md §4.8).

The rules, the same for every phase:
- a block names any subset of the record's fields; what it leaves out stays as recorded;
- an object (``business_context``, ``selection``, ``poc_scope``) is patched field by field, and a
  mapping (``bxt``, card ``dimensions``) key by key;
- a list of objects whose model names an ``identity`` (ideas by ``id``, evaluations by ``idea_id``,
  workflow edges by ``source`` and ``target``) is patched item by item: a known item gets only the
  fields sent, an unknown one is added, ``"removed": true`` deletes it;
- everything else — text, numbers, lists of text, lists without an identity (priority steps) —
  is replaced, so a KPI or a constraint is removed by re-sending its list without it.

The schema (the phase's output model, with its required text and its 1–5 scale) is checked on the
merged record, never on the patch alone. Every failure that a part of the patch caused undoes that
part, and only that part: the rest of the block is kept, and each undone part is reported as a
``Rejection`` worded for the facilitator. A failure in what was recorded before and the patch did
not touch is not the block's fault and changes nothing.
"""

from __future__ import annotations

import copy
import types
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from ..redact import redacted_head
from ..session import WorkshopSession
from ._extract import json_values
from ._schemas import DiscoverOutput, PhaseOutput


class Rejection(BaseModel):
    """A part of a block that could not be recorded and was left out, with the reason."""

    field: str
    """Where, as ``workflow.activities[s8].name`` (items by their id)."""
    reason: str
    fact: str = ""
    """The same in the team's words: what was not recorded, what it said, and why."""


REMOVED = "removed"
"""The key that deletes an item of a list: ``{"id": "idea-3", "removed": true}``."""

_MISSING: Any = object()
_MAX_PASSES = 8
"""Enough to undo a field, then the item that needed it, then its parent; never a loop."""

Kind = Literal["object", "mapping", "keyed", "value"]


def _unwrap(annotation: Any) -> Any:
    """``X | None`` as ``X``."""
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def _model_class(annotation: Any) -> type[BaseModel] | None:
    return annotation if isinstance(annotation, type) and issubclass(annotation, BaseModel) else None


def field_kind(model: type[BaseModel] | None, name: str) -> tuple[Kind, type[BaseModel] | None]:
    """How a patch changes ``model.name``, and the model of its object or items."""
    info = model.model_fields.get(name) if model is not None else None
    if info is None:
        return "value", None
    annotation = _unwrap(info.annotation)
    if (sub := _model_class(annotation)) is not None:
        return "object", sub
    origin = get_origin(annotation)
    if origin is dict:
        return "mapping", None
    if origin is list:
        item = _model_class(_unwrap((get_args(annotation) or (None,))[0]))
        if item is not None and _identity(item):
            return "keyed", item
    return "value", None


def _identity(model: type[BaseModel]) -> tuple[str, ...]:
    """The fields that name an item of ``model`` (the session models' ``identity``), or ()."""
    keys = getattr(model, "identity", ())
    return keys if isinstance(keys, tuple) else ()


def identity_of(item: Any, keys: tuple[str, ...]) -> tuple[Any, ...] | None:
    """The values of ``keys`` in ``item``, or None when one is missing (a new item without its id)."""
    if not isinstance(item, dict) or any(item.get(k) is None for k in keys):
        return None
    return tuple(item[k] for k in keys)


@dataclass
class _Change:
    """One thing the patch did, with what undoes it. ``where`` is the container changed (by
    reference: list positions shift as items come and go), ``key`` the field (a dict key) or the
    item (a dict in a list)."""

    kind: Literal["set", "add", "remove"]
    where: Any
    key: Any
    before: Any
    written: Any
    path: tuple[str, ...]
    """Readable location: field names, items as ``[id]``."""
    names_item: bool = False
    """A field of an item's identity: the item stands or falls whole with it."""

    def undo(self) -> None:
        if self.kind == "set":
            if self.before is _MISSING:
                self.where.pop(self.key, None)
            else:
                self.where[self.key] = self.before
        elif self.kind == "add":
            self.where[:] = [i for i in self.where if i is not self.key]
        else:
            index, item = self.before
            self.where.insert(min(index, len(self.where)), item)


def _label(item: Any, keys: tuple[str, ...]) -> str:
    ident = identity_of(item, keys)
    return "[" + " → ".join(map(str, ident)) + "]" if ident else "[new]"


@dataclass
class _Merger:
    changes: list[_Change] = field(default_factory=list)

    def object(
        self,
        old: dict[str, Any],
        patch: dict[str, Any],
        model: type[BaseModel] | None,
        path: tuple[str, ...],
        keys: tuple[str, ...] = (),
    ) -> dict[str, Any]:
        new = dict(old)
        for key, value in patch.items():
            if key == REMOVED:
                continue
            kind, sub = field_kind(model, key)
            before = old.get(key, _MISSING)
            here = (*path, key)
            if kind == "object" and isinstance(value, dict):
                base = before if isinstance(before, dict) else None
                if base is None:  # a new object: undone whole when it cannot stand
                    self.changes.append(_Change("set", new, key, before, value, here))
                new[key] = self.object(base or {}, value, sub, here)
            elif kind == "mapping" and isinstance(value, dict) and isinstance(before, dict):
                merged = new[key] = dict(before)
                for k, v in value.items():
                    self.changes.append(_Change("set", merged, k, before.get(k, _MISSING), v, (*here, k)))
                    merged[k] = v
            elif kind == "keyed" and isinstance(value, list) and all(isinstance(i, dict) for i in value):
                assert sub is not None
                new[key] = self.items(before if isinstance(before, list) else [], value, sub, here)
            else:
                self.changes.append(_Change("set", new, key, before, value, here, names_item=key in keys))
                new[key] = value
        return new

    def items(
        self, old: list[Any], patch: list[dict[str, Any]], model: type[BaseModel], path: tuple[str, ...]
    ) -> list[Any]:
        keys = _identity(model)
        new = list(old)
        for item in patch:
            ident = identity_of(item, keys)
            at = next((n for n, i in enumerate(new) if ident and identity_of(i, keys) == ident), None)
            here = (*path, _label(item, keys))
            if item.get(REMOVED) is True:
                if at is not None:
                    self.changes.append(_Change("remove", new, new[at], (at, new[at]), item, here))
                    del new[at]
                continue  # removing what is not there: nothing to do
            if at is None:
                added = self.object({}, item, model, here, keys)
                new.append(added)
                self.changes.append(_Change("add", new, added, _MISSING, item, here))
            else:
                new[at] = self.object(new[at], item, model, here, keys)
        return new


def _walk(data: Any, loc: tuple[int | str, ...]) -> Iterator[tuple[Any, Any, Any]]:
    """``(container, key, child)`` along ``loc`` in ``data`` as far as it exists."""
    node = data
    for step in loc:
        try:
            child = node[step]
        except (KeyError, IndexError, TypeError):
            return
        yield node, step, child
        node = child


def _culprit(
    changes: list[_Change], record: Any, loc: tuple[int | str, ...]
) -> tuple[_Change, tuple[int | str, ...]] | None:
    """The deepest change on the way to ``loc`` and the rest of ``loc`` below it; for an error on
    a list itself (too short after a removal), a removal from it."""
    found = None
    last: Any = record
    for depth, (container, key, child) in enumerate(_walk(record, loc), 1):
        for change in changes:
            if change.where is container and (
                (change.kind == "set" and change.key == key and not change.names_item)
                or (change.kind == "add" and change.key is child)
            ):
                found = (change, loc[depth:])
        last = child
    if found is None and isinstance(last, list):
        removal = next((c for c in changes if c.kind == "remove" and c.where is last), None)
        found = (removal, ()) if removal is not None else None
    return found


@dataclass
class Merged:
    """A patch merged into a record: the record, what was undone, and what the patch changed."""

    record: dict[str, Any]
    rejected: list[Rejection]
    changed: bool


def merge_patch(record: dict[str, Any], patch: dict[str, Any], model: type[BaseModel]) -> Merged:
    """``patch`` merged into a copy of ``record``, checked as ``model``; see the module docstring."""
    merger = _Merger()
    merged = merger.object(copy.deepcopy(record), patch, model, ())
    rejected: list[Rejection] = []
    for attempt in range(_MAX_PASSES):
        try:
            model.model_validate(merged)
            break
        except ValidationError as exc:
            errors = exc.errors()
        culprits = [(c, e) for e in errors if (c := _culprit(merger.changes, merged, tuple(e["loc"])))]
        undone = False
        for (change, below), error in culprits:  # each change undone once
            # the first pass names every reason; later ones only an item dropped for what it
            # lacks (anything else they find follows from what was already named)
            if attempt == 0 or change.kind == "add":
                rejected.append(_rejection(change, below, error))
            if change in merger.changes:
                change.undo()
                merger.changes = [c for c in merger.changes if c is not change and not _inside(c, change)]
                undone = True
        if not undone:
            break  # what is left was there before the patch: not this block's to refuse
    return Merged(record=merged, rejected=rejected, changed=bool(merger.changes))


def _inside(change: _Change, outer: _Change) -> bool:
    """Whether ``change`` happened inside what undoing ``outer`` took away."""
    return change.path[: len(outer.path)] == outer.path and change.path != outer.path


def _rejection(change: _Change, below: tuple[int | str, ...], error: Any) -> Rejection:
    path = _dotted([*change.path, *map(str, below)])
    return Rejection(field=path, reason=error["msg"], fact=_fact(change, error))


def _dotted(steps: list[str]) -> str:
    """``workflow.activities[s8].name``: fields joined by dots, items glued to their list."""
    return "".join(s if s.startswith("[") or not n else f".{s}" for n, s in enumerate(steps))


_NAMES = {
    "business_context": "the business context",
    "challenges": "challenges",
    "constraints": "constraints",
    "success_metrics": "success metrics",
    "topic": "the focus area",
    "workflow": "the workflow",
    "activities": "workflow step",
    "edges": "workflow link",
    "priority_steps": "the priority steps",
    "cards": "the cards",
    "selected": "card",
    "scores": "card score",
    "ideas": "idea",
    "evaluation": "the evaluation",
    "selection": "the selection",
    "plan": "the plan",
    "milestones": "milestone",
    "poc_scope": "the PoC scope",
    "success_criteria": "success criteria",
    "architecture_diagram": "the architecture diagram",
}


def _fact(change: _Change, error: Any) -> str:
    """What was not recorded, as the team would recognise it: what it is, what it said, and why."""
    steps = list(change.path)
    names = [_NAMES.get(s, s.replace("_", " ")) for s in steps if not s.startswith("[")]
    item = next((s[1:-1] for s in reversed(steps) if s.startswith("[")), "")
    what = names[-1] if names else "the block"
    if steps and steps[-1].startswith("["):
        what = f"{names[-1]} {item}" if item != "new" else f"a new {names[-1]}"
        if "evaluation" in steps:
            what = f"the evaluation of {item}"
    elif item:
        what = f"{what} of {item}"
    said = _said(change.written)
    missing = error["type"] == "missing"
    why = f"its {error['loc'][-1]} is missing" if missing else str(error["msg"]).lower()
    return f"{what}{f' ({said})' if said else ''}: {why}"


def _said(value: Any) -> str:
    """What the block said there, quoted briefly: text, a list of it, an item's title or id."""
    if isinstance(value, str):
        return f"“{_short(value)}”"
    if isinstance(value, list):
        return "; ".join(filter(None, (_said(v) for v in value[:4])))
    if isinstance(value, dict):
        text = next((value[k] for k in ("title", "name", "description", "area", "id") if value.get(k)), "")
        return f"“{_short(str(text))}”" if text else ""
    return _short(str(value)) if value is not None else ""


def _short(text: str, width: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else redacted_head(text, width - 1).rsplit(" ", 1)[0] + "…"


def apply_patch(session: WorkshopSession, output: type[PhaseOutput], patch: dict[str, Any]) -> Merged:
    """Merge ``patch`` into the session's record of ``output``'s phase and store what holds."""
    merged = merge_patch(output.record_of(session), patch, output)
    if merged.changed:
        output.store(session, merged.record, patch)
    return merged


def patches_in(
    text: str, output: type[PhaseOutput], read: Callable[[Any], Any] | None = None
) -> Iterator[tuple[type[PhaseOutput], dict[str, Any]]]:
    """Every patch a reply carries for the phase of ``output``, in order (``patches_of`` each
    JSON value). ``read`` turns each JSON value into the record's shape first (a structured
    answer's)."""
    for found in json_values(text):
        yield from patches_of(read(found) if read is not None else found, output)


def patches_of(value: Any, output: type[PhaseOutput]) -> Iterator[tuple[type[PhaseOutput], dict[str, Any]]]:
    """The patch one JSON value is for the phase of ``output``, and a business-context patch in
    any later phase (a fact learned late still lands where later phases read it)."""
    if (own := output.patch_of(value)) is not None:
        yield output, own
    if output is not DiscoverOutput and isinstance(value, dict) and "business_context" in value:
        late = DiscoverOutput.patch_of({"business_context": value["business_context"]})
        if late is not None:
            yield DiscoverOutput, late


def removed_items(before: dict[str, Any], after: dict[str, Any], model: type[BaseModel]) -> list[str]:
    """The items of ``before``'s keyed lists that ``after`` no longer holds, as the team names
    them: ``idea “Cold-chain alerts” (idea-3)``, ``the evaluation of idea-2``."""
    out: list[str] = []
    for key, old in before.items():
        kind, sub = field_kind(model, key)
        new = after.get(key)
        if kind == "object" and isinstance(old, dict) and sub is not None:
            out += removed_items(old, new if isinstance(new, dict) else {}, sub)
        elif kind == "keyed" and isinstance(old, list) and sub is not None:
            keys = _identity(sub)
            kept = {identity_of(i, keys) for i in (new if isinstance(new, list) else [])}
            for item in old:
                if (ident := identity_of(item, keys)) is not None and ident not in kept:
                    out.append(_removed(key, sub, item, " → ".join(map(str, ident))))
    return out


def _removed(key: str, model: type[BaseModel], item: dict[str, Any], ident: str) -> str:
    if "idea_id" in _identity(model):  # an idea's evaluation, named by its idea
        return f"the evaluation of {ident}"
    said = _said(item) if set(item) - set(_identity(model)) else ""
    return f"{_NAMES.get(key, key.replace('_', ' '))} {said + ' ' if said else ''}({ident})"


def record_changes(
    before: dict[str, Any], after: dict[str, Any], model: type[BaseModel], limit: int = 20
) -> list[str]:
    """What changed from ``before`` to ``after`` (two records of ``model``), one line each, items
    named by their id: ``evaluation.ideas[idea-2].value: 3 → 4``, ``ideas[idea-3]: removed``."""
    lines = list(_changes(before, after, model, []))
    return lines[:limit] + ([f"… and {len(lines) - limit} more"] if len(lines) > limit else [])


def _changes(old: Any, new: Any, model: type[BaseModel] | None, path: list[str]) -> Iterator[str]:
    if not isinstance(old, dict) or not isinstance(new, dict):
        if old != new:
            yield f"{_dotted(path)}: {_said(old) or 'nothing'} → {_said(new) or 'nothing'}"
        return
    for key in [*old, *(k for k in new if k not in old)]:
        kind, sub = field_kind(model, key)
        a, b = old.get(key), new.get(key)
        if a == b:
            continue
        if kind == "keyed" and isinstance(a, list) and isinstance(b, list) and sub is not None:
            keys = _identity(sub)
            was = {identity_of(i, keys): i for i in a}
            now = {identity_of(i, keys): i for i in b}
            for ident in [*was, *(i for i in now if i not in was)]:
                here = [*path, key, _label(was.get(ident) or now.get(ident), keys)]
                if ident not in now:
                    yield f"{_dotted(here)}: removed"
                elif ident not in was:
                    said = _said(now[ident])
                    yield f"{_dotted(here)}: added" + (f" ({said})" if said else "")
                else:
                    yield from _changes(was[ident], now[ident], sub, here)
        elif kind == "object":
            yield from _changes(a if a is not None else {}, b if b is not None else {}, sub, [*path, key])
        else:
            yield f"{_dotted([*path, key])}: {_said(a) or 'nothing'} → {_said(b) or 'nothing'}"
