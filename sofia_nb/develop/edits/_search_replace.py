"""The SEARCH/REPLACE format: a path line (inside or outside a fence), then SEARCH, divider, REPLACE."""

from __future__ import annotations

import re

from . import _messages as msg
from ._blocks import EditBlock, EditProblem
from ._fence import fence_open, file_from_info, is_fence_close

_SEARCH = re.compile(r"^\s*<{5,9} SEARCH\s*$")
_DIVIDER = re.compile(r"^\s*={5,9}\s*$")
_REPLACE = re.compile(r"^\s*>{5,9} REPLACE\s*$")
_LOOKBACK = 3  # how many non-blank lines above SEARCH may hold the path (aider does the same)


def is_search_marker(line: str) -> bool:
    return bool(_SEARCH.match(line))


def _path_from_line(line: str) -> str | None:
    """A bare path line, with markdown decoration (``#``, ``*``, backticks, ``:``) stripped."""
    text = line.strip().strip("#*`:").strip()
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "\"'":
        return text[1:-1] or None
    if not text or any(c.isspace() for c in text):
        return None
    return text


class SearchReplaceParser:
    """Finds SEARCH markers outside spans claimed by the whole-file format."""

    def parse(
        self, lines: list[str], claimed: list[tuple[int, int]]
    ) -> tuple[list[EditBlock], list[EditProblem], list[tuple[int, int]]]:
        blocks: list[EditBlock] = []
        problems: list[EditProblem] = []
        spans: list[tuple[int, int]] = []
        previous_path: str | None = None
        i = 0
        while i < len(lines):
            if any(a <= i < b for a, b in claimed) or not is_search_marker(lines[i]):
                i += 1
                continue
            path, continues = self._find_path(lines, i)
            if path is None and continues:
                path = previous_path
            divider = next((j for j in range(i + 1, len(lines)) if _DIVIDER.match(lines[j])), None)
            end = (
                None
                if divider is None
                else next(
                    (
                        j
                        for j in range(divider + 1, len(lines))
                        if _REPLACE.match(lines[j]) or _SEARCH.match(lines[j])
                    ),
                    None,
                )
            )
            if divider is None or end is None or not _REPLACE.match(lines[end]):
                problems.append(
                    EditProblem(
                        kind="malformed", path=path or "", line=i + 1, message=msg.unterminated_search(i + 1)
                    )
                )
                spans.append((i, len(lines) if end is None else end))
                i = len(lines) if end is None else end
                continue
            spans.append((i, end + 1))
            if path is None:
                problems.append(EditProblem(kind="no-path", line=i + 1, message=msg.missing_path(i + 1)))
            else:
                blocks.append(
                    EditBlock(
                        path=path,
                        kind="search_replace",
                        search="\n".join(lines[i + 1 : divider]),
                        content="\n".join(lines[divider + 1 : end]),
                        line=i + 1,
                    )
                )
                previous_path = path
            i = end + 1
        return blocks, problems, spans

    @staticmethod
    def _find_path(lines: list[str], search_at: int) -> tuple[str | None, bool]:
        """The path above a SEARCH marker; ``(None, True)`` when the block directly follows another one."""
        seen = 0
        j = search_at - 1
        while j >= 0 and seen < _LOOKBACK:
            line = lines[j]
            j -= 1
            if not line.strip():
                continue
            seen += 1
            if _REPLACE.match(line):
                return None, True
            opened = fence_open(line)
            if opened is not None:
                target = file_from_info(opened[1])
                if target is not None:
                    return target[0], False
                continue  # the path may sit on the line before the fence
            if is_fence_close(line, "```"):
                return None, False
            return _path_from_line(line), False
        return None, False
