"""A row's weight against a budget is its JSON's: measured without building it, never less."""

from __future__ import annotations

import json

import pytest

from sofia_nb.context._providers.grep import GrepHit
from sofia_nb.context._providers.refs import Ref
from sofia_nb.context._support.budget import Allowance, json_cost

HOSTILE = [
    "plain",
    "",
    'say "hi" \\ there',
    "tab\tnew\nline\r\x1b[31mred\x00",
    "Société café",
    "emoji 😀 and 𝔘",
    "\ud800 lone surrogate",
    "</script><img src=x onerror=alert(1)>",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_a_row_costs_what_its_json_costs(text: str) -> None:
    rows = [
        GrepHit(file=f"src/{text}.py", line=123456, col=7, enclosing=f"method A.{text}", text=text),
        Ref(kind="use", file=text, line=1, col=0, enclosing="", text=text),
    ]
    for row in rows:
        allowance = Allowance(0, {})
        before = allowance.spent
        assert allowance.take(row)
        assert allowance.spent - before == json_cost(row.__dict__) + 1  # and the comma before it
        assert json_cost(row.__dict__) == json_cost(json.loads(json.dumps(row.__dict__)))
