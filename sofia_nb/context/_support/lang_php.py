"""PHP: outlines, scopes and the public API surface (own, trait and inherited methods) via tree-sitter-php."""

from __future__ import annotations

import json
from pathlib import Path

from . import treesitter as ts
from .errors import ContextError
from .outline import CodeSymbol, Outline, Scope
from .roots import resolve_path
from .source import lenient

_TYPES = {
    "class_declaration": "class",
    "interface_declaration": "interface",
    "trait_declaration": "trait",
    "enum_declaration": "enum",
}
_MAX_API_DEPTH = 8  # trait and parent chains deeper than this are almost surely cycles


def _visibility(node: ts.Node) -> str:
    modifier = next((c for c in node.named_children if c.type == "visibility_modifier"), None)
    return ts.text(modifier) or "public"


def _modifiers(node: ts.Node) -> list[str]:
    return [
        ts.text(c)
        for c in node.named_children
        if c.type in ("abstract_modifier", "final_modifier", "static_modifier", "readonly_modifier")
    ]


def _signature(node: ts.Node) -> str:
    returns = ts.field_text(node, "return_type")
    return ts.squash(ts.field_text(node, "parameters")) + (f": {returns}" if returns else "")


def classify(node: ts.Node) -> tuple[str, str] | None:
    if node.type in _TYPES:
        return _TYPES[node.type], ts.field_text(node, "name")
    if node.type in ("method_declaration", "function_definition"):
        return ("method" if node.type == "method_declaration" else "function"), ts.field_text(node, "name")
    if node.type in ("property_declaration", "const_declaration"):
        elements = [e for e in node.named_children if e.type in ("property_element", "const_element")]
        if not elements:
            return None
        kind = "property" if node.type == "property_declaration" else "const"
        return kind, ", ".join(ts.text(e.named_children[0]) for e in elements)
    if node.type == "enum_case":
        return "case", ts.field_text(node, "name")
    if node.type == "scoped_call_expression":
        return _route(node)
    if node.type == "array_element_initializer" and (key := _returned_key(node)):
        return "key", key
    return None


def _returned_key(element: ts.Node) -> str:
    """The key of an entry of the array a file returns (``return ['failed' => '...']``: a Laravel
    translation or configuration file), ``""`` for any other array element."""
    array = element.parent
    statement = array.parent if array is not None else None
    if statement is None or statement.type != "return_statement" or statement.parent is None:
        return ""
    if statement.parent.type != "program" or not any(c.type == "=>" for c in element.children):
        return ""
    key = element.named_children[0]
    return ts.text(key).strip("'\"") if key.type in ("string", "encapsed_string", "integer") else ""


_ROUTE_VERBS = frozenset(
    {
        "get",
        "post",
        "put",
        "patch",
        "delete",
        "options",
        "any",
        "match",
        "view",
        "redirect",
        "resource",
        "apiResource",
    }
)


def _route(call: ts.Node) -> tuple[str, str] | None:
    """``Route::get('/users', ...)`` as ``("route", "GET /users")``, under the prefixes of its groups."""
    scope, verb = ts.field_text(call, "scope"), ts.field_text(call, "name")
    if scope.lstrip("\\").rsplit("\\", 1)[-1] != "Route" or verb not in _ROUTE_VERBS:
        return None
    arguments = call.child_by_field_name("arguments")
    strings = (
        [ts.text(a.named_children[0]) for a in arguments.named_children if a.named_children]
        if arguments
        else []
    )
    if not strings or strings[0][:1] not in ("'", '"'):
        return None
    path = strings[0][1:-1]
    prefix = _group_prefix(call)
    full = "/" + "/".join(p.strip("/") for p in (*prefix, path) if p.strip("/"))
    label = verb.upper() if verb in ("get", "post", "put", "patch", "delete", "options", "any") else verb
    return "route", f"{label} {full}"


def _group_prefix(node: ts.Node) -> list[str]:
    """The ``prefix('admin')`` of every ``->group(function () {...})`` around a route, outermost first."""
    found: list[str] = []
    parent = node.parent
    while parent is not None:
        if parent.type == "member_call_expression" and ts.field_text(parent, "name") == "group":
            chain = parent.child_by_field_name("object")
            while chain is not None and chain.type in ("member_call_expression", "scoped_call_expression"):
                if ts.field_text(chain, "name") == "prefix":
                    arguments = chain.child_by_field_name("arguments")
                    text = (
                        ts.text(arguments.named_children[0]) if arguments and arguments.named_children else ""
                    )
                    found.insert(0, text.strip("'\""))
                chain = chain.child_by_field_name("object") or chain.child_by_field_name("scope")
        parent = parent.parent
    return found


