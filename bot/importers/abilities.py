"""The ability extractor: card text -> structured abilities the engine reads.

INTERFACE PLACEHOLDER — the engine work replaces this body with the real extractor.
Until then every sentence is recorded as ``unparsed`` (never guessed).
"""

from __future__ import annotations

import re
from typing import Any

_SENTENCE = re.compile(r"(?<=[.!?])\s+")


def extract_abilities(text: str, icons: dict[str, int] | None = None) -> list[dict[str, Any]]:
    """Structured abilities for a card's text (see docs/architecture.md for the kinds)."""
    return [{"kind": "unparsed", "text": s.strip()} for s in _SENTENCE.split(text) if s.strip()]
