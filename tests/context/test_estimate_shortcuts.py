"""The shortcuts that spare a warm ``grep`` call a token count give the answer the count would.

``budget.fits`` takes a short ASCII text as within budget without counting it, on the bound that
the estimate is at most one token per character; ``hits_text.scoped_lines`` returns the grouping
with every scope line without counting the grouping without them, on the bound that scope lines
only add to the count. Both bounds are checked here against the estimator on hostile texts.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from sofia_nb.context._support import hits_text
from sofia_nb.context._support.budget import cost, fits
from sofia_nb.context._support.hits_text import scoped_lines
from sofia_nb.context._support.tokens import estimate_tokens

# Runs of letters in alternating case, digits, punctuation, blobs and line ends: what the estimate
# counts most per character.
_ASCII = st.text(alphabet=string.printable, max_size=400) | st.text(alphabet="aA.0\n_+/=", max_size=400)


@settings(max_examples=400, deadline=None)
@given(_ASCII, st.integers(min_value=1, max_value=500))
def test_an_ascii_text_is_estimated_at_most_a_token_a_character_and_fits_says_what_cost_says(
    text: str, budget: int
) -> None:
    assert estimate_tokens(text) <= len(text)
    assert fits(text, budget) == (cost(text) <= budget)


def test_a_long_blob_and_camel_case_stay_within_the_bound() -> None:
    for text in ("aA" * 5000, "a" * 9000, "Zq9+/" * 4000, ".:" * 3000 + "\n" * 100, "0" * 70_000):
        assert estimate_tokens(text) <= len(text), text[:20]


class _Hit:
    def __init__(self, file: str, line: int, text: str, enclosing: str) -> None:
        self.file, self.line, self.text, self.enclosing = file, line, text, enclosing


_NAME = st.text(alphabet="ab.:-_/)A1é", min_size=1, max_size=12)
_HITS = st.lists(
    st.builds(
        _Hit,
        file=st.sampled_from(["a.ts", "src/b.py", "c.:", "d)", "é/e.go"]),
        line=st.integers(min_value=1, max_value=999),
        text=_NAME,
        enclosing=st.sampled_from(["", "function f", "method W.render", "class A.:"]),
    ),
    max_size=30,
)


@settings(max_examples=300, deadline=None)
@given(_HITS, st.lists(_NAME, max_size=2), st.lists(_NAME, max_size=2))
def test_the_grouping_with_every_scope_line_is_never_counted_below_the_one_without(
    hits: list[_Hit], head: list[str], tail: list[str]
) -> None:
    files, _, _ = hits_text._rows(hits)
    groups = {(f, r.enclosing) for f, rows in files for r in rows if r.enclosing and not r.self_scoped}
    everything = hits_text._tokens(head + hits_text._render(files, groups) + tail)
    bare = hits_text._tokens(head + hits_text._render(files, set()) + tail)
    assert everything >= bare
    # the answer never costs more than the plain lines of the same hits
    plain = hits_text._tokens(head + hits_text._rows(hits)[1] + tail)
    limit = max(plain, hits_text._tokens(hits_text._rows(hits)[2]))
    assert hits_text._tokens(scoped_lines(hits, head, tail)) <= limit * hits_text._MARGIN
