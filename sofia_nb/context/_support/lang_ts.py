"""TypeScript, TSX, JavaScript and Vue single-file components, from the tree-sitter TypeScript grammars.

There is no Vue grammar on PyPI: a ``.vue`` file is split into its blocks, the ``<script>`` block
(``<script setup>`` preferred) is parsed with the TypeScript grammar at its line offset, and the
``<template>`` only contributes the PascalCase component tags it uses.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import PurePath
from typing import NamedTuple

from . import treesitter as ts
from .outline import LONG_DEFAULT, CodeSymbol, Outline, Scope, VueInfo
from .vue_options import OPTIONS, component_options, option_functions

_FUNCTION_VALUES = frozenset({"arrow_function", "function_expression", "function", "generator_function"})
_TYPE_DECLS = {
    "interface_declaration": "interface",
    "type_alias_declaration": "type",
    "enum_declaration": "enum",
}
_BLOCK_TAG = re.compile(r"<(/?)(script|template|style)\b([^>]*)>", re.I)
_TAG = re.compile(r"<([A-Z][A-Za-z0-9]*)\b")
_EMIT = re.compile(r"\$emit\(\s*['\"`]([\w:.-]+)['\"`]")


class _Block(NamedTuple):
    """A top-level block of a single-file component: ``<name attrs>body</name>`` from ``start`` to ``end``."""

    name: str
    attrs: str
    start: int
    body_start: int
    body_end: int
    end: int

    def body(self, source: str) -> str:
        return source[self.body_start : self.body_end]


def _blocks(source: str) -> list[_Block]:
    """The top-level blocks; a nested ``<template #slot>`` is counted so that its close is not the block's."""
    found: list[_Block] = []
    opened: tuple[str, str, int, int] | None = None
    depth = 0
    for tag in _BLOCK_TAG.finditer(source):
        closing, name, attrs = tag[1] == "/", tag[2].lower(), tag[3]
        if opened is None:
            if not closing and not attrs.rstrip().endswith("/"):
                opened, depth = (name, attrs, tag.start(), tag.end()), 1
        elif name == opened[0] and not attrs.rstrip().endswith("/"):
            depth += -1 if closing else 1
            if depth == 0:
                found.append(_Block(opened[0], opened[1], opened[2], opened[3], tag.start(), tag.end()))
                opened = None
    return found


def grammar_for(suffix: str) -> str | None:
    """The grammar that parses a file with this extension; ``None`` for Vue (blocks, not one tree)."""
    suffix = suffix.lower()
    if suffix == ".vue":
        return None
    return "tsx" if suffix in (".tsx", ".jsx") else "typescript"


def _exported(node: ts.Node) -> bool:
    parent = node.parent
    while parent is not None and parent.type in (
        "variable_declarator",
        "lexical_declaration",
        "variable_declaration",
    ):
        node, parent = parent, parent.parent
    return parent is not None and parent.type == "export_statement"


def _member_exported(node: ts.Node) -> bool:
    modifier = next((c for c in node.named_children if c.type == "accessibility_modifier"), None)
    name = node.child_by_field_name("name")
    private_name = name is not None and name.type == "private_property_identifier"
    return not private_name and ts.text(modifier) not in ("private", "protected")


_LONG_TYPE = 160  # characters of a type alias's value, cut at a separator after that
_ENUM_MEMBERS = 12  # an enum's members shown; the rest are counted
_TIDY = re.compile(r"([(\[<]) | (?=[)\]>])|,\s*(?=[)\]>])")  # "( a, )" -> "(a)"


def _compact(node: ts.Node | None) -> str:
    """The node's source on one line: comments left out, a parameter default over 24 characters as ``...``."""
    if node is None:
        return ""
    cuts = []
    for inner in ts.descendants(node):
        value = inner.child_by_field_name("value") if inner.type.endswith("_parameter") else None
        if inner.type == "comment":
            cuts.append((inner.start_byte, inner.end_byte, b""))
        elif value is not None and value.end_byte - value.start_byte > LONG_DEFAULT:
            cuts.append((value.start_byte, value.end_byte, b"..."))
    source, pos, parts = node.text, node.start_byte, []
    for start, end, replacement in sorted(cuts):
        if start >= pos:  # a cut inside one already made is gone with it
            parts += [source[pos - node.start_byte : start - node.start_byte], replacement]
            pos = end
    parts.append(source[pos - node.start_byte :])
    return _TIDY.sub(lambda m: m[1] or "", ts.squash(b"".join(parts).decode("utf-8", "replace")))


