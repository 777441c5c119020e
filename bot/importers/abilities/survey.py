"""Survey of the ability sentences of a corpus: how many sentences have each shape, and how many
of them the extractor reads in full. The figures of docs/abilities.md come from it:

    .venv/bin/python -m bot.importers.abilities.survey ROOT

ROOT holds ``cards/*.yaml`` as ``berserk-judge import nxt`` writes them (its sentences are the
``text`` of each card's abilities, counted once per card — the import report's measure).
Shapes are matched on the normalised sentence (lower case, ё → е); each table is a whitelist
of phrasings, so its rows are an inventory, not a reading.
"""

from __future__ import annotations

import re
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from bot.corpus.abilities import from_data, read_in_full
from bot.corpus.yamlio import read_yaml
from bot.importers.abilities.text import normalise
from bot.importers.abilities.words import KEYWORDS, alternation

#: Prefixes before a colon that put the rest of the sentence under a mode or a named trigger.
_MODES = (
    ("«Строй: …»", r"строй"), ("«Бестелесный: …»", r"бестелесн\w*"),
    ("«На поверхности: …» / «На глубине: …»", r"на (?:поверхности|глубине)"),
    ("«Концентрация: …»", r"концентрация"), ("«Вальхалла: …»", r"вальхалла"),
    ("«Бешенство N: …»", r"бешенство \d+"), ("«Первый/Второй игрок: …»", r"(?:первый|второй) игрок"),
    ("«Простой удар: …» and other «Слово: …»", r"[а-я]+(?: [а-я]+)?"),
)
_COST_ITEM = (r"(?:закрыться|внезапное действие|фишка|[xх\d]+ фиш\w*|(?:\d+ )?жетон\w*|[xх\d]+ "
              r"жетон\w*|закрыть стоящее рядом ваше существо|\d+ раза? за (?:ход|бой))")
_COSTS = (
    ("«Внезапное действие: …»", r"внезапное действие"),
    ("«Фишка, закрыться: …», «N/X фишек: …»", r"(?:фишка|[xх\d]+ фиш\w*)"),
    ("«{token} …: …» (жетоны)", r"(?:[xх\d]+ )?жетон\w*"),
    ("«Закрыть стоящее рядом ваше существо: …»", r"закрыть стоящее рядом ваше существо"),
    ("«1 раз за ход: …»", r"\d+ раза? за (?:ход|бой)"),
    ("«Закрыться: …»", r"закрыться"),
)
_TRIGGERS = (
    ("«В начале … хода/боя»", r"в ?начале "), ("«В конце … хода»", r"в конце "),
    ("«До начала вашего хода», «До набора отряда»", r"до (?:начала|набора) "),
    ("«При наборе …», «При рассадке …»", r"при (?:наборе|рассадке) "),
    ("«При гибели …»", r"при гибели"),
    ("«При [сильном …] простом ударе / ударе …»", r"при (?:(?:слаб|средн|сильн)\w+ (?:или \w+ )?)?"
                                                   r"(?:простом |ближнем |особом |магическом )?"
                                                   r"ударе"),
    ("«При выстреле / метании / разряде / атаке …»",
     r"при (?:(?:слаб|средн|сильн|дальн|ближн)\w+ (?:или \w+ )?)*(?:выстреле|метании|разряде|"
     r"атаке|нападении|промахе)"),
    ("«При движении / перемещении / прыжке / телепортации / рывке …»",
     r"при (?:движении|передвижении|перемещении|прыжке|телепортации|рывке)"),
    ("«При …» (other events)", r"при "),
    ("«Когда …»", r"когд[аи] "), ("«После …»", r"после "), ("«Вместо …»", r"вместо "),
    ("«Если …»", r"если "),
)
_STATICS = (
    ("lone keyword / icon (± value)", r"(?:\{[a-z]+\}|" + alternation(KEYWORDS) + r")(?: \d+)?"),
    ("«Добивание на N», «Вампиризм на …» (keyword with «на N»)", r"(?:добивание|вампиризм) на .*"),
    ("«Прыжок, дальность N», «Метание/Выстрел/Разряд/Удар через ряд/Магический удар на …»",
     r"(?:прыжок|метание|выстрел|разряд|удар через ряд|магический удар|особый удар)\b.*"),
    ("«начинает бой с …»", r"начинает бой с .*"),
    ("«+X к …» (bonus)", r"[+][\dxх]+ к .*"), ("«-X от …» (reduction)", r"[-–−] ?[\dxх]+ от .*"),
    ("«-X к …» (penalty)", r"[-–−] ?[\dxх]+ к .*"), ("«Защита от …»", r"защита от .*"),
    ("«Игнорирует …»", r"игнорирует .*"), ("«Максимум N …»", r"максимум .*"),
    ("«Может/Могут …»", r"(?:может|могут) .*"), ("«Не может …», «Не получает …»", r"не .*"),
    ("«Пока …, …»", r"пока .*"),
    ("named «Воздействие/Заклинание … …» first", r"(?:воздействие|заклинание)\b.*"),
    ("«ранить …»", r"ранить.*"), ("«излечить(ся) …»", r"(?:полностью )?излечи.*"),
    ("«получить/получает …»", r"получ(?:ить|ает|ают).*"),
    ("«переместить(ся) …», «поменяться местами …»", r"(?:переместить|поменять)\w*.*"),
    ("«вызвать …»", r"вызвать.*"), ("«открыть/закрыть …»", r"(?:открыть|закрыть).*"),
)
#: Phrases counted anywhere in a sentence (one sentence may have several).
_FEATURES = (
    ("limit «(N раз за ход/бой)»", r"\d+ раза? (?:за|в) (?:ход|бой)|(?:один|два|три) раза? за"),
    ("named impact «воздействие …»", r"воздействие"), ("named spell «заклинание …»", r"заклинание"),
    ("condition «пока …»", r"\bпока\b"), ("condition «если …»", r"\bесли\b"),
    ("«где X …» / «X» amount", r"\bгде [xх]\b|\b[xх]\b"),
    ("optional «может …»", r"\bмож(?:ет|ете|гут)\b"),
    ("duration «до конца … хода/боя»", r"до конца (?:\w+ )?(?:хода|боя)"),
    ("«Внезапное действие»", r"внезапное действие"), ("counters (фишки)", r"фиш[кеа]"),
    ("tokens (жетоны)", r"жетон"), ("«Защита от …»", r"защит[аеуы] от"),
    ("«-X от …» reduction", r"[-–−] ?[\dxх]+ от "), ("«+X к …» bonus", r"[+][\dxх]+ к "),
    ("«Игнорирует …»", r"игнорирует"), ("«сводится/сводятся к …»", r"свод[ия]тся к"),
    ("ranged attack «метание/выстрел/разряд … на N»",
     r"(?:метание|выстрел|разряд)\w* [^,.;]*?на [\dxх]"),
    ("jump / teleport", r"прыж|телепорт"),
    ("«по диагонали»", r"по диагонали"), ("«на клетку, занятую …»", r"на клетку,? занят"),
    ("swap «поменяться/поменявшись местами»", r"помен\w+ местами"),
    ("«как на соседн…/стоящ… рядом»", r"как (?:на|по) (?:соседн|стоящ|рядом)"),
    ("«в том числе по карте рядом»", r"в том числе по карт"),
    ("wound «ранить … на N»", r"ранит\w*\b"), ("heal «излечить …»", r"излеч"),
    ("summon «вызвать …»", r"вызва"), ("destroy / exile «уничтожить/изгнать»",
                                       r"уничтож|изгна"),
    ("open / close «открыть/закрыть …» (not the cost)", r"\b(?:открыт|закрыт)ь(?:ся)?\b(?!\s*:)"),
)


