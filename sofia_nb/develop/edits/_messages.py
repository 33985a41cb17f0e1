"""The texts sent back to the model for a refused or unmatched block.

They are a contract (architecture.md §4.4, docs/edits.md): tests assert them word for word, so a
change here is a change to the documented behaviour.
"""

from __future__ import annotations

from ._blocks import EditProblem


def unclosed_fence(path: str, line: int) -> str:
    return (
        f"The code block for {path} that starts at line {line} is never closed, so it was not written. "
        "Send the complete file again, ending with the closing fence."
    )


def unterminated_search(line: int) -> str:
    return (
        f"The SEARCH/REPLACE block at line {line} is incomplete: it needs `=======` and "
        "`>>>>>>> REPLACE` lines. Nothing from it was applied."
    )


def missing_path(line: int) -> str:
    return (
        f"The SEARCH/REPLACE block at line {line} has no file path. Put the path relative to the "
        "project root on its own line right before `<<<<<<< SEARCH`."
    )


def unsafe_path(path: str, reason: str) -> str:
    return (
        f"Refused {path!r}: {reason}. Paths must be relative to the project root and stay inside it; "
        "nothing was written."
    )


def no_match(path: str, closest: list[str]) -> str:
    text = (
        f"This SEARCH block failed to match lines in {path}. A SEARCH part must copy existing lines "
        "exactly, including whitespace, comments and docstrings."
    )
    if closest:
        text += (
            "\nDid you mean to match these actual lines from "
            + path
            + "?\n```\n"
            + "\n".join(closest)
            + "\n```"
        )
    return text


def already_applied(path: str) -> str:
    return (
        f"This SEARCH block failed to match lines in {path}, but its REPLACE lines are already in "
        f"{path}. Are you sure you need this block?"
    )


def ambiguous(path: str, count: int) -> str:
    return (
        f"This SEARCH block matches {count} places in {path}. Include more surrounding lines so that "
        "it matches exactly one place."
    )


def create_exists(path: str) -> str:
    return (
        f"An empty SEARCH creates a new file, but {path} already exists. Use SEARCH lines from the file, "
        f"or send the whole file with ```lang file={path}."
    )


def missing_file(path: str) -> str:
    return f"{path} does not exist. Use an empty SEARCH to create it, or send the whole file."


def delete_missing(path: str) -> str:
    return f"Cannot delete {path}: no such file."


def delete_not_empty(path: str) -> str:
    return f"A delete block for {path} must have an empty body; nothing was deleted."


def syntax_error(path: str, line: int | None, detail: str) -> str:
    where = f" at line {line}" if line else ""
    return (
        f"After these edits {path} is not valid Python ({detail}{where}), so none of its edits were "
        "written. Send a corrected version."
    )


def write_failed(path: str, detail: str) -> str:
    return f"Could not write {path}: {detail}."


def no_edits() -> str:
    return (
        "Your reply contained no edit blocks. Reply with ```lang file=PATH blocks holding complete files, "
        "or SEARCH/REPLACE blocks preceded by the file path."
    )


def reflection(problems: list[EditProblem], applied: int) -> str:
    """The whole reflection prompt: every problem, then what was applied, then the rule."""
    lines = [f"# {len(problems)} edit block{'s' if len(problems) != 1 else ''} failed"]
    for problem in problems:
        lines += ["", f"## {problem.kind}" + (f" ({problem.path})" if problem.path else ""), problem.message]
    if applied:
        lines += [
            "",
            f"The other {applied} block{'s' if applied != 1 else ''} applied successfully. "
            "Don't send them again.",
        ]
    lines += ["", "Send only corrected blocks for the failures above."]
    return "\n".join(lines)
