"""Draw a :class:`~bot.picture.scene.Scene` as a PNG with Pillow.

The field is 5 columns a–e × 6 rows, the opponent's third row at the top and yours at the
bottom, each row labelled from the asker (ваш 3-й ряд … 3-й ряд противника). Pieces are card
tokens with their name and number, yours blue, the opponent's orange; a closed piece lies on
its side (landscape) marked «закрыт»; flyers stand in the auxiliary strip under the field. The
question is drawn in the verdict's colour: a walking path, a jump's arc, a teleport's dashed
line, a swap, a shot or a measure, with the range area shaded and the target ringed.

Fonts are shipped in ``bot/picture/fonts`` (PT Sans, made for Russian; see its LICENSE), text
set by :mod:`bot.picture.text`; system fonts are never used. Pictures are cached by scene, so
the same position and question is drawn once.

>>> from bot.engine.board import Cell
>>> from bot.picture.scene import Scene, Token
>>> pic = render(Scene((Token(Cell.parse("a1"), "Баалит", "168"),), "телепортация a1 → b6",
...                    "yes", "Можно"))
>>> pic.png[:4], (pic.width, pic.height), pic.labels[0].text
(b'\\x89PNG', (670, 954), 'Баалит')
"""

from __future__ import annotations

import io
import logging
import math
from dataclasses import dataclass
from functools import cache, lru_cache

from PIL import Image, ImageDraw

from bot.engine.board import COLUMNS, ROWS, Cell, row_name
from bot.picture.scene import Scene, Token
from bot.picture.text import BOLD, REGULAR, fit_line, fit_name, font_of, wrap

log = logging.getLogger(__name__)

# Layout, in pixels. A phone shows the picture full width at ~390 pt (×0.58): the smallest
# text (16 px) is ~9 pt there, a token's name (16–21 px) up to 12 pt.
CELL = 102
LEFT = 150  # the row labels
RIGHT = 10
BANNER = 92  # the verdict and the question
LETTERS = 32  # the column letters above and below the field
STRIP = 134  # the auxiliary zone
LEGEND = 46
WIDTH = LEFT + CELL * len(COLUMNS) + RIGHT
FIELD_TOP = BANNER + LETTERS
FIELD_BOTTOM = FIELD_TOP + CELL * ROWS
STRIP_TOP = FIELD_BOTTOM + LETTERS + 6
HEIGHT = STRIP_TOP + STRIP + LEGEND
OPEN_BOX = (94, 92)  # a standing card token
CLOSED_BOX = (98, 72)  # a closed card lies on its side
STRIP_SLOTS = 5  # flyers shown in the strip; more are counted «+N»

Rgb = tuple[int, int, int]
BACKGROUND: Rgb = (246, 243, 236)
INK: Rgb = (40, 40, 46)
GRID: Rgb = (170, 162, 148)
OWN_FIELD: Rgb = (228, 235, 247)
ENEMY_FIELD: Rgb = (248, 234, 222)
AREA: Rgb = (252, 226, 140)  # the range or radius, whatever the verdict
OWN: Rgb = (37, 99, 196)
ENEMY: Rgb = (205, 102, 20)
VERDICT_COLOURS: dict[str, Rgb] = {
    "yes": (34, 128, 60), "no": (200, 40, 40), "unknown": (96, 96, 110),
}
WHITE: Rgb = (255, 255, 255)
STRIP_FILL: Rgb = (236, 232, 224)


@dataclass(frozen=True)
class DrawnLabel:
    """A token's label as drawn: its name's lines joined, its box on the picture and the
    caption under it (the number, «закрыт»)."""

    token: Token
    text: str
    box: tuple[int, int, int, int]
    caption: str = ""


@dataclass(frozen=True)
class Picture:
    png: bytes
    width: int
    height: int
    labels: tuple[DrawnLabel, ...]


