"""One Markdown document per workshop phase: the structured sections first, then the conversation.

The sections come from ``_sections`` (what each record shows); this module only writes them as
Markdown, which report.html and the notebook's cards are drawn from too.
"""

from __future__ import annotations

import json
import re
from urllib.parse import quote

from ._models import Phase, Turn, WorkshopSession
from ._sections import (
    Cell,
    Code,
    Facts,
    Items,
    Link,
    MermaidDiagram,
    Paragraph,
    Part,
    Section,
    Table,
    Typed,
    format_time,
    loop_iterations,
    one_line,
    phase_sections,
    record_names,
    team_sections,
    titled,
)

_HIGHLIGHT_CHARS = 100


def code_span(text: str) -> str:
    """``text`` as a Markdown code span, fenced with more backticks than it holds."""
    flat = one_line(text)
    ticks = "`" * (1 + max((len(run) for run in re.findall(r"`+", flat)), default=0))
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{ticks}{pad}{flat}{pad}{ticks}"


_MARKDOWN_PUNCTUATION = re.compile(r"([\\`*_\[\]<>#~|!])")


def _typed(text: str) -> str:
    """A participant's words as one line of Markdown text: every character Markdown could read
    as structure (a fence, a heading, a tag, a link, emphasis) is backslash-escaped, so it shows
    as typed and cannot open a block that swallows the rest of the document."""
    return _MARKDOWN_PUNCTUATION.sub(r"\\\1", one_line(text))


_WEB_ADDRESS = re.compile(r"https?://\S+", re.IGNORECASE)
_ADDRESS_SAFE = ":/?#[]@!$&'()*+,;=%~-._"
"""What an address keeps as it is in a link's destination; anything else (``<``, ``>``, a
backslash, a pipe, a space, a quote) is percent-encoded, so it cannot end the link or the cell."""


def _link(value: Link) -> str:
    """A web page's title (escaped as typed words are) linking to its address; the title alone
    when the address is not ``http(s)``: nothing else becomes a link."""
    title = _typed(value.text) or _typed(value.url)
    url = value.url.strip()
    if not _WEB_ADDRESS.fullmatch(url):
        return title
    return f"[{title}](<{quote(url, safe=_ADDRESS_SAFE)}>)"


def _inline(value: Cell) -> str:
    if isinstance(value, Code):
        return code_span(value.text)
    if isinstance(value, Link):
        return _link(value)
    return _typed(value.text) if isinstance(value, Typed) else one_line(value)


def _cell(value: Cell) -> str:
    """A value made safe for one Markdown table cell (no newline, no unescaped pipe)."""
    text = _inline(value)  # typed words and links come escaped, their pipes too
    return (text if isinstance(value, Typed | Link) else text.replace("|", "\\|")) or " "


def _part_markdown(part: Part) -> list[str]:
    match part:
        case Paragraph(text):
            return [_inline(text) if isinstance(text, Typed) else text, ""]
        case Facts(pairs):
            return [*(f"- {label}: {_inline(value)}" for label, value in pairs), ""]
        case Items(items, numbered, label):
            marks = (f"{n}." if numbered else "-" for n in range(1, len(items) + 1))
            head = [f"{label}:", ""] if label else []
            return [*head, *(f"{mark} {_inline(item)}" for mark, item in zip(marks, items, strict=True)), ""]
        case Table(columns, rows):
            lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
            return [*lines, *("| " + " | ".join(_cell(v) for v in row) + " |" for row in rows), ""]
        case MermaidDiagram(source):
            return ["```mermaid", source, "```", ""]
    raise TypeError(f"not a part: {part!r}")


def sections_markdown(sections: list[Section]) -> list[str]:
    """The sections as Markdown lines: ``##`` for a section, ``###`` for a part of one."""
    return [
        line
        for section in sections
        for line in (f"{'#' * section.level} {_inline(section.title)}", "", *_part_markdown_all(section))
    ]


def _part_markdown_all(section: Section) -> list[str]:
    return [line for part in section.parts for line in _part_markdown(part)]


def _structured(session: WorkshopSession, phase: Phase) -> list[str]:
    """A phase's record, then what the team in the room sent in it."""
    return sections_markdown(phase_sections(session, phase) + team_sections(session, phase))


def phase_results_markdown(session: WorkshopSession, phase: Phase) -> str:
    """The structured sections of one phase as Markdown (no title, no conversation); "" when empty."""
    return "\n".join(_structured(session, phase)).strip()


_FENCE = re.compile(r"^ {0,3}(`{3,}|~{3,})")
# The recorded data is in the sections above and in summary.json; the conversation keeps the words,
# and a short pointer where a block was (so "Here is the updated plan:" is not left hanging).
_JSON_BLOCK = re.compile(r"^ {0,3}```json[ \t]*\n(.*?)^ {0,3}```[ \t]*$\n?", re.MULTILINE | re.DOTALL)
_BLANK_RUN = re.compile(r"\n{3,}")

SPEAKERS = {"assistant": "sofia", "user": "Team", "tool": "Tool result"}
"""Who said a turn, in the transcript's words (the notebook's conversation uses the same)."""


def _pointer(match: re.Match[str]) -> str:
    try:
        value = json.loads(match.group(1))
    except ValueError:
        value = None
    names = record_names(value)
    what = ", ".join(names) if names else "data"
    return f"_Recorded: {what} (shown above)._\n"