def _shorten(value: str, limit: int = _LONG_TYPE) -> str:
    """``value`` cut at the last ``|``, ``;`` or ``,`` before ``limit`` characters, with `` ...`` after."""
    if len(value) <= limit:
        return value
    for separator in (" | ", "; ", ", "):  # a union's members first: they are the outermost
        cut = value.rfind(separator, 0, limit)
        if cut > limit // 2:
            return value[:cut] + " ..."
    return value[:limit] + " ..."


def _signature(node: ts.Node) -> str:
    """``<T>(a: T): R``: type parameters, parameters and result, as declared."""
    params = _compact(node.child_by_field_name("parameters") or node.child_by_field_name("parameter"))
    prefix = "async " if any(c.type == "async" for c in node.children) else ""
    generics = _compact(node.child_by_field_name("type_parameters"))
    return prefix + generics + params + _compact(node.child_by_field_name("return_type"))


# Calls that wrap a function into a component or a callback: the binding is that function.
_WRAPPERS = frozenset(
    {"forwardRef", "memo", "useCallback", "observer", "defineComponent", "defineAsyncComponent"}
)
# Test-block calls listed in summaries and used as scopes (``describe.skip`` counts as ``describe``).
TEST_CALLS = frozenset({"describe", "it", "test", "suite", "bench", "context"})
_ROUTE_METHODS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "all"})


def function_value(value: ts.Node | None) -> ts.Node | None:
    """The function a declarator binds: its value, or the function a wrapper takes (``forwardRef(...)``)."""
    if value is None:
        return None
    if value.type in _FUNCTION_VALUES:
        return value
    if value.type == "call_expression":
        callee = ts.field_text(value, "function").rsplit(".", 1)[-1]
        arguments = value.child_by_field_name("arguments")
        if callee in _WRAPPERS and arguments is not None:
            return next((a for a in arguments.named_children if a.type in _FUNCTION_VALUES), None)
    return None


def _top_level(declarator: ts.Node) -> bool:
    """Whether a variable declarator is the script's own (not a function's local)."""
    statement = declarator.parent
    holder = statement.parent if statement is not None else None
    if holder is not None and holder.type == "export_statement":
        holder = holder.parent
    return holder is not None and holder.type == "program"


def _string_argument(call: ts.Node) -> str | None:
    arguments = call.child_by_field_name("arguments")
    first = arguments.named_children[0] if arguments is not None and arguments.named_children else None
    if first is None or first.type not in ("string", "template_string"):
        return None
    return ts.squash(ts.text(first)[1:-1])


def call_block(node: ts.Node) -> tuple[str, str] | None:
    """A test block (``describe("store", ...)``) or a route (``app.get("/users", ...)``) as (kind, name):
    a call that is a statement of its own (``await http.get("/users")`` is neither)."""
    if node.parent is None or node.parent.type != "expression_statement":
        return None
    callee = ts.field_text(node, "function")
    base, _, method = callee.partition(".")
    if base in TEST_CALLS and method in ("", "only", "skip", "todo", "concurrent", "each"):
        title = _string_argument(node)
        return (base, title) if title is not None else None
    if method in _ROUTE_METHODS and "." not in method:
        path = _string_argument(node)
        if path is not None and path.startswith("/"):
            return "route", f"{method.upper()} {path}"
    return None


def classify(node: ts.Node) -> tuple[str, str] | None:
    kind = node.type
    if kind in ("function_declaration", "generator_function_declaration"):
        return "function", ts.field_text(node, "name")
    if kind in ("class_declaration", "abstract_class_declaration", "class"):
        name = ts.field_text(node, "name")
        return ("class", name) if name else None
    if kind in ("method_definition", "abstract_method_signature"):
        return "method", ts.field_text(node, "name")
    if kind == "public_field_definition":
        value = node.child_by_field_name("value")
        return ("method" if function_value(value) is not None else "property"), ts.field_text(node, "name")
    if kind in _TYPE_DECLS:
        return _TYPE_DECLS[kind], ts.field_text(node, "name")
    if kind == "internal_module":
        return "namespace", ts.field_text(node, "name")
    if kind == "variable_declarator":
        name = _binding_name(node.child_by_field_name("name"))
        if function_value(node.child_by_field_name("value")) is not None:
            return "function", name
        if _top_level(node):
            return _declarator_kind(node), name
        return None
    if kind == "call_expression":
        return call_block(node)
    if kind == "pair" and function_value(node.child_by_field_name("value")) is not None:
        return "method", ts.text(node.child_by_field_name("key")).strip("'\"`")  # `save: function () {}`
    return None