@lru_cache(maxsize=128)
def render(scene: Scene) -> Picture:
    """The scene as a PNG (cached by scene: the position, the question and its verdict)."""
    image = _base().copy()
    draw = ImageDraw.Draw(image)
    _banner(draw, scene)
    for cell in scene.area:
        _fill_cell(draw, cell, AREA)
    if scene.area:
        _front_line(draw)
        _area_legend(draw, scene.area_label)
    colour = VERDICT_COLOURS[scene.verdict]
    centres = _token_centres(scene)
    points = _stroke_points(scene, centres)
    _line(draw, scene.stroke, points, colour)  # under the tokens: it never hides a label
    labels = [_token(image, token, centres[i]) for i, token in enumerate(scene.tokens)
              if i in centres]
    _overflow(draw, scene)
    _heads(draw, scene.stroke, points, colour)
    _rings(draw, scene, centres, colour)
    buffer = io.BytesIO()
    # A palette image: a full board ~60 KB instead of ~170 KB in RGB. The palette is fixed (the
    # colours drawn and the anti-aliasing steps between them), so mapping to it costs ~1 ms
    # where an adaptive palette costs ~6; zlib's fastest level does the rest in ~2 ms.
    image.quantize(palette=_palette(), dither=Image.Dither.NONE).save(buffer, "PNG",
                                                                       compress_level=1)
    return Picture(buffer.getvalue(), WIDTH, HEIGHT, tuple(labels))


def render_png(scene: Scene) -> bytes:
    return render(scene).png


# ---------------------------------------------------------------------------------------------
# The static part: field, labels, letters, strip and legend, drawn once per process


