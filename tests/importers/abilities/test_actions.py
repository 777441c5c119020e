"""Effects of bot/importers/abilities/actions.py on real sentences of the card database:
redirects, several attacks at once, a wound within a range, moves to more cells, «обязано
напасть» — each with its reading written by hand, and near misses that stay unread (one made
up: «Проба»)."""

from typing import Any

import pytest

from bot.corpus.abilities import Attack, Redirect, Selector, read_in_full
from bot.importers.abilities import extract_abilities
from bot.importers.abilities.actions import redirect, volley
from bot.importers.abilities.audit import entries_of

ENEMY_CARD = {"what": "card", "side": "enemy"}

READ: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("Оруженосец", "Внезапное действие: Перенаправить атаку со стоящего рядом существа в себя "
     "(1 раз за ход)",
     [{"kind": "activated", "instant": True,
       "effects": [{"kind": "redirect", "attacks": [{"kind": "attack"}],
                    "from": {"place": "adjacent"}, "to": "self"}],
       "limit": {"count": 1, "per": "turn"}}]),
    ("Эльф-дуэлянт", "Внезапное действие: Перенаправить в себя выстрел или метание со стоящей "
     "рядом карты (1 раз за ход)",
     [{"kind": "activated", "instant": True,
       "effects": [{"kind": "redirect", "attacks": [{"kind": "shot"}, {"kind": "throw"}],
                    "from": {"what": "card", "place": "adjacent"}, "to": "self"}],
       "limit": {"count": 1, "per": "turn"}}]),
    ("Любимец капитана", "Внезапное действие: Перенаправить атаку с себя в хозяина (1 раз за ход)",
     [{"kind": "activated", "instant": True,
       "effects": [{"kind": "redirect", "attacks": [{"kind": "attack"}], "from": "self",
                    "to": "host"}],
       "limit": {"count": 1, "per": "turn"}}]),
    ("Валькирия", "Внезапное действие: Закрыться: Воздействие щит Одина перенаправить атаку с "
     "себя в другое ваше горное существо.",
     [{"kind": "activated", "cost": {"tap": True}, "instant": True,
       "effects": [{"kind": "redirect", "attacks": [{"kind": "attack"}], "from": "self",
                    "to": {"side": "own", "other": True, "elements": ["Горы"]}}],
       "impact": "щит одина"}]),
    ("Темный эльф", "Закрыться: Два выстрела на 1-2-2, только по разным картам.",
     [{"kind": "activated", "cost": {"tap": True},
       "effects": [{"kind": "shot", "values": [1, 2, 2], "count": 2,
                    "different_targets": True}]}]),
    ("Требушет", "Закрыться: Три или менее метания на 1, дальность 4, только по разным картам.",
     [{"kind": "activated", "cost": {"tap": True},
       "effects": [{"kind": "throw", "values": [1, 1, 1], "range": 4, "count": 3,
                    "or_fewer": True, "different_targets": True}]}]),
    ("Кентавр", "Закрыться: X особых ударов цепом на 1, только по разным картам противника, где X "
     "количество клеток, на которое передвинулся Кентавр в этот ход.",
     [{"kind": "activated", "cost": {"tap": True},
       "effects": [{"kind": "strike", "attack": "special_strike", "values": [1, 1, 1],
                    "name": "цепом", "target": ENEMY_CARD, "count": "X",
                    "different_targets": True}],
       "x": {"count": "cells_moved"}}]),
    ("Торбьерн", "В начале хода противника стоящее рядом существо противника (по его выбору) "
     "обязано 1 раз напасть на Торбьерна {strike} .",
     [{"kind": "trigger", "when": {"event": "turn_start", "turn": "enemy"},
       "effects": [{"kind": "must_attack", "who": {"side": "enemy", "place": "adjacent"},
                    "attack": {"kind": "simple_strike"}, "their_choice": True}]}]),
    ("Йоро", "В начале вашего хода может переместиться на стоящее рядом существо противника.",
     [{"kind": "trigger", "when": {"event": "turn_start", "turn": "own"},
       "effects": [{"kind": "move",
                    "to": {"occupied_by": {"side": "enemy", "place": "adjacent"}}}],
       "optional": True}]),
    ("Стражник Тугарда", "В начале хода может поменяться местами с существом, с которым стоит в "
     "строю.",
     [{"kind": "trigger", "when": {"event": "turn_start", "turn": "any"},
       "effects": [{"kind": "swap", "with": {"place": "in_formation"}}], "optional": True}]),
    ("Русалка", "Концентрация: переместить выбранное существо противника на соседнюю с ним клетку.",
     [{"kind": "trigger", "when": {"event": "concentration"},
       "effects": [{"kind": "move", "target": {"side": "enemy"}, "to": {"adjacent": True}}]}]),
    ("Хранитель Хартии", "В конце вашего хода может переместить ваше существо на соседнюю клетку "
     "рядом с собой (1 раз за бой)",
     [{"kind": "trigger", "when": {"event": "turn_end", "turn": "own"},
       "effects": [{"kind": "move", "target": {"side": "own"},
                    "to": {"adjacent": True, "next_to": "self"}}],
       "optional": True, "limit": {"count": 1, "per": "battle"}}]),
    ("Алтея", "При рывке другого вашего существа — Алтея может переместить его на клетку рядом с "
     "собой, при этом излечить его на 2 (2 раза за ход, воздействие \u200b«врата света»).",
     [{"kind": "trigger", "when": {"event": "dash", "subject": {"side": "own", "other": True}},
       "effects": [{"kind": "move", "target": "that", "to": {"next_to": "self"}},
                   {"kind": "heal", "value": 2, "target": "that"}],
       "optional": True, "limit": {"count": 2, "per": "turn"}, "impact": "врата света"}]),
    ("Хаосит", "Закрыться: Воздействие когти хаоса ранить выбранное существо на 2, дальность 4.",
     [{"kind": "activated", "cost": {"tap": True},
       "effects": [{"kind": "wound", "value": 2, "target": {}, "range": 4}],
       "impact": "когти хаоса"}]),
]