def _declarator_kind(node: ts.Node) -> str:
    decl = node.parent.children[0].type if node.parent is not None else "const"
    return "const" if decl == "const" else "var"


def _binding_name(node: ts.Node | None) -> str:
    """A declarator's name; a destructuring ``{ a, b: c, ...rest }`` names its bindings, on one line."""
    if node is None or node.type not in ("object_pattern", "array_pattern"):
        return ts.text(node)
    bound = [
        ts.text(d)
        for d in ts.descendants(node)
        if d.type == "shorthand_property_identifier_pattern"
        or (
            d.type == "identifier"
            and d.parent is not None
            and d.parent.type in ("pair_pattern", "rest_pattern", "array_pattern", "assignment_pattern")
            and d.parent.child_by_field_name("right") != d
        )
    ]
    brackets = "{}" if node.type == "object_pattern" else "[]"
    return f"{brackets[0]} {', '.join(bound)} {brackets[1]}"


def _type_detail(node: ts.Node) -> str:
    """A type alias's value (cut after ``_LONG_TYPE`` chars); interface members; the first enum members."""
    if node.type == "type_alias_declaration":
        return _shorten(_compact(node.child_by_field_name("value")))
    body = node.child_by_field_name("body")
    if body is None:
        return ""
    members = [_compact(m).rstrip(";,") for m in body.named_children if m.type != "comment"]
    if node.type != "enum_declaration":
        return "; ".join(members)
    more = len(members) - _ENUM_MEMBERS
    return ", ".join(members[:_ENUM_MEMBERS]) + (f", ... (+{more})" if more > 0 else "")


def _script_outline(root: ts.Node, brief: bool, offset: int, result: Outline) -> None:
    _ScriptOutliner(brief, offset, result).visit(root)


class _ScriptOutliner:
    """Adds a script's imports and symbols to ``result``: its declarations, classes and members,
    test blocks and routes; ``offset`` is the line a Vue script's block starts at."""

    def __init__(self, brief: bool, offset: int, result: Outline) -> None:
        self.brief = brief
        self.offset = offset
        self.result = result
        self.overloaded: set[str] = set()  # names declared by overload signatures

    def add(
        self, kind: str, name: str, node: ts.Node, exported: bool, signature: str = "", detail: str = ""
    ) -> None:
        self.result.symbols.append(
            CodeSymbol(
                kind=kind,
                name=name,
                signature=signature,
                detail="" if self.brief else detail,
                exported=exported,
                line=node.start_point[0] + 1 + self.offset,  # a Vue script's lines start where its block does
            )
        )

    def visit(self, node: ts.Node) -> None:
        for child in node.named_children:
            kind = child.type
            if kind == "import_statement":
                source = child.child_by_field_name("source")
                self.result.imports.append(ts.text(source).strip("'\"`"))
            elif kind in ("export_statement", "lexical_declaration", "variable_declaration"):
                self.visit(child)
            elif kind in ("function_declaration", "generator_function_declaration", "function_signature"):
                name = ts.field_text(child, "name")
                if kind == "function_signature":  # an overload: what callers see
                    self.overloaded.add(name)
                elif name in self.overloaded:  # the implementation after its overloads: not callable as such
                    continue
                self.add("function", name, child, _exported(child), _signature(child))
            elif kind in _TYPE_DECLS:
                self.add(
                    _TYPE_DECLS[kind],
                    ts.field_text(child, "name"),
                    child,
                    _exported(child),
                    _compact(child.child_by_field_name("type_parameters")),
                    detail=_type_detail(child),
                )
            elif kind in ("class_declaration", "abstract_class_declaration"):
                self.add_class(child)
            elif kind == "variable_declarator":
                name = _binding_name(child.child_by_field_name("name"))
                function = function_value(child.child_by_field_name("value"))
                if function is not None:
                    self.add("function", name, child, _exported(child), _signature(function))
                else:
                    self.add(
                        _declarator_kind(child),
                        name,
                        child,
                        _exported(child),
                        detail=_compact(child.child_by_field_name("type")).lstrip(": "),
                    )
            elif kind == "expression_statement" and child.named_children:
                self.blocks(child.named_children[0], "")

    def add_class(self, node: ts.Node) -> None:
        name = ts.field_text(node, "name")
        heritage = next((c for c in node.named_children if c.type == "class_heritage"), None)
        generics = _compact(node.child_by_field_name("type_parameters"))
        self.add("class", name, node, _exported(node), generics, detail=ts.squash(ts.text(heritage)))
        body = node.child_by_field_name("body")
        for member in body.named_children if body is not None else ():
            member_name = f"{name}.{ts.field_text(member, 'name')}"
            if member.type in ("method_definition", "abstract_method_signature", "method_signature"):
                if member.type == "method_signature":
                    self.overloaded.add(member_name)
                elif member_name in self.overloaded:
                    continue
                self.add("method", member_name, member, _member_exported(member), _signature(member))
            elif member.type in ("public_field_definition", "property_signature"):
                function = function_value(member.child_by_field_name("value"))
                if function is not None:  # `handle = (a) => ...`: a method, called as one
                    self.add("method", member_name, member, _member_exported(member), _signature(function))
                    continue
                self.add(
                    "property",
                    member_name,
                    member,
                    _member_exported(member),
                    detail=_compact(member.child_by_field_name("type")).lstrip(": "),
                )

    def blocks(self, node: ts.Node, owner: str) -> None:
        """Test blocks and routes (``describe``/``it``, ``app.get("/x")``), nested ones under their owner."""
        if node.type != "call_expression":
            return
        found = call_block(node)
        if found is None:
            return
        kind, title = found
        name = f"{owner}.{title}" if owner else title
        self.add(kind, name, node, True)
        arguments = node.child_by_field_name("arguments")
        body = (
            next((a for a in arguments.named_children if a.type in _FUNCTION_VALUES), None)
            if arguments
            else None
        )
        statements = body.child_by_field_name("body") if body is not None else None
        for statement in statements.named_children if statements is not None else ():
            if statement.type == "expression_statement" and statement.named_children:
                self.blocks(statement.named_children[0], name)


