from bot.commands.judge import Judge


def test_card_by_number(judge: Judge) -> None:
    answer = judge.ask("!card 168")
    assert answer.ok and answer.card is not None
    assert answer.card["name"] == "Баалит" and answer.card["element"] == "Тьма"
    assert answer.card["set"] == "Путь хранителей" and answer.card["number"] == 168
    assert answer.card["cost"] == 4 and "Телепортация" in answer.card["text"]
    stats = next(s.body for s in answer.sections if s.heading == "Характеристики")
    assert "Жизни: 9" in stats and "Простой удар: 1-2-2" in stats and "элитная" in stats
    assert "Антон Квасоваров" in answer.footer
    rules = next(s.body for s in answer.sections if s.heading.startswith("Правила"))
    assert "Телепортация" in rules


def test_card_by_name_inflection_and_set(judge: Judge) -> None:
    assert judge.ask("!card баалита").card["number"] == 168  # type: ignore[index]
    assert judge.ask("!card Путь хранителей 194").card["name"] == "Тень"  # type: ignore[index]
    assert judge.ask("!card ПХ 168").card["name"] == "Баалит"  # type: ignore[index]


def test_shadow_lists_its_name_only_rules(judge: Judge) -> None:
    answer = judge.ask("!карта тень")
    named = next(s.body for s in answer.sections if "только названия" in s.heading)
    assert "Симбиот" in named
    assert "простого удара" in answer.summary


def test_unknown_card(judge: Judge) -> None:
    answer = judge.ask("!card 9999")
    assert not answer.ok and answer.error


def test_abilities_are_named_in_russian_and_unread_text_is_shown(judge: Judge) -> None:
    baalit = judge.ask("!card 168")
    read = next(s.body for s in baalit.sections if s.heading == "Способности, прочитанные ботом")
    assert "телепортация (учитывается в !check)" in read
    assert "срабатывающая особенность (учитывается в !check)" in read
    condor = judge.ask("!card пустынный кондор")
    unread = next(s.body for s in condor.sections if s.heading.startswith("Не прочитано"))
    assert "пикирование" in unread


def test_imported_cards_answer_by_initials_and_name(judge: Judge) -> None:
    assert judge.ask("!card ВС 22").card["name"] == "Орк-бомбардир"  # type: ignore[index]
    assert judge.ask("!card кшар").card["number"] == 2  # type: ignore[index]
    keeper = judge.ask("!card смотритель стойла")
    prints = next(s.body for s in keeper.sections if s.heading == "Печати")
    assert "10007pf" in prints


def test_one_loose_candidate_is_offered_not_called_several(judge: Judge) -> None:
    answer = judge.ask("!card тенъ")
    assert not answer.ok and "не найдена точно" in (answer.error or "")
    assert answer.suggestions == ["«Тень» (Путь хранителей 194)"]


def test_checked_mark_comes_from_the_engine(judge: Judge) -> None:
    # «Закрыться: Выстрел …» (activated, read by !check); «+2 к выстрелу …» (stored only)
    crossbow = judge.ask("!card арбалетчика")
    read = next(s.body for s in crossbow.sections if s.heading.startswith("Способности"))
    lines = {line.split(":", 1)[0] for line in read.splitlines()}
    assert "• особенность с оплатой (учитывается в !check)" in lines
    assert "• бонус к атаке" in lines
