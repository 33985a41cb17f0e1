"""Inputs and results of ``composer_ls``, ``composer_show`` and ``composer_check``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from ..._support.budget import BudgetInput

ROOT_FIELD = Field(
    "", description="folder to scan (default: the first allowed root, else the working directory)"
)


class ComposerLsInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    root: str = ROOT_FIELD


class ComposerShowInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    package: str = Field(description="composer name (vendor/name), name without vendor, folder name, or path")
    root: str = ROOT_FIELD


class ComposerCheckInput(BudgetInput):
    model_config = ConfigDict(extra="forbid")

    package: str = Field("", description="only this package (name, name without vendor, or folder name)")
    root: str = ROOT_FIELD
    timeout_s: float = Field(300, gt=0, le=3600, description="each package's check is killed after this long")


class PackageRow(BaseModel):
    name: str
    dir: str = Field(description="relative to the root, '.' for the root itself")
    version: str = Field(description="the latest git tag reachable from the package folder, '' when none")
    type: str
    php: str
    phpstan: str = Field(description="phpstan level from phpstan.neon(.dist), '' when none")
    namespace: list[str] = Field(description="PSR-4 prefixes")
    scripts: list[str]
    require: list[str] = Field(description="required packages without php and ext-*")
    require_dev: list[str]


class ComposerLsResult(BaseModel):
    """``composer_ls``: one row per package, sorted by name then folder."""

    packages: list[PackageRow]
    invalid: list[str] = Field(description="folders whose composer.json is not a JSON object")


class NameValue(BaseModel):
    name: str
    value: str


class ComposerShowResult(BaseModel):
    """``composer_show``: one package's metadata, with script bodies and version constraints."""

    name: str
    dir: str
    description: str
    version: str
    type: str
    php: str
    phpstan: str
    namespace: list[str]
    scripts: list[NameValue] = Field(description="script bodies; a list of commands is joined with ' && '")
    require: list[NameValue]
    require_dev: list[NameValue]


class CheckRow(BaseModel):
    name: str
    dir: str
    ok: bool
    exit: int | None = Field(description="the exit code; null when it did not start or timed out")
    timed_out: bool
    dur_ms: int
    fail: str | None = Field(description="the first failure line of the output (or its last line)")


class ComposerCheckResult(BaseModel):
    """``composer_check``: each package's own ``check`` script, run once."""

    checks: list[CheckRow]
    failing: int