@pytest.mark.parametrize(("name", "text", "reading"), READ, ids=[r[0] for r in READ])
def test_read(name: str, text: str, reading: list[dict[str, Any]]) -> None:
    assert entries_of(text, name) == reading


UNREAD = [
    # «с «фуражом»»: a bare marker name other than «оберег» (50-189) is not read
    ("Ангел-хранитель", "Внезапное действие: Перенаправить атаку с вашего существа с «фуражом» "
     "в себя (1 раз за ход)."),
    # «переместиться на соседнюю с ним клетку»: «ним» is another card
    ("Проба", "При ударе переместиться на соседнюю с ним клетку."),
]


@pytest.mark.parametrize(("name", "text"), UNREAD, ids=[r[0] for r in UNREAD])
def test_unread(name: str, text: str) -> None:
    assert not all(read_in_full(a) for a in extract_abilities(text, name=name))


def test_redirect_needs_both_cards() -> None:
    assert redirect("перенаправить атаку в себя") is None
    assert redirect("перенаправить атаку со стоящего рядом существа") is None
    assert redirect("перенаправить атаку с себя в хозяина") == (
        Redirect(attacks=(Attack(kind="attack"),), from_="self", to="host"), "")


@pytest.mark.parametrize("text", [
    "два выстрелов на 2",  # the count and the noun's number disagree
    "пять выстрела на 2",
    "один выстрел на 2",
])
def test_volley_count_agrees_with_its_noun(text: str) -> None:
    assert volley(text) is None


def test_volley_keeps_what_it_does_not_read() -> None:
    found = volley("пять выстрелов на 2, только по одной карте")
    assert found is not None and found[1] == ", только по одной карте"
    assert volley("x особых ударов на 1, только по разным картам противника") is not None
    shot = volley("два выстрела на 1, по разным картам")
    assert shot is not None and shot[0].target is None
    assert Selector(what="card", side="enemy") == volley(
        "x особых ударов на 1, только по разным картам противника")[0].target  # type: ignore[index,union-attr]
