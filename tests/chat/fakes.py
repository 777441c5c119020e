"""A small fake Judge: a real object with the Judge's methods, returning real Answers."""

from __future__ import annotations

from bot.answers import Answer, Citation, Section
from bot.commands.mentions import find_mentions
from bot.corpus.model import Card, Term
from bot.engine.board import Cell
from bot.picture.scene import Scene, Token
from bot.rulings.model import Caller
from bot.rulings.recheck import Change
from bot.rulings.store import RulingStore

LONG = "Очень длинное название термина для проверки ограничений Discord " * 3  # > 100 chars

TERMS = [Term(id="teleportatsiya", name="Телепортация"), Term(id="pryzhok", name="Прыжок"),
         Term(id="dalnost", name="Дальность Х"), Term(id="long", name=LONG)]
TERMS += [Term(id=f"t{i}", name=f"Термин {i}") for i in range(40)]
CARDS = [Card(id="50-168", set_id=50, set_name="Путь хранителей", number=168, name="Баалит"),
         Card(id="50-194", set_id=50, set_name="Путь хранителей", number=194, name="Тень")]
CARDS += [Card(id=f"1-{i}", set_id=1, set_name="Война стихий " + "х" * 90, number=i,
               name=f"Карта {i} " + "ы" * 100) for i in range(1, 40)]


class FakeLookup:
    def __init__(self) -> None:
        self.calls: list[tuple[str, str, int]] = []

    def complete_terms(self, prefix: str, limit: int = 25) -> list[Term]:
        self.calls.append(("terms", prefix, limit))
        key = prefix.casefold()
        return [t for t in TERMS if key in t.name.casefold()][:limit]

    def complete_cards(self, prefix: str, limit: int = 25) -> list[Card]:
        self.calls.append(("cards", prefix, limit))
        key = prefix.casefold()
        return [c for c in CARDS
                if key in c.name.casefold() or key in str(c.number)][: limit + 5]  # sloppy on purpose


BOARD = Scene((Token(Cell.parse("a1"), "Баалит", "168", role="actor"),
               Token(Cell.parse("c6"), "?", "", enemy=True)),
              "телепортация a1 b6", "yes", "Можно", "teleport",
              (Cell.parse("a1"), Cell.parse("b6")), target=Cell.parse("b6"))


class FakeJudge:
    """Answers a handful of queries; ``boom`` raises (to test the error handler)."""

    corpus_version = "fake-corpus-version"

    def __init__(self) -> None:
        self.lookup = FakeLookup()
        self.runs: list[tuple[str, str]] = []
        self.callers: list[Caller | None] = []
        self.rulings: RulingStore | None = None
        self.changes: list[Change] = []  # what :meth:`recheck` reports
        self.rechecks: list[int | None] = []
        self.mention_sets: list[int | None] = []  # the default set of each mentions call

    def use_rulings(self, store: RulingStore | None) -> None:
        self.rulings = store

    def recheck(self, store: RulingStore, scope: int | None = None) -> list[Change]:
        self.rechecks.append(scope)
        return self.changes

    def mentions(self, text: str, default_set: int | None = None) -> Answer | None:
        self.mention_sets.append(default_set)
        found = find_mentions(text)
        if not found:
            return None
        return Answer(command="mention", title="Упоминания: " + ", ".join(found),
                      sections=[Section(f"«{q}»", f"Текст.\nПолностью: `!card {q}`") for q in found],
                      results=[{"query": q, "kind": "card", "name": q, "command": f"card {q}"}
                               for q in found])

    def run(self, name: str, args: str, caller: Caller | None = None,
            default_set: int | None = None) -> Answer:
        self.runs.append((name, args))
        self.callers.append(caller)
        if args == "boom":
            raise RuntimeError("boom")
        if name == "term":
            return self.term(args)
        if name == "card":
            if args.strip() in {"168", "Путь хранителей 168", "ПХ 168"}:
                return Answer(command="card", title="«Баалит» — Путь хранителей 168",
                              summary="Медленная телепортация.",
                              card={"set": "Путь хранителей", "number": 168, "name": "Баалит",
                                    "element": "Тьма", "cost": 6, "text": "Медленная телепортация."},
                              sections=[Section("Характеристики", "Жизни 9, движение 1, удар 1-2-2")])
            return Answer.failure("card", "Под «тен» подходит несколько карт.",
                                  ["«Тень» (Путь хранителей 194)", "«Баалит» (Путь хранителей 168)"])
        if name in ("check", "ruling"):
            answer = Answer(command=name, title="Телепортация a1 → b6", verdict="yes",
                            summary="Можно: клетка b6 свободна.", board="6 . ? . . .\n1 Б . . . .",
                            citations=[Citation(term="teleportatsiya", source="РП 4.1-2")],
                            picture=None if "нет картинки" in args else BOARD)
            if name == "ruling":
                answer.ruling = {"id": 1, "scope": caller.scope if caller else None}
            return answer
        if name == "search":
            return Answer(command="search", title="Поиск", results=[],
                          sections=[Section(f"Результат {i}", "x" * 900) for i in range(30)])
        return Answer(command=name, title=name.capitalize(), summary=f"Ответ на «{args}»")

    def term(self, args: str) -> Answer:
        if args.casefold() in {"телепортация", "телепортацию"}:
            return Answer(command="term", title="Телепортация", summary="Текст телепортации.",
                          term={"id": "teleportatsiya", "name": "Телепортация",
                                "source": "РП 4.1-2 от 09.11.2024", "date": "09.11.2024",
                                "text": "Текст телепортации."},
                          sections=[Section("Старая редакция", "Глоссарий"),
                                    Section("Связанные термины", "Прыжок")],
                          footer="Источник: РП 4.1-2 от 09.11.2024")
        if args == "длинный":
            return Answer(command="term", title="Т" * 400, summary="Абзац. " * 2000,
                          sections=[Section("Раздел " * 60, "слово " * 700) for _ in range(40)]
                          + [Section("Код", "x" * 3000, code=True)],
                          suggestions=[f"Вариант {i}" for i in range(30)], footer="f" * 3000)
        if args == "@everyone":
            return Answer.failure("term", "Термин «@everyone» не найден.")
        return Answer.failure("term", f"Термин «{args}» не найден точно.",
                              ["Телепортация", "Прыжок"])