def transcript_text(content: str) -> str:
    """A turn's words for the transcript: each recorded block replaced by a pointer to what it
    recorded, no run of blank lines, fences closed."""
    return close_fences(_BLANK_RUN.sub("\n\n", _JSON_BLOCK.sub(_pointer, content)).strip())


def close_fences(text: str) -> str:
    """``text`` with a closing fence added if a code fence is left open (a reply cut off mid-block),
    so one turn cannot turn the rest of the document into code."""
    opened = ""
    for line in text.splitlines():
        match = _FENCE.match(line)
        if not match:
            continue
        marker = match.group(1)
        if not opened:
            opened = marker
        elif marker[0] == opened[0] and len(marker) >= len(opened) and not line.strip().strip(marker[0]):
            opened = ""
    return f"{text}\n{opened}" if opened else text


# System turns hold prompts, not conversation; the transcript shows what people and the model said.
_TRANSCRIPT_ROLES = ("user", "assistant", "tool")


def _moment(turn: Turn) -> str | None:
    """What a kickoff marks for the team to read: going back to this phase, reviewing it, or the
    facilitator asking sofia to refine it (in their own words, which the cue around them is not)."""
    went_back, review = turn.metadata.get("went_back"), turn.metadata.get("review")
    refine = turn.metadata.get("refine")
    if isinstance(refine, str):
        asked = one_line(refine)
        return f"_The team asked sofia to refine {turn.phase.title}" + (f": “{asked}”._" if asked else "._")
    if isinstance(went_back, dict):
        came_from = str(went_back.get("from", "")).capitalize()
        reason = one_line(str(went_back.get("reason") or ""))
        said = f": “{reason}”" if reason else ""
        return f"_The team went back to {turn.phase.title} from {came_from}{said}._"
    if isinstance(review, dict):
        because = str(review.get("because", "")).capitalize()
        changes = "; ".join(one_line(str(c)) for c in review.get("changes") or [])
        return f"_Reviewing {turn.phase.title} after {because} changed" + (
            f": {changes}._" if changes else "._"
        )
    return None


def phase_markdown(session: WorkshopSession, phase: Phase) -> str | None:
    """The Markdown document of one phase, or None when the phase has neither data nor turns."""
    structured = _structured(session, phase)
    # A kickoff turn is the product's cue to the model, not something the customer said.
    turns = [
        t
        for t in session.turns_of(phase)
        if t.role in _TRANSCRIPT_ROLES and (not t.metadata.get("kickoff") or _moment(t))
    ]
    if not structured and not turns:
        return None
    title = f"{phase.title}" + (f" — {one_line(session.name)}" if session.name else "")
    lines = [f"# {title}", "", f"Session `{session.id}`", ""]
    lines += structured or ["_No structured results were recorded for this phase._", ""]
    if turns:
        lines += ["## Conversation", ""]
        for n, turn in enumerate(turns):
            lines += ["---", ""] if n else []
            if (moment := _moment(turn)) is not None:  # the product's cue itself stays out
                lines += [f"{moment} · {format_time(turn.timestamp)}", ""]
                continue
            lines += [
                f"**{SPEAKERS.get(turn.role, turn.role)}** · {format_time(turn.timestamp)}",
                "",
                transcript_text(turn.content),
                "",
            ]
    for review in session.reviews:  # kept without the model's review: no turn says so
        if review.phase == phase and review.state == "kept":
            lines += [f"_Kept as it was after {review.because.title} changed._", ""]
    return "\n".join(lines).rstrip() + "\n"


def _structured_highlight(s: WorkshopSession, phase: Phase) -> str | None:
    match phase:
        case Phase.DISCOVER if s.business_context and s.business_context.description:
            return f"Business: {s.business_context.description}"
        case Phase.DISCOVER if s.workflow and s.workflow.activities:
            return f"Workflow: {len(s.workflow.activities)} activities"
        case Phase.IDEATE if s.ideas:
            return f"Ideas: {len(s.ideas)} ideas generated"
        case Phase.DESIGN if s.evaluation and s.evaluation.ideas:
            return f"Evaluation: {len(s.evaluation.ideas)} ideas evaluated"
        case Phase.SELECT if s.selection:
            return f"Selected idea: {titled(s.selection.idea_id, {i.id: i.title for i in s.ideas})}"
        case Phase.PLAN if s.plan and s.plan.milestones:
            return f"Plan: {len(s.plan.milestones)} milestones planned"
        case Phase.DEVELOP if s.poc:
            status = s.poc.final_status or "not finished"
            reason = f" ({s.poc.termination_reason})" if s.poc.termination_reason else ""
            count = len(loop_iterations(s.poc))
            return f"PoC: {status} after {count} iteration{'' if count == 1 else 's'}{reason}"
    return None


def phase_highlight(session: WorkshopSession, phase: Phase) -> str | None:
    """One line for ``summary.json``: the structured result, else the start of the first model reply."""
    text = _structured_highlight(session, phase)
    if text is None:
        first = next(
            (t for t in session.turns_of(phase) if t.role == "assistant" and t.content.strip()), None
        )
        text = first.content if first else None
    return one_line(text, _HIGHLIGHT_CHARS) if text else None
