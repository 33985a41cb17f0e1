"""The shapes every language backend produces: an outline of a file, and the line spans of its scopes."""

from __future__ import annotations

import bisect
from dataclasses import dataclass
from typing import Any, NotRequired

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer
from typing_extensions import TypedDict

LONG_DEFAULT = 24  # characters: a parameter's default longer than this is data, shown as ``...``


class _SymbolJson(TypedDict):
    """The JSON of a :class:`CodeSymbol`: the optional keys appear only when they say something."""

    kind: str
    name: str
    signature: NotRequired[str]
    detail: NotRequired[str]
    exported: NotRequired[bool]
    line: NotRequired[int]


class CodeSymbol(BaseModel):
    """One declaration. Members carry their owner in ``name`` (``Widget.render``).

    Symbols are most of a summary's tokens, so their JSON leaves out ``signature``, ``detail`` and
    ``exported`` while those hold their defaults (empty, empty, true); the schema says so.
    """

    kind: str = Field(
        description="class, struct, interface, trait, enum, type, function, method, field, "
        "property, const, var, prop, emit, model, computed (Vue), key (a PHP file's returned array)"
    )
    name: str
    signature: str = Field("", description="parameters and result, without the body")
    detail: str = Field("", description="bases, fields or members, decorators, origin of inherited methods")
    exported: bool = True
    line: int = Field(
        0,
        description="where the declaration starts (1-based; 0: unknown); the text leaves it out",
    )

    @model_serializer(mode="wrap")
    def _omit_defaults(self, handler: SerializerFunctionWrapHandler) -> _SymbolJson:
        data: dict[str, Any] = handler(self)
        fields = type(self).model_fields
        return {k: v for k, v in data.items() if fields[k].is_required() or v != fields[k].default}  # type: ignore[return-value]


class VueInfo(BaseModel):
    """What a Vue single-file component declares besides its script's symbols."""

    component: str
    generic: str = Field("", description='`<script setup generic="T extends Item">`: its type parameters')
    props: list[str] = Field(
        default_factory=list,
        description="each with its type and default when the script gives them: `rows?: number[] = []`",
    )
    emits: list[str] = Field(
        default_factory=list,
        description="declared (with their payload: `change(id: number)`), then `$emit('name')` calls",
    )
    models: list[str] = Field(default_factory=list, description="`defineModel`: `title: string`")
    slots: list[str] = Field(default_factory=list, description="`defineSlots`: `item(props: { row: T })`")
    exposes: list[str] = Field(default_factory=list, description="`defineExpose`: the names")
    data: list[str] = Field(default_factory=list, description="Options API: the keys `data()` returns")
    computed: list[str] = Field(default_factory=list, description="Options API")
    methods: list[str] = Field(default_factory=list, description="Options API")
    watch: list[str] = Field(default_factory=list, description="Options API: the watched names")
    mixins: list[str] = Field(default_factory=list, description="Options API")
    composables: list[str] = Field(default_factory=list, description="useXxx() calls: composables and stores")
    components: list[str] = Field(
        default_factory=list,
        description="registered (`components: {...}`) and PascalCase tags in the template",
    )


class Outline(BaseModel):
    """A file's structure without bodies."""

    package: str = Field("", description="Go package, PHP namespace or Python module name")
    imports: list[str] = Field(default_factory=list)
    symbols: list[CodeSymbol] = Field(default_factory=list)
    vue: VueInfo | None = None
    notes: list[str] = Field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Scope:
    """A declaration's line span (1-based, inclusive). ``first`` includes its decorators and doc comment."""

    start: int
    end: int
    kind: str
    name: str
    first: int

    @property
    def label(self) -> str:
        return f"{self.kind} {self.name}"


class ScopeIndex:
    """Answers "which declaration encloses line N" for one file, innermost first."""

    def __init__(self, scopes: list[Scope]) -> None:
        self._scopes = sorted(scopes, key=lambda s: (s.start, -s.end))
        self._starts = [s.start for s in self._scopes]

    def starting_at(self, line: int) -> list[Scope]:
        """Declarations whose header is on ``line``."""
        i = bisect.bisect_left(self._starts, line)
        found = []
        while i < len(self._scopes) and self._scopes[i].start == line:
            found.append(self._scopes[i])
            i += 1
        return found

    def enclosing(self, line: int) -> Scope | None:
        # Scopes nest, so the containing scope that starts last is the innermost one.
        for i in range(bisect.bisect_right(self._starts, line) - 1, -1, -1):
            scope = self._scopes[i]
            if scope.end >= line:
                return scope
        return None
