"""What a widget shows where no widget can be drawn: its ``as_text()``."""

from __future__ import annotations

from typing import Any


class TextForm:
    """For widgets: the ``text/plain`` form in the display bundle is ``as_text()``, so a terminal, a
    test or a notebook saved without widget state shows what the widget says, not ``VBox(...)``.
    List it before the widget class (``class TokenMeter(TextForm, w.VBox)``)."""

    def as_text(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        data: dict[str, Any] = super()._repr_mimebundle_(**kwargs) or {}  # type: ignore[misc]
        data["text/plain"] = self.as_text()
        return data
