"""The whole-file format: a fence whose info string carries ``file=PATH`` (``delete`` to remove it)."""

from __future__ import annotations

from . import _messages as msg
from ._blocks import EditBlock, EditProblem
from ._fence import fence_open, file_from_info, find_close
from ._search_replace import is_search_marker


class WholeFileParser:
    """Claims every ``file=`` fence except one whose body starts with SEARCH (the path-in-fence style)."""

    def parse(
        self, lines: list[str], claimed: list[tuple[int, int]]
    ) -> tuple[list[EditBlock], list[EditProblem], list[tuple[int, int]]]:
        blocks: list[EditBlock] = []
        problems: list[EditProblem] = []
        spans: list[tuple[int, int]] = []
        i = 0
        while i < len(lines):
            opened = fence_open(lines[i])
            if opened is None:
                i += 1
                continue
            ticks, info = opened
            close = find_close(lines, i, ticks)
            target = file_from_info(info)
            end = len(lines) if close is None else close + 1
            body = lines[i + 1 : close if close is not None else len(lines)]
            first = next((b for b in body if b.strip()), "")
            if target is None or is_search_marker(first):
                i = end if target is None and close is not None else i + 1
                continue
            path, delete = target
            spans.append((i, end))
            if close is None:
                problems.append(
                    EditProblem(
                        kind="malformed", path=path, line=i + 1, message=msg.unclosed_fence(path, i + 1)
                    )
                )
            elif delete:
                if any(b.strip() for b in body):
                    problems.append(
                        EditProblem(
                            kind="delete-not-empty", path=path, line=i + 1, message=msg.delete_not_empty(path)
                        )
                    )
                else:
                    blocks.append(EditBlock(path=path, kind="delete", line=i + 1))
            else:
                content = "\n".join(body) + "\n" if body else ""
                blocks.append(EditBlock(path=path, kind="whole", content=content, line=i + 1))
            i = end
        return blocks, problems, spans
