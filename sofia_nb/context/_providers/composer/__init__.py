"""Composer packages in a tree: ``composer_ls``, ``composer_show`` and ``composer_check``.

``composer_check`` is the one context tool that runs project code (each package's own ``check``
script), so it is annotated as not read-only.
"""

from ..._registry import ContextTool, ToolAnnotations
from ._discover import Package, collect, find_package, latest_tag, root_dir
from ._models import (
    ComposerCheckInput,
    ComposerCheckResult,
    ComposerLsInput,
    ComposerLsResult,
    ComposerShowInput,
    ComposerShowResult,
)
from ._tools import composer_check, composer_ls, composer_show, failure_line

TOOLS: tuple[ContextTool, ...] = (
    ContextTool(
        "composer_ls",
        "List the composer (PHP) packages under a root: name, folder, latest git tag, type, "
        "php constraint, phpstan level, PSR-4 namespaces, scripts, requirements. vendor/ is skipped.",
        ComposerLsInput,
        ComposerLsResult,
        composer_ls,
        ("composer", "ls"),
        positional="root",
    ),
    ContextTool(
        "composer_show",
        "One composer package's metadata: scripts with their commands, requirements "
        "with their version constraints. Find it by name, name without vendor, folder name or path.",
        ComposerShowInput,
        ComposerShowResult,
        composer_show,
        ("composer", "show"),
        positional="package",
    ),
    ContextTool(
        "composer_check",
        "Run each composer package's own 'check' script (composer check) with a "
        "timeout and report pass/fail with the first failure line. Runs project code: not read-only.",
        ComposerCheckInput,
        ComposerCheckResult,
        composer_check,
        ("composer", "check"),
        annotations=ToolAnnotations(read_only=False, open_world=True, destructive=False, idempotent=True),
        positional="package",
    ),
)

__all__ = [
    "TOOLS",
    "ComposerCheckInput",
    "ComposerCheckResult",
    "ComposerLsInput",
    "ComposerLsResult",
    "ComposerShowInput",
    "ComposerShowResult",
    "Package",
    "collect",
    "composer_check",
    "composer_ls",
    "composer_show",
    "failure_line",
    "find_package",
    "latest_tag",
    "root_dir",
]
