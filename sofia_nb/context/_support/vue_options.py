"""Vue's Options API: the names a component object (``export default {...}``) declares.

A component written with the Options API declares nothing at the script's top level, so the symbol
outline of its ``<script>`` is empty; what it offers is in the keys of that one object: ``props``,
``emits``, ``data()``'s returned object, ``computed``, ``methods``, ``watch``, ``mixins`` and
``components``. ``defineComponent({...})`` and ``Vue.extend({...})`` wrap the same object.
"""

from __future__ import annotations

from . import treesitter as ts

OPTIONS = ("props", "emits", "data", "computed", "methods", "watch", "mixins", "components")


def _component_object(root: ts.Node) -> ts.Node | None:
    """The object of ``export default {...}``, also when wrapped in a call (``defineComponent``)."""
    for node in root.named_children:
        value = node.child_by_field_name("value") if node.type == "export_statement" else None
        if value is not None and value.type == "call_expression":
            arguments = value.child_by_field_name("arguments")
            value = (
                arguments.named_children[0] if arguments is not None and arguments.named_children else None
            )
        if value is not None and value.type == "object":
            return value
    return None


def _key(member: ts.Node) -> str:
    key = member.child_by_field_name("key") or member.child_by_field_name("name")
    return ts.text(key).strip("'\"`")


def _names(container: ts.Node | None) -> list[str]:
    """Keys of an object, strings and identifiers of an array; ``...mapGetters([...])`` is read through."""
    if container is None:
        return []
    names: list[str] = []
    for part in container.named_children:
        if part.type in ("pair", "method_definition"):
            names.append(_key(part))
        elif part.type in ("shorthand_property_identifier", "identifier"):
            names.append(ts.text(part))
        elif part.type == "string":
            names.append(ts.text(part).strip("'\"`"))
        elif part.type == "spread_element" and part.named_children:
            spread = part.named_children[0]
            if spread.type == "call_expression":  # mapState('store', [...]), mapActions({...})
                arguments = spread.child_by_field_name("arguments")
                for argument in arguments.named_children if arguments is not None else ():
                    if argument.type in ("array", "object"):
                        names.extend(_names(argument))
    return names


def _returned_keys(function: ts.Node | None) -> list[str]:
    """``data() { return {...} }`` or ``data: () => ({...})``: the keys of the object it returns."""
    if function is None:
        return []
    body = function.child_by_field_name("body")
    while body is not None and body.type == "parenthesized_expression" and body.named_children:
        body = body.named_children[0]
    if body is not None and body.type == "object":
        return _names(body)
    for statement in body.named_children if body is not None else ():
        if statement.type == "return_statement" and statement.named_children:
            returned = statement.named_children[0]
            while returned.type == "parenthesized_expression" and returned.named_children:
                returned = returned.named_children[0]
            return _names(returned) if returned.type == "object" else []
    return []


def component_options(root: ts.Node) -> dict[str, list[str]]:
    """Each option of :data:`OPTIONS` the component object declares, with its names in source order."""
    component = _component_object(root)
    found: dict[str, list[str]] = {}
    for member in component.named_children if component is not None else ():
        option = _key(member)
        if option not in OPTIONS:
            continue
        if option == "data":
            function = member if member.type == "method_definition" else member.child_by_field_name("value")
            names = _returned_keys(function)
        else:
            names = _names(member.child_by_field_name("value"))
        found[option] = list(dict.fromkeys(found.get(option, []) + names))
    return found


def option_functions(root: ts.Node) -> list[tuple[str, str, ts.Node, ts.Node]]:
    """The ``computed`` and ``methods`` members that are functions, in every form (``name() {}``,
    ``name: function () {}``, ``name: () => {}``): (option, name, member node, function node)."""
    component = _component_object(root)
    found = []
    for option in component.named_children if component is not None else ():
        value = option.child_by_field_name("value") if option.type == "pair" else None
        if _key(option) not in ("computed", "methods") or value is None or value.type != "object":
            continue
        for member in value.named_children:
            function = member if member.type == "method_definition" else member.child_by_field_name("value")
            if (
                member.type in ("pair", "method_definition")
                and function is not None
                and (
                    function.type
                    in ("method_definition", "function_expression", "function", "arrow_function")
                )
            ):
                found.append((_key(option), _key(member), member, function))
    return found