class _Script(NamedTuple):
    """A ``<script>`` block: its text, its line offset in the file, its grammar, whether it is ``setup``."""

    text: str
    offset: int
    grammar: str
    setup: bool
    generic: str  # `<script setup generic="T extends Item">`


def _script_grammar(attrs: str) -> str:
    return "tsx" if re.search(r"lang\s*=\s*['\"]tsx['\"]", attrs) else "typescript"


def _scripts(source: str) -> list[_Script]:
    """The script blocks, ``<script setup>`` first (it is the one the symbols are read from)."""
    found = [
        _Script(
            b.body(source),
            source.count("\n", 0, b.body_start),
            _script_grammar(b.attrs),
            "setup" in b.attrs,
            m[1] if (m := re.search(r"\bgeneric\s*=\s*\"([^\"]*)\"", b.attrs)) else "",
        )
        for b in _blocks(source)
        if b.name == "script"
    ]
    return sorted(found, key=lambda s: not s.setup)


def _declared_type(root: ts.Node, reference: ts.Node) -> list[ts.Node]:
    """``Props`` in ``defineProps<Props>()``: the members of the interface or object type of that name."""
    if reference.type != "type_identifier":
        return []
    wanted = ts.text(reference)
    for node in ts.descendants(root):
        if (
            node.type in ("interface_declaration", "type_alias_declaration")
            and ts.field_text(node, "name") == wanted
        ):
            body = node.child_by_field_name("body") or node.child_by_field_name("value")
            if body is not None and body.type in ("interface_body", "object_type"):
                return [body]
    return []


def _macro_calls(root: ts.Node, macro: str) -> Iterator[ts.Node]:
    return (
        c
        for c in ts.descendants(root)
        if c.type == "call_expression" and ts.field_text(c, "function") == macro
    )


def _macro_parts(root: ts.Node, call: ts.Node) -> list[ts.Node]:
    """The members a macro declares: of its object or array argument, its type argument, or the
    interface or type that argument names (``defineProps<Props>()``)."""
    arguments = [
        a
        for field in ("type_arguments", "arguments")
        if (args := call.child_by_field_name(field))
        for a in args.named_children
    ]
    containers = [
        c
        for a in arguments
        for c in ([a] if a.type in ("object", "object_type", "array") else _declared_type(root, a))
    ]
    return [p for c in containers[:1] for p in c.named_children if p.type != "comment"]


def _entry_name(entry: str) -> str:
    """``rows?: number[] = []`` -> ``rows``; ``change(id: number)`` -> ``change``."""
    return re.split(r"\?|: |\(| = ", entry, maxsplit=1)[0]  # an emit may be `option:selected`


