"""Go: outlines, definitions and scopes from the tree-sitter Go grammar."""

from __future__ import annotations

from . import treesitter as ts
from .outline import CodeSymbol, Outline, Scope


def _exported(name: str) -> bool:
    return name[:1].isupper()


def _receiver(node: ts.Node) -> str:
    """``(s *Server)`` -> ``Server``; ``(c Cache[T])`` -> ``Cache``."""
    params = node.child_by_field_name("receiver")
    for param in params.named_children if params is not None else ():
        kind = param.child_by_field_name("type")
        while kind is not None and kind.type in ("pointer_type", "generic_type", "parenthesized_type"):
            kind = kind.child_by_field_name("type") or (
                kind.named_children[0] if kind.named_children else None
            )
        return ts.text(kind)
    return ""


def _signature(node: ts.Node) -> str:
    """``[K comparable](m map[K]V) []V``: type parameters, parameters and result, as written."""
    result = ts.field_text(node, "result")
    generics = ts.squash(ts.field_text(node, "type_parameters"))
    return (
        generics + ts.squash(ts.field_text(node, "parameters")) + (f" {ts.squash(result)}" if result else "")
    )


def _receiver_as_written(node: ts.Node) -> str:
    """``(c *Cache[K, V])``: a method's receiver, pointer or value, as the source has it."""
    return ts.squash(ts.field_text(node, "receiver"))


def _type_kind(spec: ts.Node) -> str:
    body = spec.child_by_field_name("type")
    if spec.type == "type_alias":
        return "alias"
    return {"struct_type": "struct", "interface_type": "interface"}.get(
        body.type if body is not None else "", "type"
    )


def _type_detail(spec: ts.Node) -> str:
    body = spec.child_by_field_name("type")
    if body is None:
        return ""
    if body.type in ("struct_type", "interface_type"):
        members = [
            c
            for n in body.named_children
            for c in ([n] if n.type != "field_declaration_list" else n.named_children)
            if c.type != "comment"
        ]
        return "; ".join(ts.squash(ts.text(m)) for m in members)
    return ts.squash(ts.text(body))


def classify(node: ts.Node) -> tuple[str, str] | None:
    if node.type == "function_declaration":
        return "function", ts.field_text(node, "name")
    if node.type == "method_declaration":
        return "method", f"{_receiver(node)}.{ts.field_text(node, 'name')}"
    if node.type in ("type_spec", "type_alias"):
        return _type_kind(node), ts.field_text(node, "name")
    if node.type in ("const_spec", "var_spec") and _package_level(node):
        names = [ts.text(n) for n in node.children_by_field_name("name") if n.is_named]
        return ("const" if node.type == "const_spec" else "var"), ", ".join(names)
    return None


def _package_level(spec: ts.Node) -> bool:
    """A ``const``/``var`` spec of the package (not a function's local), also inside ``var (...)``."""
    node = spec.parent
    while node is not None and node.type in ("const_declaration", "var_declaration", "var_spec_list"):
        node = node.parent
    return node is not None and node.type == "source_file"


def outline(source: str, brief: bool) -> Outline:
    """Package, imports, types (fields or methods as detail), functions, methods, consts and vars."""
    root = ts.parse("go", source.encode())
    result = Outline()
    for node in root.named_children:
        if node.type == "package_clause":
            result.package = ts.text(node.named_children[0]) if node.named_children else ""
        elif node.type == "import_declaration":
            for spec in ts.descendants(node):
                if spec.type == "import_spec":
                    alias = ts.field_text(spec, "name")
                    path = ts.field_text(spec, "path").strip('"`')
                    result.imports.append(f"{alias} {path}" if alias else path)
        elif node.type in ("function_declaration", "method_declaration"):
            kind, name = classify(node) or ("", "")
            result.symbols.append(
                CodeSymbol(
                    kind=kind,
                    name=name,
                    signature=_signature(node),
                    detail=_receiver_as_written(node),
                    exported=_exported(ts.field_text(node, "name")),
                    line=node.start_point[0] + 1,
                )
            )
        elif node.type == "type_declaration":
            for spec in node.named_children:
                if spec.type in ("type_spec", "type_alias"):
                    name = ts.field_text(spec, "name")
                    result.symbols.append(
                        CodeSymbol(
                            kind=_type_kind(spec),
                            name=name,
                            signature=ts.squash(ts.field_text(spec, "type_parameters")),
                            detail="" if brief else _type_detail(spec),
                            exported=_exported(name),
                            line=spec.start_point[0] + 1,
                        )
                    )
        elif node.type in ("const_declaration", "var_declaration"):
            for spec in ts.descendants(node):
                if spec.type in ("const_spec", "var_spec"):
                    kind = "const" if spec.type == "const_spec" else "var"
                    for name_node in (n for n in spec.children_by_field_name("name") if n.is_named):
                        name = ts.text(name_node)
                        result.symbols.append(
                            CodeSymbol(
                                kind=kind,
                                name=name,
                                detail="" if brief else ts.squash(ts.field_text(spec, "type")),
                                exported=_exported(name),
                                line=spec.start_point[0] + 1,
                            )
                        )
    return result


def scopes(source: str) -> list[Scope]:
    """Functions, methods and types with their spans and doc comments."""
    return ts.collect_scopes(ts.parse("go", source.encode()), classify)


definitions = scopes