@cache
def _base() -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), BACKGROUND)
    draw = ImageDraw.Draw(image)
    for row in range(1, ROWS + 1):
        for col in range(len(COLUMNS)):
            _fill_cell(draw, Cell(col, row), OWN_FIELD if row <= 3 else ENEMY_FIELD)
        _row_label(draw, row)
    for col, letter in enumerate(COLUMNS):
        x = LEFT + col * CELL + CELL // 2
        for y in (BANNER + LETTERS // 2, FIELD_BOTTOM + LETTERS // 2):
            draw.text((x, y), letter, font=font_of(BOLD, 24), fill=INK, anchor="mm")
    _front_line(draw)
    draw.rounded_rectangle((LEFT - 140, STRIP_TOP, WIDTH - RIGHT, STRIP_TOP + STRIP - 8),
                           radius=12, fill=STRIP_FILL, outline=GRID, width=2)
    draw.multiline_text((LEFT - 130, STRIP_TOP + STRIP // 2 - 4), "Вспомога-\nтельная\nзона",
                        font=font_of(REGULAR, 17), fill=INK, anchor="lm", spacing=2)
    _legend(draw)
    return image


def _front_line(draw: ImageDraw.ImageDraw) -> None:
    """Between your first row and the opponent's."""
    middle = FIELD_TOP + 3 * CELL
    draw.line((LEFT - 6, middle, LEFT + CELL * len(COLUMNS) + 6, middle), fill=INK, width=4)


def _fill_cell(draw: ImageDraw.ImageDraw, cell: Cell, colour: Rgb) -> None:
    x0, y0 = _cell_origin(cell)
    draw.rectangle((x0, y0, x0 + CELL, y0 + CELL), fill=colour, outline=GRID, width=2)


def _row_label(draw: ImageDraw.ImageDraw, row: int) -> None:
    y = FIELD_TOP + (ROWS - row) * CELL + CELL // 2
    draw.text((LEFT - 12, y), str(row), font=font_of(BOLD, 26), fill=INK, anchor="rm")
    # «ваш 1-й ряд» / «1-й ряд противника»: never split «1-й ряд»
    font = font_of(REGULAR, 17)
    lines = wrap(row_name(row).replace("й ряд", "й\u00a0ряд"), font, LEFT - 40)
    draw.multiline_text((8, y), "\n".join(lines), font=font,
                        fill=OWN if row <= 3 else ENEMY, anchor="lm", spacing=3)


def _legend(draw: ImageDraw.ImageDraw) -> None:
    y = HEIGHT - LEGEND // 2 - 4
    x = 12
    font = font_of(REGULAR, 17)
    for colour, text, closed in ((OWN, "ваши", False), (ENEMY, "противника", False),
                                 (_mix(OWN, WHITE, 0.25), "закрыт (лежит на боку)", True)):
        w, h = (26, 18) if closed else (18, 24)
        draw.rounded_rectangle((x, y - h // 2, x + w, y + h // 2), radius=4, fill=colour)
        x += w + 6
        draw.text((x, y), text, font=font, fill=INK, anchor="lm")
        x += int(draw.textlength(text, font=font)) + 22


# ---------------------------------------------------------------------------------------------
# The dynamic part


def _area_legend(draw: ImageDraw.ImageDraw, label: str) -> None:
    """The shaded area's meaning at the legend's right end: «дальность 3», «радиус 3»."""
    if not label:
        return
    font = font_of(REGULAR, 17)
    y = HEIGHT - LEGEND // 2 - 4
    x = WIDTH - RIGHT - 4 - int(font.getlength(label))
    draw.text((x, y), label, font=font, fill=INK, anchor="lm")
    draw.rounded_rectangle((x - 28, y - 11, x - 6, y + 11), radius=4, fill=AREA, outline=GRID)


def _banner(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    colour = VERDICT_COLOURS[scene.verdict]
    draw.rectangle((0, 0, WIDTH, BANNER - 6), fill=colour)
    verdict = fit_line(scene.verdict_text, BOLD, (36, 32, 28), WIDTH - 32)
    draw.text((16, 6), verdict[0], font=verdict[1], fill=WHITE)
    question = fit_line(scene.question, REGULAR, (22, 20, 18), WIDTH - 32)
    draw.text((16, 54), question[0], font=question[1], fill=WHITE)


def _token_centres(scene: Scene) -> dict[int, tuple[int, int]]:
    """Where each token stands: its cell's centre, or a slot in the auxiliary strip."""
    centres: dict[int, tuple[int, int]] = {}
    slot = 0
    for i, token in enumerate(scene.tokens):
        if token.cell is not None:
            x0, y0 = _cell_origin(token.cell)
            centres[i] = (x0 + CELL // 2, y0 + CELL // 2)
        elif slot < STRIP_SLOTS:
            centres[i] = (LEFT + slot * CELL + CELL // 2, STRIP_TOP + (STRIP - 8) // 2)
            slot += 1
    return centres


def _overflow(draw: ImageDraw.ImageDraw, scene: Scene) -> None:
    hidden = len(scene.flyers) - STRIP_SLOTS
    if hidden > 0:
        draw.text((WIDTH - RIGHT - 4, STRIP_TOP + STRIP - 14), f"+{hidden}",
                  font=font_of(BOLD, 20), fill=INK, anchor="rb")


def _token(image: Image.Image, token: Token, centre: tuple[int, int]) -> DrawnLabel:
    """Paste the token's card (drawn once per look, see :func:`_sprite`) centred on ``centre``."""
    sprite, (x0, y0, x1, y1), text, caption = _sprite(token.name, token.number, token.enemy,
                                                      token.closed)
    left, top = centre[0] - sprite.width // 2, centre[1] - sprite.height // 2
    image.paste(sprite, (left, top), sprite)
    return DrawnLabel(token, text, (left + x0, top + y0, left + x1, top + y1), caption)


@lru_cache(maxsize=256)  # a sprite is ~35 KB of pixels: 1,024 of them held 36 MB at scale
def _sprite(name: str, number: str, enemy: bool, closed: bool
            ) -> tuple[Image.Image, tuple[int, int, int, int], str, str]:
    """A token as a transparent image: the card (standing, or lying when closed) in its side's
    colour, its name and under it the number («закрыт» for a closed one); with the name's box
    in the image, the name as drawn and the caption. Text is most of a picture's drawing time,
    so each look is drawn once and pasted after."""
    w, h = CLOSED_BOX if closed else OPEN_BOX
    sprite = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    draw = ImageDraw.Draw(sprite)
    colour = ENEMY if enemy else OWN
    fill = _mix(colour, WHITE, 0.25) if closed else colour
    draw.rounded_rectangle((0, 0, w, h), radius=9, fill=fill, outline=_mix(colour, INK, 0.5),
                           width=2)
    caption = " · ".join(filter(None, (number, "закрыт"))) if closed else number
    caption_h = 18 if caption else 0
    lines, font = fit_name(name, w - 8, h - caption_h - 6)
    text = "\n".join(lines)
    at = (w // 2, h // 2 - caption_h // 2)
    draw.multiline_text(at, text, font=font, fill=WHITE, anchor="mm", spacing=1, align="center")
    x0, y0, x1, y1 = draw.multiline_textbbox(at, text, font=font, anchor="mm", spacing=1,
                                             align="center")
    if caption:
        draw.text((w // 2, h - 4), caption, font=font_of(REGULAR, 16), fill=WHITE, anchor="mb")
    return sprite, (int(x0), int(y0), int(x1), int(y1)), " ".join(lines), caption


def _stroke_points(scene: Scene, centres: dict[int, tuple[int, int]]) -> list[tuple[int, int]]:
    """The stroke as a polyline from the asking piece's edge to the target's."""
    ends = _stroke_ends(scene, centres)
    if ends is None or not scene.stroke:
        return []
    start, end = ends
    if scene.stroke == "walk" and len(scene.path) > 2:
        points = [start, *(_centre(c) for c in scene.path[1:-1]), end]
    elif scene.stroke == "jump":
        points = _arc(start, end)
    else:
        points = [start, end]
    points = _trim(points, start_by=_gap(scene, "actor"), end_by=_gap(scene, "target"))
    return points if len(points) >= 2 else []


def _line(draw: ImageDraw.ImageDraw, stroke: str, points: list[tuple[int, int]],
          colour: Rgb) -> None:
    if not points:
        return
    width = 4 if stroke in ("measure", "link") else 7
    if stroke == "teleport":
        _dashed(draw, points[0], points[-1], colour, width)
    else:
        draw.line(points, fill=colour, width=width, joint="curve")


def _heads(draw: ImageDraw.ImageDraw, stroke: str, points: list[tuple[int, int]],
           colour: Rgb) -> None:
    """Arrowheads (a swap has two), or dots at a measure's or link's ends."""
    if not points:
        return
    if stroke in ("walk", "jump", "teleport", "shot", "swap"):
        _arrowhead(draw, points[-2], points[-1], colour)
    if stroke == "swap":
        _arrowhead(draw, points[1], points[0], colour)
    if stroke in ("measure", "link"):
        for x, y in (points[0], points[-1]):
            draw.ellipse((x - 6, y - 6, x + 6, y + 6), fill=colour)


def _stroke_ends(scene: Scene, centres: dict[int, tuple[int, int]]
                 ) -> tuple[tuple[int, int], tuple[int, int]] | None:
    """The stroke's ends: the path's cells, or a flyer's token in the strip."""
    def end(role: str, cell: Cell | None) -> tuple[int, int] | None:
        for i, token in enumerate(scene.tokens):
            if token.role == role and (token.cell is None or token.cell == cell) and i in centres:
                return centres[i]
        return _centre(cell) if cell is not None else None

    first = scene.path[0] if scene.path else None
    last = scene.path[-1] if scene.path else scene.target
    a, b = end("actor", first), end("target", last)
    return (a, b) if a is not None and b is not None and a != b else None


def _gap(scene: Scene, role: str) -> int:
    """How far from a token's centre a stroke starts or stops (its edge), 0 for an empty cell."""
    token = next((t for t in scene.tokens if t.role == role), None)
    if token is None:
        return 0
    w, h = CLOSED_BOX if token.closed else OPEN_BOX
    return min(w, h) // 2 + 6


def _rings(draw: ImageDraw.ImageDraw, scene: Scene, centres: dict[int, tuple[int, int]],
           colour: Rgb) -> None:
    """A ring round the asking piece and the target; an empty target cell gets a ring too."""
    for i, token in enumerate(scene.tokens):
        if token.role and i in centres:
            w, h = CLOSED_BOX if token.closed else OPEN_BOX
            cx, cy = centres[i]
            draw.rounded_rectangle((cx - w // 2 - 5, cy - h // 2 - 5, cx + w // 2 + 5,
                                    cy + h // 2 + 5), radius=12, outline=colour,
                                   width=5 if token.role == "target" else 3)
    cell = scene.target
    if cell is not None and not any(t.cell == cell for t in scene.tokens):
        cx, cy = _centre(cell)
        draw.ellipse((cx - 30, cy - 30, cx + 30, cy + 30), outline=colour, width=6)


@cache
def _palette() -> Image.Image:
    """Every colour the picture draws, and 4 anti-aliasing steps between each ink and each
    ground it is drawn on (text, lines, token edges): ≤ 256 colours."""
    grounds = (BACKGROUND, OWN_FIELD, ENEMY_FIELD, AREA, STRIP_FILL)
    inks = (INK, OWN, ENEMY, GRID, *VERDICT_COLOURS.values())
    fills = (OWN, ENEMY, _mix(OWN, WHITE, 0.25), _mix(ENEMY, WHITE, 0.25),
             *VERDICT_COLOURS.values())
    edges = [(_mix(c, INK, 0.5), g) for c in (OWN, ENEMY) for g in grounds[1:4]]
    pairs = [(i, g) for i in inks for g in grounds] + [(WHITE, f) for f in fills] + edges
    colours = dict.fromkeys(_mix(a, b, k / 5) for a, b in pairs for k in range(6))
    assert len(colours) <= 256, len(colours)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for c in colours for v in c])
    return palette


# ---------------------------------------------------------------------------------------------
# Geometry and text helpers


def _cell_origin(cell: Cell) -> tuple[int, int]:
    return LEFT + cell.col * CELL, FIELD_TOP + (ROWS - cell.row) * CELL


def _centre(cell: Cell) -> tuple[int, int]:
    x0, y0 = _cell_origin(cell)
    return x0 + CELL // 2, y0 + CELL // 2


def _arc(start: tuple[int, int], end: tuple[int, int], steps: int = 16) -> list[tuple[int, int]]:
    """A jump: a quadratic curve bulging upwards (rightwards for a jump straight up or down)."""
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = (abs(dy), 0) if dx == 0 else (dy, -dx) if dx > 0 else (-dy, dx)
    bulge = min(60.0, length / 3) / length
    cx, cy = (x0 + x1) / 2 + nx * bulge, (y0 + y1) / 2 + ny * bulge
    out = []
    for i in range(steps + 1):
        t = i / steps
        out.append((round((1 - t) ** 2 * x0 + 2 * (1 - t) * t * cx + t * t * x1),
                    round((1 - t) ** 2 * y0 + 2 * (1 - t) * t * cy + t * t * y1)))
    return out


def _trim(points: list[tuple[int, int]], start_by: int, end_by: int) -> list[tuple[int, int]]:
    """Shorten a polyline at both ends, so it starts and stops at a token's edge."""
    if start_by:
        points = list(reversed(_cut_end(list(reversed(points)), start_by)))
    if end_by:
        points = _cut_end(points, end_by)
    return points


def _cut_end(points: list[tuple[int, int]], by: float) -> list[tuple[int, int]]:
    while len(points) >= 2:
        (x0, y0), (x1, y1) = points[-2], points[-1]
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg > by:
            k = (seg - by) / seg
            return [*points[:-1], (round(x0 + (x1 - x0) * k), round(y0 + (y1 - y0) * k))]
        by -= seg
        points = points[:-1]
    return points


def _arrowhead(draw: ImageDraw.ImageDraw, tail: tuple[int, int], tip: tuple[int, int],
               colour: Rgb, size: int = 20) -> None:
    angle = math.atan2(tip[1] - tail[1], tip[0] - tail[0])
    left = (tip[0] - size * math.cos(angle - 0.45), tip[1] - size * math.sin(angle - 0.45))
    right = (tip[0] - size * math.cos(angle + 0.45), tip[1] - size * math.sin(angle + 0.45))
    draw.polygon([tip, left, right], fill=colour)


def _dashed(draw: ImageDraw.ImageDraw, a: tuple[int, int], b: tuple[int, int], colour: Rgb,
            width: int, dash: int = 14, gap: int = 9) -> None:
    length = math.hypot(b[0] - a[0], b[1] - a[1])
    if not length:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    pos = 0.0
    while pos < length:
        stop = min(pos + dash, length)
        draw.line((a[0] + ux * pos, a[1] + uy * pos, a[0] + ux * stop, a[1] + uy * stop),
                  fill=colour, width=width)
        pos = stop + gap


def _mix(a: Rgb, b: Rgb, k: float) -> Rgb:
    """``a`` moved by ``k`` towards ``b``."""
    return (round(a[0] + (b[0] - a[0]) * k), round(a[1] + (b[1] - a[1]) * k),
            round(a[2] + (b[2] - a[2]) * k))


def png_or_none(scene: Scene | None) -> bytes | None:
    """The scene's PNG, or None when there is no scene or it cannot be drawn: the failure is
    logged and the text answer goes out without its picture."""
    if scene is None:
        return None
    try:
        return render_png(scene)
    except Exception:
        log.exception("the board picture of %r could not be drawn", scene.question)
        return None
