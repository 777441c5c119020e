"""The board picture of a ``!check``: the position and the question drawn as a PNG.

:mod:`bot.picture.scene` says what is drawn (a hashable value built from the parsed position,
the question and the verdict); :mod:`bot.picture.draw` draws it with Pillow and the fonts
shipped in ``bot/picture/fonts``. Core code: no discord, no I/O besides reading the fonts.
Pillow is loaded only when a picture is drawn (``bot.picture.draw``), not by building a scene.
"""