def _short(value: str) -> str:
    return value if len(value) <= LONG_DEFAULT else "..."


def _runtime_prop(pair: ts.Node) -> str:
    """``title: String`` or ``rows: { type: Array, default: () => [] }`` as ``rows: Array = () => []``."""
    key = ts.text(pair.child_by_field_name("key")).strip("'\"")
    value = pair.child_by_field_name("value")
    if value is None:
        return key
    if value.type != "object":
        return f"{key}: {_compact(value)}"
    options = {
        ts.text(o.child_by_field_name("key")): o.child_by_field_name("value")
        for o in value.named_children
        if o.type == "pair"
    }
    typed = f"{key}: {_compact(options['type'])}" if options.get("type") is not None else key
    default = options.get("default")
    return typed + (f" = {_short(_compact(default))}" if default is not None else "")


def _macro_entries(root: ts.Node, macro: str) -> list[str]:
    """What ``defineProps``/``defineEmits``/``defineSlots`` declare, with their types as written:
    ``rows?: number[]`` (a type member), ``rows: Array = () => []`` (a runtime declaration),
    ``change(id: number)`` (an emit's call signature), ``saved`` (an array item)."""
    entries: list[str] = []
    for call in _macro_calls(root, macro):
        for part in _macro_parts(root, call):
            if part.type == "pair":
                entries.append(
                    _runtime_prop(part)
                    if macro == "defineProps"
                    else ts.text(part.child_by_field_name("key")).strip("'\"")
                )
            elif part.type in ("property_signature", "method_signature"):
                entries.append(_compact(part).rstrip(";,").removesuffix(": any").removesuffix(": void"))
            elif part.type == "shorthand_property_identifier":
                entries.append(ts.text(part))
            elif part.type == "string":
                entries.append(ts.text(part).strip("'\"`"))
            elif part.type == "call_signature":  # (e: 'change', id: number): void
                params = part.child_by_field_name("parameters")
                named = params.named_children if params is not None else []
                literal = (
                    next((d for d in ts.descendants(named[0]) if d.type == "string_fragment"), None)
                    if named
                    else None
                )
                if literal is not None:
                    rest = ", ".join(_compact(n) for n in named[1:])
                    entries.append(f"{ts.text(literal)}({rest})")
    return entries


def _with_defaults(root: ts.Node, props: list[str]) -> list[str]:
    """``withDefaults(defineProps<P>(), { rows: () => [] })``: each prop with its default."""
    defaults: dict[str, str] = {}
    for call in _macro_calls(root, "withDefaults"):
        arguments = call.child_by_field_name("arguments")
        given = (
            arguments.named_children[1]
            if arguments is not None and len(arguments.named_children) > 1
            else None
        )
        for pair in given.named_children if given is not None and given.type == "object" else ():
            if pair.type == "pair":
                defaults[ts.text(pair.child_by_field_name("key")).strip("'\"")] = _short(
                    _compact(pair.child_by_field_name("value"))
                )
    return [
        f"{p} = {defaults[_entry_name(p)]}" if _entry_name(p) in defaults and "=" not in p else p
        for p in props
    ]


def _models(root: ts.Node) -> list[str]:
    """``defineModel<string>('title')`` as ``title: string`` (no name: ``modelValue``)."""
    found = []
    for call in _macro_calls(root, "defineModel"):
        arguments = call.child_by_field_name("arguments")
        first = next((a for a in arguments.named_children if a.type == "string"), None) if arguments else None
        name = ts.text(first).strip("'\"") if first is not None else "modelValue"
        typed = _compact(call.child_by_field_name("type_arguments")).removeprefix("<").removesuffix(">")
        found.append(f"{name}: {typed}" if typed else name)
    return found


def _exposed(root: ts.Node) -> list[str]:
    """The keys of ``defineExpose({ open, close: hide })``."""
    return [
        _entry_name(entry)
        for call in _macro_calls(root, "defineExpose")
        for entry in (
            ts.text(p.child_by_field_name("key") or p)
            for p in _macro_parts(root, call)
            if p.type in ("pair", "shorthand_property_identifier", "method_definition")
        )
    ]


