"""The board picture as drawn: golden images (with a tolerance), every label drawn and whole,
the size limit, the shipped fonts and the cache.

Golden images live in tests/picture/golden; after an intended change of the drawing, look at
the new pictures and rewrite them with ``UPDATE_GOLDEN=1 .venv/bin/pytest tests/picture``.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFont

from bot import PROJECT_ROOT
from bot.engine.board import ROW_NAMES, Cell
from bot.picture import draw as D
from bot.picture.draw import render
from bot.picture.scene import Scene, Token
from bot.picture.text import BOLD, FONTS, NARROW, REGULAR, fit_name
from bot.verdict import VERDICT_WORDS

GOLDEN = Path(__file__).parent / "golden"
MAX_BYTES = 100 * 1024
#: A pixel differs when a channel moves by more than this; a picture may differ in this share.
PIXEL_DELTA = 48
DIFFERENT_SHARE = 0.005

LONG_NAMES = ("Механический дракон", "Святогор Меткий Глаз", "Профессор Счетохвост",
              "Странствующий рыцарь", "Разведчик архаалитов", "Прорицательница вершин",
              "Говорящий с деревьями", "Орк-бомбардир", "Арбалетчик", "Гаврило Большое Гузно")


ALL = tuple(Cell(col, row) for row in range(1, 7) for col in range(5))


def c(name: str) -> Cell:
    return Cell.parse(name)


def full_board() -> Scene:
    """The worst case: every cell taken by a long name, a third closed, seven flyers."""
    tokens = []
    for i, cell in enumerate(ALL):
        tokens.append(Token(cell, LONG_NAMES[i % len(LONG_NAMES)], str(100 + i),
                            enemy=cell.row > 3, closed=i % 3 == 0,
                            role="actor" if i == 0 else "target" if i == 29 else ""))
    tokens += [Token(None, LONG_NAMES[i], str(200 + i), enemy=i % 2 == 1, closed=i == 2)
               for i in range(7)]
    return Scene(tuple(tokens), "выстрел Механический дракон e6 3", "unknown",
                 "Неизвестно · дальность: 9", "shot", (c("a1"), c("e6")), frozenset(), c("e6"))


SCENES = {
    "teleport": Scene((Token(c("a1"), "Баалит", "168", role="actor"),
                       Token(c("c6"), "?", "", enemy=True), Token(c("e2"), "Тень", "194", enemy=True),
                       Token(None, "Пустынный кондор", "14", enemy=True)),
                      "телепортация a1 b6", "yes", "Можно", "teleport", (c("a1"), c("b6")),
                      frozenset(), "", c("b6")),
    "walk": Scene((Token(c("b2"), "Тень", "194", role="actor"), Token(c("b3"), "?", "", enemy=True),
                   Token(c("c2"), "Кочевник", "1", closed=True)),
                  "движение b2 b4", "no", "Нельзя · единиц движения: 2", "walk",
                  (c("b2"), c("b3"), c("b4")), frozenset(), "", c("b4")),
    "range": Scene((Token(c("a1"), "?", "", role="actor"), Token(c("c6"), "?", "", enemy=True,
                                                                 role="target")),
                   "дальность a1 c6 4", "no", "Нельзя · дальность: 7", "measure",
                   (c("a1"), c("c6")),
                   frozenset(x for x in ALL if 0 < abs(x.col) + abs(x.row - 1) <= 4),
                   "дальность 4", c("c6")),
    "jump": Scene((Token(c("b2"), "Прорицательница вершин", "77", role="actor"),),
                  "прыжок b2 d3 3", "yes", "Можно · дальность: 3", "jump", (c("b2"), c("d3")),
                  frozenset(x for x in ALL if 0 < abs(x.col - 1) + abs(x.row - 2) <= 3),
                  "радиус 3", c("d3")),
    "full": full_board(),
}


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.mark.parametrize("name", sorted(SCENES))
def test_matches_golden_image(name: str) -> None:
    picture = render(SCENES[name])
    path = GOLDEN / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN"):
        path.write_bytes(picture.png)
    assert path.exists(), f"no golden image {path.name}: run with UPDATE_GOLDEN=1 and look at it"
    got, want = decode(picture.png), decode(path.read_bytes())
    assert got.size == want.size
    diff = ImageChops.difference(got, want).convert("L").point(lambda v: 255 if v > PIXEL_DELTA else 0)
    share = diff.histogram()[255] / (got.width * got.height)
    assert share <= DIFFERENT_SHARE, f"{name}: {share:.2%} of the pixels differ from the golden image"


def test_the_tolerance_catches_a_changed_picture() -> None:
    """A wrong verdict colour or a missing token is far beyond the tolerance."""
    base = decode(render(SCENES["walk"]).png)
    changed = SCENES["walk"].__class__(**{**SCENES["walk"].__dict__, "verdict": "yes"})
    other = decode(render(changed).png)
    diff = ImageChops.difference(base, other).convert("L").point(lambda v: 255 if v > PIXEL_DELTA else 0)
    assert diff.histogram()[255] / (base.width * base.height) > DIFFERENT_SHARE


@pytest.mark.parametrize("name", sorted(SCENES))
def test_every_piece_has_its_label_drawn_inside_its_token(name: str) -> None:
    scene = SCENES[name]
    picture = render(scene)
    shown = scene.tokens if name != "full" else (
        *[t for t in scene.tokens if t.cell], *scene.flyers[: D.STRIP_SLOTS])
    assert [lb.token for lb in picture.labels] == list(shown)
    image = decode(picture.png)
    for label in picture.labels:
        x0, y0, x1, y1 = label.box
        area = _token_area(label.token, picture)
        assert area[0] <= x0 < x1 <= area[2] and area[1] <= y0 < y1 <= area[3], label
        ink = sum(image.crop(label.box).convert("L").histogram()[221:])  # white text
        assert ink >= 15, f"no white text drawn for {label.token.name!r} at {label.box}"


def _token_area(token: Token, picture: object) -> tuple[int, int, int, int]:
    if token.cell is not None:
        x, y = D._cell_origin(token.cell)
        return x, y, x + D.CELL, y + D.CELL
    return D.LEFT, D.STRIP_TOP, D.WIDTH, D.STRIP_TOP + D.STRIP


def test_labels_are_whole_names_on_the_full_board() -> None:
    """A standing token shows the whole name; a closed one (lying, less room) may cut a long
    name, and then its number is still drawn under it."""
    labels = render(SCENES["full"]).labels
    for label in labels:
        assert label.caption.startswith(label.token.number)
        if not label.token.closed:
            assert _letters(label.text) == _letters(label.token.name), label.text
    assert sum(lb.text.endswith("…") for lb in labels) <= 2


def test_every_card_name_of_the_database_fits_a_standing_token() -> None:
    """The names of all 1,042 cards: wrapped or hyphenated, never cut, at 17 px or more."""
    records = json.loads((PROJECT_ROOT / "cards/sources/berserk-nxt-data.json").read_text("utf-8"))
    names = {r["name"] for r in records}
    assert len(names) > 1000
    width, height = D.OPEN_BOX[0] - 8, D.OPEN_BOX[1] - 18 - 6
    for name in names:
        lines, font = fit_name(name, width, height)
        assert "…" not in "".join(lines) and _letters(" ".join(lines)) == _letters(name), name
        assert font.size >= 17


def _letters(text: str) -> str:
    """A label without its line breaks and hyphens, to compare with the name."""
    return text.replace("-", "").replace(" ", "")


def test_picture_size_and_format_limits() -> None:
    picture = render(SCENES["full"])
    assert picture.png.startswith(b"\x89PNG") and len(picture.png) <= MAX_BYTES
    assert decode(picture.png).size == (picture.width, picture.height) == (D.WIDTH, D.HEIGHT)
    assert all(len(render(s).png) <= MAX_BYTES for s in SCENES.values())


def test_pictures_are_cached_by_scene() -> None:
    scene = SCENES["teleport"]
    assert render(scene) is render(Scene(**scene.__dict__))
    assert render(scene) is not render(SCENES["walk"])


def test_fonts_are_shipped_with_their_licence_and_cover_the_text() -> None:
    for path in (REGULAR, BOLD, NARROW):
        assert path.is_file() and path.parent == PROJECT_ROOT / "bot/picture/fonts"
    assert "ParaType" in (FONTS / "LICENSE").read_text("utf-8")
    drawn = "".join([*ROW_NAMES.values(), *VERDICT_WORDS.values(), *LONG_NAMES,
                     "abcde0123456789?·…«»-:+ закрыт лежит на боку ваши противника Вспомогательная зона",
                     "ёЁйЙъЪ"])
    for path in (REGULAR, BOLD, NARROW):
        font = ImageFont.truetype(str(path), 20)
        missing = _glyph(font, "\ue000")  # a private-use code point: the .notdef box
        absent = sorted({ch for ch in drawn if not ch.isspace() and _glyph(font, ch) == missing})
        assert not absent, f"{path.name} lacks {absent}"
        assert _glyph(font, "→") == missing  # the test can fail: PT Sans has no arrow


def _glyph(font: ImageFont.FreeTypeFont, char: str) -> bytes:
    image = Image.new("L", (40, 40))
    ImageDraw.Draw(image).text((8, 4), char, font=font, fill=255)
    return image.tobytes()
