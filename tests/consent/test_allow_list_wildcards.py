"""Allow-list wildcards at the start, in the middle and at the end (issue 45 item 5): ``*`` stands for
any run of characters wherever it is, and only there; what is around it must match whole."""

from __future__ import annotations

import pytest

from sofia_nb.consent import ConsentPolicy
from sofia_nb.consent._models import tool_matches


@pytest.mark.parametrize(
    ("pattern", "tool", "covered"),
    [
        ("*/web_search", "demo-search/web_search", True),
        ("*/web_search", "demo-search/web_search_admin", False),
        ("*/web_search", "demo-search/x_web_search", False),
        ("demo-*/web_search", "demo-search/web_search", True),
        ("demo-*/web_search", "demo/web_search", False),
        ("demo-*/web_search", "xdemo-search/web_search", False),
        ("demo-search/*", "demo-search/anything", True),
        ("demo-search/*", "demo-searchx/anything", False),
        ("*", "any/thing", True),
        ("d*o/*h", "demo/search", True),
        ("d*o/*h", "demo/searches", False),
    ],
)
def test_a_wildcard_anywhere_covers_any_run_there_and_nothing_more(
    pattern: str, tool: str, covered: bool
) -> None:
    assert tool_matches(tool, pattern) is covered
    if "/" in pattern:  # the --consent form: server/tool entries
        assert ConsentPolicy.parse(f"allow:{pattern}").allows(tool) is covered