def _attributes(node: ts.Node) -> str:
    """``#[Test] #[DataProvider(...)]``: a declaration's attributes by name, their arguments elided
    (as Python decorators are shown)."""
    lists = node.child_by_field_name("attributes")
    names = []
    for attribute in ts.descendants(lists) if lists is not None else ():
        if attribute.type == "attribute" and attribute.named_children:
            elided = "(...)" if len(attribute.named_children) > 1 else ""
            names.append(f"#[{ts.text(attribute.named_children[0])}{elided}]")
    return " ".join(names)


class _Names:
    """Resolves class names the way PHP does: ``use`` aliases, then the current namespace."""

    def __init__(self, root: ts.Node) -> None:
        self.namespace = ""
        self.uses: dict[str, str] = {}
        for node in root.named_children:
            if node.type == "namespace_definition":
                self.namespace = ts.field_text(node, "name")
            elif node.type == "namespace_use_declaration":
                for clause in node.named_children:
                    if clause.type == "namespace_use_clause":
                        parts = [c for c in clause.named_children if c.type in ("qualified_name", "name")]
                        if parts:
                            full = ts.text(parts[0]).lstrip("\\")
                            alias = ts.text(parts[1]) if len(parts) > 1 else full.rsplit("\\", 1)[-1]
                            self.uses[alias] = full

    def resolve(self, name: str) -> str:
        if name.startswith("\\"):
            return name[1:]
        head, _, rest = name.partition("\\")
        if head in self.uses:
            return self.uses[head] + (f"\\{rest}" if rest else "")
        return f"{self.namespace}\\{name}" if self.namespace else name


def _traits(node: ts.Node, names: _Names) -> list[str]:
    """The fully qualified traits a class body pulls in with ``use``."""
    body = node.child_by_field_name("body")
    return [
        names.resolve(ts.text(n))
        for d in (body.named_children if body is not None else ())
        if d.type == "use_declaration"
        for n in d.named_children
        if n.type in ("name", "qualified_name")
    ]


def _type_detail(node: ts.Node, names: _Names) -> str:
    parts = [a for a in [_attributes(node)] if a] + _modifiers(node)
    for child in node.named_children:
        if child.type == "base_clause":
            parts.append("extends " + ", ".join(names.resolve(ts.text(n)) for n in child.named_children))
        elif child.type == "class_interface_clause":
            parts.append("implements " + ", ".join(names.resolve(ts.text(n)) for n in child.named_children))
    if traits := _traits(node, names):
        parts.append("uses " + ", ".join(traits))
    return " ".join(parts)


def _members(node: ts.Node, owner: str, brief: bool) -> list[CodeSymbol]:
    body = node.child_by_field_name("body")
    found: list[CodeSymbol] = []
    for member in body.named_children if body is not None else ():
        if member.type == "method_declaration":
            visibility = _visibility(member)
            found.append(
                CodeSymbol(
                    kind="method",
                    name=f"{owner}.{ts.field_text(member, 'name')}",
                    signature=_signature(member),
                    detail=" ".join([a for a in [_attributes(member)] if a] + _modifiers(member)),
                    exported=visibility == "public",
                    line=member.start_point[0] + 1,
                )
            )
        elif member.type in ("property_declaration", "const_declaration") and not (
            brief and member.type == "property_declaration"
        ):
            kind, names = classify(member) or ("", "")
            if names:
                found.append(
                    CodeSymbol(
                        kind=kind,
                        name=f"{owner}.{names}",
                        detail=ts.field_text(member, "type"),
                        exported=_visibility(member) == "public",
                        line=member.start_point[0] + 1,
                    )
                )
        elif member.type == "enum_case":
            value = "" if brief else ts.field_text(member, "value")
            found.append(
                CodeSymbol(
                    kind="case",
                    name=f"{owner}.{ts.field_text(member, 'name')}",
                    detail=value,
                    line=member.start_point[0] + 1,
                )
            )
    return found


def outline(source: str, brief: bool) -> Outline:
    """Namespace, ``use`` imports, classes/interfaces/traits/enums with members, and functions."""
    root = ts.parse("php", source.encode())
    names = _Names(root)
    result = Outline(package=names.namespace, imports=list(names.uses.values()))
    for node in ts.descendants(root):
        if node.type in _TYPES:
            name = ts.field_text(node, "name")
            result.symbols.append(
                CodeSymbol(
                    kind=_TYPES[node.type],
                    name=name,
                    detail=_type_detail(node, names),
                    line=node.start_point[0] + 1,
                )
            )
            result.symbols.extend(_members(node, name, brief))
        elif node.type == "function_definition":
            result.symbols.append(
                CodeSymbol(
                    kind="function",
                    name=ts.field_text(node, "name"),
                    signature=_signature(node),
                    line=node.start_point[0] + 1,
                )
            )
        elif node.type == "array_element_initializer" and (key := _returned_key(node)):
            value = node.named_children[-1]
            entries = sum(1 for e in value.named_children if e.type == "array_element_initializer")
            detail = f"({entries} entries)" if entries and not brief else ""
            result.symbols.append(
                CodeSymbol(kind="key", name=key, detail=detail, line=node.start_point[0] + 1)
            )
        elif node.type == "scoped_call_expression" and (route := _route(node)) is not None:
            arguments = node.child_by_field_name("arguments")
            handler = (
                arguments.named_children[1]
                if arguments is not None and len(arguments.named_children) > 1
                else None
            )
            detail = "" if brief else _handler(handler)
            result.symbols.append(
                CodeSymbol(kind=route[0], name=route[1], detail=detail, line=node.start_point[0] + 1)
            )
    return result