@dataclass
class Row:
    sentences: int = 0
    read: int = 0


@dataclass
class Survey:
    total: Row = field(default_factory=Row)
    shapes: dict[str, Counter[str]] = field(default_factory=dict)
    read: dict[str, Counter[str]] = field(default_factory=dict)

    def add(self, table: str, shape: str, ok: bool) -> None:
        self.shapes.setdefault(table, Counter())[shape] += 1
        self.read.setdefault(table, Counter())[shape] += ok


def sentences(root: Path) -> Iterable[tuple[str, bool]]:
    """Each ability sentence of the cards under ``root`` (once per card) and whether it is read
    in full."""
    for path in sorted((root / "cards").glob("*.yaml")):
        for card in read_yaml(path).get("cards", []):
            seen: dict[str, bool] = {}
            for data in card.get("abilities", []):
                ok = read_in_full(from_data(data))
                seen[data["text"]] = seen.get(data["text"], True) and ok
            yield from seen.items()


def shape(sentence: str) -> tuple[str, str]:
    """(the outer frame, the head under it) of a normalised sentence."""
    s = sentence
    for name, pattern in _MODES:
        m = re.match(rf"({pattern})\s*:\s*(?!\s*$)", s)
        if m and not re.match(_COST_ITEM + r"\s*[,:]", s):
            return f"mode {name}", _head(s[m.end():])
    m = re.match(rf"(?:{_COST_ITEM}\s*[,:]\s*)+", s)
    if m and ":" in m.group(0):
        cost = next(n for n, p in _COSTS if re.search(rf"(?:^|[ ,]){p}\s*[,:]", m.group(0)))
        return f"cost {cost}", _head(s[m.end():])
    return "—", _head(s)


def _head(s: str) -> str:
    for name, pattern in _TRIGGERS:
        if re.match(pattern, s):
            return f"trigger {name}"
    for name, pattern in _STATICS:
        if re.fullmatch(pattern, s):
            return name
    return "other effect or rule"


def survey(root: Path) -> Survey:
    out = Survey()
    for text, ok in sentences(root):
        s = normalise(text)
        out.total.sentences += 1
        out.total.read += ok
        frame, head = shape(s)
        out.add("frame", frame, ok)
        out.add("head", head, ok)
        out.add("frame → head", f"{frame} → {head}", ok)
        for name, pattern in _FEATURES:
            if re.search(pattern, s):
                out.add("feature", name, ok)
    return out


def markdown(result: Survey, top: int = 40) -> str:
    t = result.total
    lines = [f"{t.sentences} ability sentences, {t.read} read in full "
             f"({100 * t.read / max(t.sentences, 1):.1f}%).", ""]
    titles = {"frame": "Outer frame (mode prefix, cost prefix, or none)",
              "head": "Head of the sentence (after its mode and cost prefixes)",
              "frame → head": f"Frame and head together (the {top} most common)",
              "feature": "Phrases anywhere in a sentence (a sentence may count in several rows)"}
    for table, title in titles.items():
        lines += [f"**{title}**", "", "| shape | sentences | read in full |", "|---|---:|---:|"]
        rows = result.shapes.get(table, Counter()).most_common(top if table == "frame → head"
                                                                else None)
        lines += [f"| {name} | {n} | {result.read[table][name]} |" for name, n in rows]
        lines.append("")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m bot.importers.abilities.survey ROOT", file=sys.stderr)
        return 2
    print(markdown(survey(Path(args[0]))))
    return 0


if __name__ == "__main__":
    sys.exit(main())
