"""Shell command categories for ``cc_bash`` and ``cc_candidates``: the first matching rule wins."""

from __future__ import annotations

import re
from enum import StrEnum


class BashCategory(StrEnum):
    SEARCH = "search"
    READ = "read"
    GIT = "git"
    TEST = "test"
    BUILD = "build"
    DB = "db"
    FS = "fs"
    OTHER = "other"


# (category, alternatives): each alternative must stand as whole words in the command.
_RULE_TEXT: tuple[tuple[BashCategory, str], ...] = (
    (
        BashCategory.TEST,
        r"phpunit|pest|jest|vitest|pytest|go test|cargo test|rspec|mocha|playwright|"
        r"(?:npm|yarn|pnpm|composer) (?:run )?test|make test|"
        r"vendor/bin/(?:phpunit|pest|phpstan|psalm)",
    ),
    (
        BashCategory.DB,
        r"mysql|psql|sqlite3|mysqldump|pg_dump|mongosh|redis-cli|artisan|doctrine|migrate|"
        r"sequelize|prisma|alembic|flyway",
    ),
    (BashCategory.GIT, r"git"),
    (
        BashCategory.BUILD,
        r"go (?:build|install|run)|cargo build|tsc|vite build|webpack|rollup|esbuild|"
        r"docker build|make|npm|yarn|pnpm|composer|pip|poetry|bundle|gradle|mvn",
    ),
    (BashCategory.SEARCH, r"grep|rg|ag|ack|fd|find"),
    (BashCategory.READ, r"cat|head|tail|less|bat|sed|awk|jq|wc"),
    (BashCategory.FS, r"mkdir|rm|mv|cp|touch|ln|chmod|chown|ls|tree|stat"),
)
# Whole words: ``composer.json`` or ``my-make`` is not the command ``composer`` or ``make``.
_RULES = tuple((cat, re.compile(rf"(?<![\w.-])(?:{alts})(?![\w.-])")) for cat, alts in _RULE_TEXT)
# Quoted arguments are data, not commands: `grep -r "pytest" .` is a search, not a test run.
_QUOTED = re.compile(r"'[^']*'|\"(?:[^\"\\]|\\.)*\"")


def categorize(command: str) -> BashCategory:
    """The category of one shell command line."""
    text = _QUOTED.sub("''", command.lower())
    return next((cat for cat, rule in _RULES if rule.search(text)), BashCategory.OTHER)
