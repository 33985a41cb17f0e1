"""Python: outlines and definitions from the stdlib ``ast``; enclosing scopes from tree-sitter-python.

Two readers on purpose: ``ast`` gives what a summary shows (signatures, decorators, annotations);
grep's and refs' labels come from tree-sitter, which parses only the files holding returned hits (a
big one around them), keeps a warm server's trees, and recovers around a syntax error.
"""

from __future__ import annotations

import ast
import copy
import itertools
from collections.abc import Callable, Iterator

from . import treesitter as ts
from .errors import ContextError
from .outline import LONG_DEFAULT, CodeSymbol, Outline, Scope


def _parse(source: str) -> ast.Module:
    """The module; one that does not parse is read block by block (see :func:`_recover`)."""
    try:
        return ast.parse(source)
    except (SyntaxError, ValueError) as exc:
        module = _recover(source, exc)
        if not module.body:
            raise ContextError(f"not valid Python: {exc}") from None
        return module


class _Broken(ast.Module):
    """A module read around its syntax errors: what parsed, and which lines did not."""

    unparsed: list[tuple[int, int]]
    error: str


_HEADER_LINES = 20  # a def or class header spans at most this many lines


def _recover(source: str, error: Exception) -> _Broken:
    """What parses of a file that ``ast`` refuses: each top-level block (a line at column 0 starts
    one, decorators go with what they decorate) parsed alone at its own lines; a class or function
    whose body does not parse keeps its header and, for a class, every member that does parse.

    ``ast`` stops at the first error, which would leave a file with one missing ``)`` without a
    summary; the blocks before and after it are as valid as they were.
    """
    lines = source.splitlines(keepends=True)
    module = _Broken(body=[], type_ignores=[])
    module.unparsed, module.error = [], str(error)
    for start, end in _blocks(lines, 0, len(lines), 0):
        module.body.extend(_parse_block(lines, start, end, 0, module.unparsed) or [])
    return module


def _blocks(lines: list[str], start: int, end: int, indent: int) -> list[tuple[int, int]]:
    """Line ranges (0-based, end exclusive) of the statements at ``indent`` between ``start`` and ``end``."""
    starts: list[int] = []
    decorated = False
    quote = ""  # the triple quote of a string the line is in: its lines at any column start nothing
    for i in range(start, end):
        line = lines[i]
        if quote:
            quote = "" if line.count(quote) % 2 else quote
            continue
        quote = next((q for q in ('"""', "'''") if line.count(q) % 2), "")
        body = line.lstrip()
        if not body.strip() or len(line) - len(body) != indent or body[0] in "#)]}":
            continue
        if not decorated:
            starts.append(i)
        decorated = body.startswith("@")
    bounds = [*starts, end]
    return [(a, _last_code(lines, a, b)) for a, b in itertools.pairwise(bounds)]


def _last_code(lines: list[str], start: int, end: int) -> int:
    while end > start + 1 and not lines[end - 1].strip():
        end -= 1
    return end


def _parse_at(text: str, first: int) -> list[ast.stmt] | None:
    """``text`` parsed as if it started at line ``first + 1`` (0-based ``first``); None when it does not."""
    try:
        return ast.parse("\n" * first + text).body
    except (SyntaxError, ValueError):
        return None


def _dedented(indent: int) -> Callable[[str], str]:
    """A line without the block's indent; a line with less (a string's, at column 0) as it is; a
    blank line kept as a line end (the lines after it keep their numbers)."""

    def dedent(line: str) -> str:
        if len(line) > indent and line[:indent].isspace():
            return line[indent:]
        return line if line.strip() else line[len(line.rstrip("\r\n")) :]

    return dedent


