"""The board picture of a ``!check``: the position and the question drawn as a PNG.

:mod:`bot.picture.scene` says what is drawn (a hashable value built from the parsed position,
the question and the verdict); :mod:`bot.picture.draw` draws it with Pillow and the fonts
shipped in ``bot/picture/fonts``. Core code: no discord, no I/O besides reading the fonts.
"""

from bot.picture.draw import Picture, render, render_png
from bot.picture.scene import Scene, Token, scene_for

__all__ = ["Picture", "Scene", "Token", "render", "render_png", "scene_for"]