def _vue_info(path: PurePath, source: str, roots: list[ts.Node], generic: str) -> VueInfo:
    component = path.stem
    info = VueInfo(component=component, generic=generic)
    template = next((b.body(source) for b in _blocks(source) if b.name == "template"), "")
    tags = {t for t in _TAG.findall(template) if t != component and t != "Teleport"}
    emitted = _EMIT.findall(source)  # this.$emit('x') in a script, $emit('x') in the template
    for root in roots:
        # <script setup>'s macros, and the Options API's component object (its keys are the names)
        info.props += _with_defaults(root, _macro_entries(root, "defineProps"))
        info.emits += _macro_entries(root, "defineEmits")
        info.slots += _macro_entries(root, "defineSlots")
        info.exposes += _exposed(root)
        info.models += _models(root)
        for option, names in component_options(root).items():
            setattr(info, option, [*getattr(info, option), *names])
        for call in (c for c in ts.descendants(root) if c.type == "call_expression"):
            callee = ts.field_text(call, "function")
            if re.fullmatch(r"use[A-Z]\w*", callee):
                info.composables.append(callee)
    declared = {_entry_name(e) for e in info.emits}
    info.emits += [e for e in emitted if e not in declared]
    for option in ("props", "emits", "composables", *OPTIONS):
        entries = getattr(info, option)
        seen: dict[str, str] = {}
        for entry in entries:
            seen.setdefault(_entry_name(entry) if option in ("props", "emits") else entry, entry)
        setattr(info, option, list(seen.values()))
    info.components = sorted(tags | set(info.components))
    return info


def outline(source: str, brief: bool, path: PurePath) -> Outline:
    """Imports, functions, classes (with members), interfaces, types, enums, consts; Vue props and more."""
    result = Outline()
    if (grammar := grammar_for(path.suffix)) is not None:
        _script_outline(ts.parse(grammar, source.encode()), brief, 0, result)
        return result
    scripts = _scripts(source)
    roots = [ts.parse(script.grammar, script.text.encode()) for script in scripts]
    if roots:  # the symbols of one script: <script setup> when there is one
        _script_outline(roots[0], brief, scripts[0].offset, result)
        for option, name, member, function in option_functions(roots[0]):  # the Options API's
            result.symbols.append(
                CodeSymbol(
                    kind="method" if option == "methods" else "computed",
                    name=name,
                    signature=_signature(function),
                    line=member.start_point[0] + 1 + scripts[0].offset,
                )
            )
    result.vue = _vue_info(path, source, roots, scripts[0].generic if scripts else "")
    return result


def scopes(source: str, path: PurePath) -> list[Scope]:
    """Declaration spans; for Vue, the script's spans at their real lines plus one scope per block."""
    if (grammar := grammar_for(path.suffix)) is not None:
        return ts.collect_scopes(ts.parse(grammar, source), classify)
    found: list[Scope] = []
    for block in _blocks(source):
        start = source.count("\n", 0, block.start) + 1
        end = start + source.count("\n", block.start, block.end)
        found.append(Scope(start=start, end=end, kind="block", name=block.name, first=start))
    for script in _scripts(source):
        found.extend(ts.collect_scopes(ts.parse(script.grammar, script.text), classify, script.offset))
    return found


def enclosing(source: str, path: PurePath, points: dict[int, int]) -> dict[int, Scope | None]:
    """The innermost declaration around each point; in a Vue file, around a script's points, else
    the block (``block template``)."""
    if (grammar := grammar_for(path.suffix)) is not None:
        return ts.enclosing_lines(ts.parsed(grammar, source), points, classify)
    found: dict[int, Scope | None] = {}
    for block, whole, body, offset in _laid_out(source):
        inside = {line: col for line, col in points.items() if whole.start <= line <= whole.end}
        if not inside:
            continue
        found.update(dict.fromkeys(inside, whole))
        if block.name == "script":
            tree = ts.parsed(_script_grammar(block.attrs), body)
            for line, scope in ts.enclosing_lines(tree, inside, classify, offset).items():
                found[line] = scope or whole
    return {line: found.get(line) for line in points}


@functools.lru_cache(maxsize=128)  # a warm server's held file is the same str each call: found at once
def _laid_out(source: str) -> tuple[tuple[_Block, Scope, str, int], ...]:
    """A component's blocks, each with its span as a scope, its body and the lines before the body
    (the same body ``str`` each time, so its parsed tree is found without hashing it again)."""
    laid = []
    for block in _blocks(source):
        start = source.count("\n", 0, block.start) + 1
        end = start + source.count("\n", block.start, block.end)
        whole = Scope(start=start, end=end, kind="block", name=block.name, first=start)
        laid.append((block, whole, block.body(source), source.count("\n", 0, block.body_start)))
    return tuple(laid)
