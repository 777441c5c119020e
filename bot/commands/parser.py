"""Split a chat message into a command name and its argument text.

>>> parse_message("!термин телепортация")
ParsedCommand(name='term', args='телепортация')
>>> parse_message("!check 168 a1 | телепортация a1 b6").name
'check'
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from bot.commands.registry import BY_ALIAS
from bot.ru import fold

MAX_INPUT = 2000  # Discord's own message limit; anything longer is refused (see too_long)

_CONTROL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u200b-\u200f\u2028-\u202e\u2060-\u2064\ufeff]")


@dataclass(frozen=True)
class ParsedCommand:
    name: str | None  # canonical name; None when the word is not a command
    args: str
    word: str = ""  # what the user typed as the command word

    def __repr__(self) -> str:  # short form for doctests
        return f"ParsedCommand(name={self.name!r}, args={self.args!r})"


def clean_input(text: str) -> str:
    """Drop control and zero-width characters, normalise Unicode, cap the length.

    Newlines are kept (a position may span lines); tabs become spaces.
    """
    text = unicodedata.normalize("NFC", text[: MAX_INPUT * 2])
    text = text.replace("\t", " ").replace("\r\n", "\n").replace("\r", "\n")
    return _CONTROL.sub("", text)[:MAX_INPUT].strip()


def input_length(text: str) -> int:
    """The length :func:`clean_input` would see before its cap (controls and zero-width
    characters do not count); for text far over the cap, its raw length."""
    if len(text) > 4 * MAX_INPUT:
        return len(text)
    text = unicodedata.normalize("NFC", text).replace("\r\n", "\n")
    return len(_CONTROL.sub("", text).strip())


def too_long(length: int, limit: int = MAX_INPUT) -> str:
    """The one message for an over-long query, on every surface.

    >>> too_long(2500)
    'Слишком длинный запрос (2500 символов, предел 2000). Сократите его.'
    """
    return f"Слишком длинный запрос ({length} символов, предел {limit}). Сократите его."


def parse_message(message: str, prefix: str = "!") -> ParsedCommand:
    """Parse ``!word args``. Without the prefix the whole text is treated as ``!term``-less input.

    The command word is matched case-insensitively against :data:`bot.commands.registry.COMMANDS`.
    """
    text = clean_input(message)
    if prefix and text.startswith(prefix):
        text = text[len(prefix):].lstrip()
    elif text.startswith("/"):
        text = text[1:].lstrip()
    word, _, rest = text.partition("\n") if " " not in text.split("\n", 1)[0] else text.partition(" ")
    command = BY_ALIAS.get(fold(word.strip()))
    return ParsedCommand(name=command.name if command else None, args=rest.strip(), word=word.strip())