def _handler(argument: ts.Node | None) -> str:
    """A route's handler in few tokens: ``UserController@index``, ``UserController``, ``closure``."""
    if argument is None:
        return ""
    text = ts.squash(ts.text(argument))
    classes = [ts.text(n) for n in ts.descendants(argument) if n.type == "class_constant_access_expression"]
    methods = [ts.text(n).strip("'\"") for n in ts.descendants(argument) if n.type == "string"]
    if classes:
        owner = classes[0].removesuffix("::class")
        return f"{owner}@{methods[0]}" if methods else owner
    if "function" in text or text.startswith("fn"):
        return "closure"
    return text if len(text) <= 40 else text[:40] + "..."


def scopes(source: str) -> list[Scope]:
    """Classes, interfaces, traits, enums, methods and functions with their spans."""
    return ts.collect_scopes(ts.parse("php", source.encode()), classify)


definitions = scopes


def _psr4(start: Path) -> list[tuple[str, Path]]:
    """PSR-4 prefixes from the nearest ``composer.json`` above ``start``, longest prefix first."""
    for folder in (start, *start.parents):
        manifest = folder / "composer.json"
        if manifest.is_file():
            try:
                data = json.loads(manifest.read_text(encoding="utf-8"))
            except (OSError, ValueError):
                return []
            pairs = []
            for section in ("autoload", "autoload-dev"):
                for prefix, dirs in ((data.get(section) or {}).get("psr-4") or {}).items():
                    for d in [dirs] if isinstance(dirs, str) else dirs:
                        pairs.append((prefix, folder / d))
            return sorted(pairs, key=lambda p: -len(p[0]))
    return []


def _locate(fqcn: str, origin: Path, namespace: str) -> Path | None:
    candidates = [
        base / (fqcn[len(prefix) :].replace("\\", "/") + ".php")
        for prefix, base in _psr4(origin.parent)
        if fqcn.startswith(prefix)
    ]
    if fqcn.rpartition("\\")[0] == namespace:
        candidates.append(origin.parent / (fqcn.rpartition("\\")[2] + ".php"))
    for candidate in candidates:
        try:
            real = resolve_path(candidate)
        except ContextError:
            continue
        if real.is_file():
            return real
    return None


def api_surface(path: Path, source: str) -> tuple[list[CodeSymbol], list[str]]:
    """Each type's effective public methods: own, then traits (recursively), then parents; first wins.

    Returns the methods (``detail`` names where inherited ones come from) and notes for names that
    could not be found.
    """
    notes: list[str] = []

    def surface(file: Path, text: str, depth: int) -> dict[str, list[CodeSymbol]]:
        root = ts.parse("php", text.encode())
        names = _Names(root)
        result: dict[str, list[CodeSymbol]] = {}
        for node in ts.descendants(root):
            if node.type not in _TYPES:
                continue
            owner = ts.field_text(node, "name")
            methods = {
                m.name.split(".", 1)[1]: m
                for m in _members(node, owner, True)
                if m.kind == "method" and m.exported
            }
            traits = _traits(node, names)
            base = next((c for c in node.named_children if c.type == "base_clause"), None)
            parents = [names.resolve(ts.text(n)) for n in (base.named_children if base is not None else ())]
            for source_name in [*traits, *parents]:
                inherited = borrowed(source_name, file, names.namespace, depth)
                for method in inherited:
                    short = method.name.split(".", 1)[1]
                    methods.setdefault(
                        short,
                        method.model_copy(
                            update={
                                "name": f"{owner}.{short}",
                                "detail": method.detail or f"from {source_name}",
                            }
                        ),
                    )
            result[owner] = list(methods.values())
        return result

    def borrowed(fqcn: str, origin: Path, namespace: str, depth: int) -> list[CodeSymbol]:
        located = _locate(fqcn, origin, namespace) if depth < _MAX_API_DEPTH else None
        if located is None:
            notes.append(
                f"{fqcn}: not found under the allowed roots (PSR-4 or same folder); its methods are missing"
            )
            return []
        short = fqcn.rpartition("\\")[2]
        return surface(located, lenient(located.read_bytes()), depth + 1).get(short, [])

    own = surface(path, source, 0)
    return [m for methods in own.values() for m in methods], notes
