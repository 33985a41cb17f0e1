"""What the Markdown renderer and the Mermaid source make of honest text, exactly: fences, tables,
prose around diagrams, character references (``test_inert`` tries the payloads)."""

from __future__ import annotations

from sofia_nb.inert import (
    CELL_LEFT,
    HTML_LABELS_OFF,
    MERMAID_PRE,
    Diagram,
    Prose,
    escape_html,
    markdown_html,
    markdown_parts,
    mermaid_source,
)

FENCES = '```python\nx = "<b>"\n```\n\n```mermaid title\nflowchart LR\n  a --> b\n```\n'


def test_a_code_fence_is_code_and_a_mermaid_fence_its_inert_source() -> None:
    assert markdown_html(FENCES) == (
        '<pre><code class="language-python">x = "&lt;b&gt;"\n</code></pre>\n'
        f"{MERMAID_PRE}{HTML_LABELS_OFF.replace('>', '&gt;')}flowchart LR\n  a --&gt; b</pre>\n"
    )


def test_a_fence_is_a_diagram_only_when_its_first_word_is_mermaid() -> None:
    for info in ("mermaid", "mermaid x", "mermaid a b", " mermaid"):
        assert markdown_html(f"```{info}\nflowchart LR\n```\n").startswith(MERMAID_PRE), info
    for info in ("", "python", "mermaidx", "x mermaid", "text mermaid y"):
        assert markdown_html(f"```{info}\nflowchart LR\n```\n").startswith("<pre><code"), info


def test_table_cells_align_left_unless_the_markdown_aligned_them() -> None:
    table = "| a | b | c |\n|---|--:|:-:|\n| 1 | 2 | 3 |\n"
    rendered = markdown_html(table)
    for cell in ("th", "td"):
        assert f'<{cell} style="{CELL_LEFT}">' in rendered
        assert f'<{cell} style="text-align:right">' in rendered
        assert f'<{cell} style="text-align:center">' in rendered
    assert rendered.count("style=") == 6
    assert markdown_html("a paragraph") == "<p>a paragraph</p>\n"  # only cells get a style


def test_prose_and_diagrams_keep_their_markdown_as_written() -> None:
    text = "Axis X\nsecond line X\n\n---\n\n```mermaid a b\nflowchart LR\n```  \n\n"
    text += "```python\nprint(1)\n```\nEnd X\n"
    assert markdown_parts(text) == [
        Prose(html="<p>Axis X\nsecond line X</p>\n<hr>\n", markdown="Axis X\nsecond line X\n\n---"),
        Diagram(source=f"{HTML_LABELS_OFF}flowchart LR", markdown="```mermaid a b\nflowchart LR\n```  "),
        Prose(
            html='<pre><code class="language-python">print(1)\n</code></pre>\n<p>End X</p>\n',
            markdown="```python\nprint(1)\n```\nEnd X",
        ),
    ]


def test_the_edges_of_prose_and_of_a_fence_left_open_are_kept() -> None:
    parts = markdown_parts("  Indented X  \n\n```mermaid\nflowchart LR\n  a --> X")
    assert [p.markdown for p in parts] == ["  Indented X  ", "```mermaid\nflowchart LR\n  a --> X"]


def test_escaped_html_is_text() -> None:
    assert escape_html('<a href="x">&\'</a>') == "&lt;a href=&quot;x&quot;&gt;&amp;&#x27;&lt;/a&gt;"


def test_a_diagrams_references_are_text_and_its_click_lines_are_gone() -> None:
    diagram = 'flowchart LR\n  a["&amp; &#35; & b"] --> b\n  click a "https://x"\n  CLICK b call()\n  b --> c'
    assert mermaid_source(diagram) == (
        f'{HTML_LABELS_OFF}flowchart LR\n  a["&\u200bamp; &\u200b#35; & b"] --> b\n\n\n  b --> c'
    )
