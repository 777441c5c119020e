"""Text on the board picture: the shipped fonts, and names fitted into a token's box.

A card's name is set on one line at the largest size that fits, else wrapped at spaces and at
its own hyphens, else hyphenated by the Russian patterns of pyphen («Прорица-/тельница»); what
still does not fit at the smallest size is cut with «…» (the token's number is drawn anyway).

>>> lines, font = fit_name("Прорицательница вершин", 86, 68)
>>> lines, font.size
(('Прорица-', 'тельница', 'вершин'), 19)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache
from pathlib import Path

import pyphen
from PIL import ImageFont

FONTS = Path(__file__).parent / "fonts"
REGULAR = FONTS / "PTS55F.ttf"  # PT Sans
BOLD = FONTS / "PTS75F.ttf"  # PT Sans Bold
NARROW = FONTS / "PTN77F.ttf"  # PT Sans Narrow Bold: a card's name in a 94 px token
NAME_SIZES = (22, 21, 20, 19, 18, 17)
_HYPHENATOR = pyphen.Pyphen(lang="ru_RU")
_HYPHEN_BREAK = re.compile(r"(?<=-)(?=.)")


@cache
def font_of(path: Path, size: int) -> ImageFont.FreeTypeFont:
    # BASIC layout: the same glyph placement with or without libraqm (no shaping needed).
    return ImageFont.truetype(str(path), size, layout_engine=ImageFont.Layout.BASIC)


def fit_line(text: str, path: Path, sizes: Sequence[int], width: int
         ) -> tuple[str, ImageFont.FreeTypeFont]:
    """The text on one line at the largest size that fits, else cut with «…» at the smallest."""
    for size in sizes:
        font = font_of(path, size)
        if font.getlength(text) <= width:
            return text, font
    font = font_of(path, sizes[-1])
    return ellipsis(text, font, width), font


@lru_cache(maxsize=4096)
def fit_name(name: str, width: int, height: int) -> tuple[tuple[str, ...], ImageFont.FreeTypeFont]:
    """A token's name at the largest size whose lines fit the box: words wrapped, a long word
    hyphenated («Прорица-/тельница»); at the smallest size what still overflows is cut «…»."""
    for hyphenate in (False, True):  # whole words at a smaller size read better than «Ко-/чевник»
        for size in NAME_SIZES:
            font = font_of(NARROW, size)
            lines = wrap(name, font, width, hyphenate)
            if len(lines) * _line_height(size) <= height and _fits(lines, font, width):
                return tuple(lines), font
    font = font_of(NARROW, NAME_SIZES[-1])
    lines = wrap(name, font, width)
    keep = max(1, height // _line_height(NAME_SIZES[-1]))
    if len(lines) > keep:  # the rest on the last line, cut: «Большое Гуз…»
        rest = "".join(ln if ln.endswith("-") else ln + " " for ln in lines[keep - 1:])
        lines = [*lines[: keep - 1], rest.strip()]
    return tuple(ellipsis(ln, font, width) for ln in lines), font


def _line_height(size: int) -> int:
    return size + 3


def _fits(lines: Sequence[str], font: ImageFont.FreeTypeFont, width: int) -> bool:
    return all(font.getlength(ln) <= width for ln in lines)


def wrap(text: str, font: ImageFont.FreeTypeFont, width: int, hyphenate: bool = True
          ) -> list[str]:
    """Greedy word wrap, breaking after a word's own hyphen too («Орк-/бомбардир»); with
    ``hyphenate`` a word still too long for a line is hyphenated by the Russian patterns."""
    lines: list[str] = []
    for word in filter(None, text.split(" ")):  # not at a no-break space
        for i, piece in enumerate(_HYPHEN_BREAK.split(word)):
            joined = lines[-1] + ("" if i else " ") + piece if lines else piece
            if lines and font.getlength(joined) <= width:
                lines[-1] = joined
                continue
            while hyphenate and font.getlength(piece) > width:
                head, tail = _hyphenate(piece, font, width)
                if not head:
                    break
                lines.append(head)
                piece = tail
            lines.append(piece)
    return lines


def _hyphenate(word: str, font: ImageFont.FreeTypeFont, width: int) -> tuple[str, str]:
    """The longest head of ``word`` (with its hyphen) that fits ``width``, and the rest."""
    for head, tail in _HYPHENATOR.iterate(word):  # longest head first
        line = head if head.endswith("-") else head + "-"
        if font.getlength(line) <= width:
            return line, tail
    return "", word


def ellipsis(text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    if font.getlength(text) <= width:
        return text
    while text and font.getlength(text + "…") > width:
        text = text[:-1]
    return text.rstrip() + "…"