def _parse_block(
    lines: list[str], start: int, end: int, indent: int, unparsed: list[tuple[int, int]]
) -> list[ast.stmt] | None:
    """The statements of lines ``start``..``end`` at ``indent``; what does not parse goes to ``unparsed``."""
    text = "".join(map(_dedented(indent), lines[start:end]))
    parsed = _parse_at(text, start)
    if parsed is not None:
        return parsed
    # A def or class whose body has the error: its header (with `pass` for a body), members that parse.
    for header_end in range(start + 1, min(end, start + _HEADER_LINES) + 1):
        header = "".join(map(_dedented(indent), lines[start:header_end]))
        parsed = _parse_at(header + " " * 4 + "pass\n", start)
        if not parsed or not isinstance(parsed[-1], ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        node = parsed[-1]
        node.end_lineno = end
        if isinstance(node, ast.ClassDef):
            inner = next((len(x) - len(x.lstrip()) for x in lines[header_end:end] if x.strip()), indent + 4)
            node.body = [
                stmt
                for a, b in _blocks(lines, header_end, end, inner)
                for stmt in (_parse_block(lines, a, b, inner, unparsed) or [])
            ] or node.body
        else:
            unparsed.append((header_end + 1, end))
        return parsed
    unparsed.append((start + 1, end))
    return None


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements of a body, and of the ``if``/``try``/``with``/loop/``match`` blocks in it
    (not of its functions and classes): declarations under ``if TYPE_CHECKING:`` or a platform
    branch are the module's or the class's as much as those beside them."""
    for node in body:
        yield node
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        for field in ("body", "orelse", "finalbody"):
            inner = getattr(node, field, None)
            if isinstance(inner, list):
                yield from _statements(inner)
        for handler in getattr(node, "handlers", None) or ():
            yield from _statements(handler.body)
        for case in getattr(node, "cases", None) or ():
            yield from _statements(case.body)


def _exported(name: str) -> bool:
    return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))


def _signature(node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool = False) -> str:
    """``(a: int, *, b=1) -> str``; a method's ``self``/``cls`` is left out (it says nothing)."""
    args = node.args
    positional = args.posonlyargs or args.args
    if method and positional and positional[0].arg in ("self", "cls"):
        args = copy.copy(args)
        if args.posonlyargs:
            args.posonlyargs = args.posonlyargs[1:]
        else:
            args.args = args.args[1:]
    sig = f"({ast.unparse(_short_defaults(args))})"
    if node.returns is not None:
        sig += f" -> {ast.unparse(node.returns)}"
    return ("async " if isinstance(node, ast.AsyncFunctionDef) else "") + sig


def _decorators(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> str:
    """Each decorator by name, its arguments elided: ``@pytest.mark.parametrize(...)``, ``@property``.

    What a decorator does is in its name; its arguments (parametrize tables, route options) are data
    that can cost more than the function they wrap.
    """
    return " ".join(
        f"@{ast.unparse(d.func)}(...)" if isinstance(d, ast.Call) else f"@{ast.unparse(d)}"
        for d in node.decorator_list
    )


def _short_defaults(args: ast.arguments) -> ast.arguments:
    """``args`` with every default longer than :data:`LONG_DEFAULT` characters shown as ``...``."""

    def short(value: ast.expr | None) -> ast.expr | None:
        long = value is not None and len(ast.unparse(value)) > LONG_DEFAULT
        return ast.Constant(value=...) if long else value

    args = copy.copy(args)
    args.defaults = [d for d in map(short, args.defaults) if d is not None]
    args.kw_defaults = list(map(short, args.kw_defaults))
    return args


def _import(node: ast.Import | ast.ImportFrom) -> str:
    names = ", ".join(a.name + (f" as {a.asname}" if a.asname else "") for a in node.names)
    if isinstance(node, ast.Import):
        return names
    return f"{'.' * node.level}{node.module or ''}: {names}"


def _targets(node: ast.Assign | ast.AnnAssign) -> list[str]:
    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
    return [t.id for t in targets if isinstance(t, ast.Name)]


def _is_overload(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(ast.unparse(d) in ("overload", "typing.overload", "t.overload") for d in node.decorator_list)


def outline(source: str, brief: bool) -> Outline:
    """Imports, classes (with methods and annotated fields), functions and module variables.

    Two things are left out as repetition: the implementation after ``@overload`` signatures (the
    overloads are what callers see), and a class attribute that only sets a value for a name a base
    class in the same file already lists (pydantic's ``msg_template = '...'`` in each error class).
    """
    tree = _parse(source)
    result = Outline()
    fields: dict[str, set[str]] = {}  # class -> the attribute names it and its bases in this file list

    def add_body(body: list[ast.stmt], owner: str, inherited: set[str]) -> None:
        overloaded: set[str] = set()
        for node in _statements(body):
            if isinstance(node, ast.Import | ast.ImportFrom) and not owner:
                result.imports.append(_import(node))
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                if _is_overload(node):
                    overloaded.add(node.name)
                elif node.name in overloaded:
                    continue
                result.symbols.append(
                    CodeSymbol(
                        kind="method" if owner else "function",
                        name=f"{owner}.{node.name}" if owner else node.name,
                        signature=_signature(node, method=bool(owner)),
                        detail="" if brief else _decorators(node),
                        exported=_exported(node.name),
                        line=node.lineno,
                    )
                )
            elif isinstance(node, ast.ClassDef):
                name = f"{owner}.{node.name}" if owner else node.name
                bases = ", ".join(ast.unparse(b) for b in [*node.bases, *node.keywords])
                detail = " ".join(p for p in (f"({bases})" if bases else "", _decorators(node)) if p)
                result.symbols.append(
                    CodeSymbol(
                        kind="class",
                        name=name,
                        detail="" if brief else detail,
                        exported=_exported(node.name),
                        line=node.lineno,
                    )
                )
                from_bases = {f for b in node.bases for f in fields.get(ast.unparse(b), ())}
                add_body(node.body, name, from_bases)
                fields[name] = from_bases | {
                    t
                    for n in _statements(node.body)
                    if isinstance(n, ast.Assign | ast.AnnAssign)
                    for t in _targets(n)
                }
            elif isinstance(node, ast.Assign | ast.AnnAssign):
                annotation = ast.unparse(node.annotation) if isinstance(node, ast.AnnAssign) else ""
                for target in _targets(node):
                    if owner and not annotation and target in inherited:  # a base's field, given a value
                        continue
                    kind = "field" if owner else ("const" if target.isupper() else "var")
                    result.symbols.append(
                        CodeSymbol(
                            kind=kind,
                            name=f"{owner}.{target}" if owner else target,
                            detail="" if brief else annotation,
                            exported=_exported(target),
                            line=node.lineno,
                        )
                    )

    add_body(tree.body, "", set())
    if isinstance(tree, _Broken):
        spans = ", ".join(f"{a}-{b}" if a != b else str(a) for a, b in tree.unparsed)
        result.notes.append(f"does not parse ({tree.error}); summarised around it: lines {spans} left out")
    return result


def definitions(source: str) -> list[Scope]:
    """Every class, function, field, constant and variable the summary lists, with its exact span
    (decorators included in ``first``)."""
    scopes: list[Scope] = []
    _visit(_parse(source).body, "", False, scopes)
    return scopes


def _visit(body: list[ast.stmt], owner: str, in_class: bool, scopes: list[Scope]) -> None:
    """:func:`definitions` of one body, into ``scopes`` (a module function: a nested one that calls
    itself is a reference cycle, left for the garbage collector on every call)."""
    for node in _statements(body):
        if isinstance(node, ast.Assign | ast.AnnAssign) and (in_class or not owner):
            for target in _targets(node):
                kind = "field" if in_class else ("const" if target.isupper() else "var")
                scopes.append(
                    Scope(
                        start=node.lineno,
                        end=node.end_lineno or node.lineno,
                        kind=kind,
                        name=f"{owner}.{target}" if owner else target,
                        first=node.lineno,
                    )
                )
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            name = f"{owner}.{node.name}" if owner else node.name
            is_class = isinstance(node, ast.ClassDef)
            kind = "class" if is_class else ("method" if in_class else "function")
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            scopes.append(
                Scope(
                    start=node.lineno,
                    end=node.end_lineno or node.lineno,
                    kind=kind,
                    name=name,
                    first=first,
                )
            )
            _visit(node.body, name, is_class, scopes)


_DECLARATIONS = frozenset({"function_definition", "class_definition", "decorated_definition"})


def _owner(node: ts.Node) -> ts.Node | None:
    """The ``def`` or ``class`` whose body holds ``node`` (through ``if``, ``try``, ``with``, loops);
    ``None`` at module level."""
    parent = node.parent
    while parent is not None and parent.type not in ("function_definition", "class_definition", "module"):
        parent = parent.parent
    return parent if parent is not None and parent.type != "module" else None


def _assigned(statement: ts.Node) -> str:
    """The first name an assignment statement binds (``a.b = c = 1``: ``c``); ``""`` for none."""
    node = statement.named_children[0] if statement.named_child_count == 1 else None
    while node is not None and node.type == "assignment":
        left = node.child_by_field_name("left")
        if left is not None and left.type == "identifier":
            return ts.text(left)
        node = node.child_by_field_name("right")
    return ""


def classify(node: ts.Node) -> tuple[str, str] | None:
    """A declaration of the tree-sitter Python tree: a ``def`` or ``class`` at any depth (with its
    decorators: the ``decorated_definition`` is the declaration), or an assignment to a name in a
    module's or a class's body, also under ``if``/``try``/``with`` (``field``, ``const``, ``var``)."""
    kind = node.type
    if kind == "expression_statement":
        name = _assigned(node)
        if not name:
            return None
        owner = _owner(node)
        if owner is None:
            return ("const" if name.isupper() else "var"), name
        return ("field", name) if owner.type == "class_definition" else None
    if kind not in _DECLARATIONS:
        return None
    if kind == "decorated_definition":
        node = node.child_by_field_name("definition")
        if node is None:
            return None
    elif node.parent is not None and node.parent.type == "decorated_definition":
        return None  # named as its decorated_definition, which holds the decorators' lines
    name = ts.field_text(node, "name")
    if node.type == "class_definition":
        return "class", name
    owner = _owner(node)
    return ("method" if owner is not None and owner.type == "class_definition" else "function"), name


def scopes(source: str) -> list[Scope]:
    """Every ``def``/``class`` (decorators included) and module or class assignment, with its span,
    from the tree-sitter Python tree (its error recovery keeps the rest of a broken file)."""
    return ts.collect_scopes(ts.parse("python", source), classify)


def enclosing(source: str, points: dict[int, int]) -> dict[int, Scope | None]:
    """The innermost declaration around each ``line: column`` (1-based): a walk up the tree from the
    point. A parse, not a line scanner: a string or a bracket spanning lines cannot mislead it."""
    return ts.enclosing_lines(ts.parsed("python", source), points, classify)
