"""A reply split into prose, records and diagrams: what every face renders instead of raw JSON."""

from sofia_nb.workshop import prose_only, reply_parts

REPLY = """Here is what I heard:

```json
{"business_context": {"description": "A distributor"}}
```

```mermaid
flowchart LR
  a --> b
```

{"workflow": {"activities": []}}

Which step matters most? See [1] and {"inline": true} here.
```python
print("code stays")
```
"""


def test_records_and_diagrams_are_taken_out_of_the_prose():
    kinds = [(p.kind, p.value) for p in reply_parts(REPLY)]
    assert kinds[0] == ("prose", None)
    assert ("record", {"business_context": {"description": "A distributor"}}) in kinds
    assert ("record", {"workflow": {"activities": []}}) in kinds
    assert [p.text for p in reply_parts(REPLY) if p.kind == "diagram"] == ["flowchart LR\n  a --> b"]


def test_prose_keeps_inline_json_code_fences_and_mermaid():
    prose = prose_only(REPLY)
    assert '"business_context"' not in prose and '"workflow"' not in prose
    assert '{"inline": true}' in prose
    assert '```python\nprint("code stays")\n```' in prose
    assert "```mermaid\nflowchart LR" in prose


def test_a_fence_that_is_not_only_json_stays_prose():
    text = '```json\n{"a": 1} trailing words\n```'
    assert [p.kind for p in reply_parts(text)] == ["prose"]
