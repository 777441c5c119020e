"""Unit tests: one group per check of SPEC §5, on the seed cards built from their text."""

from bot.engine import RuleVersion, throw_value
from bot.engine.board import Cell
from bot.engine.checks import Ref, can_jump, can_shoot
from bot.engine.position import Piece, Position

from .conftest import ask, make_card

GL = RuleVersion.GLOSSARY


def terms(result) -> set[str]:  # type: ignore[no-untyped-def]
    return {c.term for c in result.citations}


# --- range ------------------------------------------------------------------------------------


def test_range_rp_and_glossary() -> None:
    r = ask("? a1, враг ? c6 | дальность a1 c6 5")
    assert (r.verdict, r.value) == ("no", 7)
    assert "dalnost" in terms(r)
    other = r.other_versions[0]
    assert (other.version, other.verdict, other.value) == (GL, "yes", 5)


def test_range_straight_line_has_no_other_version() -> None:
    r = ask("? b2, враг ? b5 | дальность b2 b5 3")
    assert (r.verdict, r.value, r.other_versions) == ("yes", 3, ())


def test_range_to_empty_cell_and_to_a_flyer() -> None:
    assert ask("? a1 | дальность a1 a3 2").verdict == "yes"
    r = ask("враг 14 летает, ? a1 | дальность a1 Пустынный кондор 0")
    assert (r.verdict, r.value) == ("yes", None)


# --- adjacency --------------------------------------------------------------------------------


def test_adjacent_diagonal_and_not() -> None:
    assert ask("? b2, ? c3 | рядом b2 c3").verdict == "yes"
    assert ask("? b2, ? b4 | рядом b2 b4").verdict == "no"
    assert ask("? b2 | рядом b2 b2").verdict == "no"
    assert ask("14 летает, ? b2 | рядом b2 летает").verdict == "no"


# --- movement ---------------------------------------------------------------------------------


def test_move_counts_orthogonal_steps() -> None:
    assert (ask("168 a1 | движение a1 a2").verdict, ask("168 a1 | движение a1 a2").value) == ("yes", 1)
    r = ask("168 a1 | движение a1 b2")
    assert (r.verdict, r.value) == ("no", 2)
    assert "dvizhenie" in terms(r)


def test_move_needs_open_creature_and_known_movement() -> None:
    assert ask("168 a1 закрыт | движение a1 a2").verdict == "no"
    r = ask("168 a1 двигался | движение a1 a2")
    assert r.verdict == "unknown" and r.missing and "движение N" in r.missing
    assert ask("168 a1 двигался движение 1 | движение a1 a2").verdict == "yes"
    assert ask("168 a1 движение 0 | движение a1 a2").verdict == "no"
    assert ask("? a1 | движение a1 a2").verdict == "unknown"


def test_move_goes_around_occupied_cells() -> None:
    r = ask("? b2 движение 4, ? b3 | движение b2 b4")
    assert (r.verdict, r.value) == ("yes", 4)
    assert ask("? a1 движение 3, ? a2 | движение a1 a2").verdict == "no"
    assert ask("? a1 движение 9, ? a2, ? b1 | движение a1 c3").verdict == "no"  # boxed in


def test_incorporeal_moves_onto_an_enemy_and_triggers() -> None:
    r = ask("194 b2, враг ? b3 | движение b2 b3")
    assert (r.verdict, r.value) == ("yes", 1)
    assert "bestelesnost" in terms(r)
    assert len(r.triggers) == 1 and "ранить его на 1" in r.triggers[0]
    assert any("изгоняется" in w for w in r.warnings)


def test_incorporeal_onto_own_creature_does_not_trigger() -> None:
    r = ask("194 b2, ? b3 | движение b2 b3")
    assert r.verdict == "yes" and r.triggers == ()


def test_flyer_does_not_move_on_cells() -> None:
    assert ask("14 летает | движение летает a1").verdict == "no"


# --- teleport ---------------------------------------------------------------------------------


def test_issue_example_teleport_with_magma_trigger() -> None:
    r = ask("168 a1, враг ? c6, враг ? e2 | телепортация a1 b6")
    assert r.verdict == "yes"
    assert "teleportatsiya" in terms(r)
    assert len(r.triggers) == 1
    trig = r.triggers[0]
    assert "магмы" in trig and "дальность 4" in trig and "c6" in trig
    assert "на e2" in trig.split("По глоссарию")[1]  # e2 only within 4 with diagonals
    assert any("2 раз за ход" in w for w in r.warnings)


def test_teleport_back_fires_the_trigger_too() -> None:
    r = ask("168 b6, враг ? b2 | телепортация b6 a1")
    assert r.verdict == "yes" and len(r.triggers) == 1 and "b2" in r.triggers[0]


def test_teleport_elsewhere_does_not_trigger() -> None:
    r = ask("168 a1 движение 0 | телепортация a1 c3")
    assert r.verdict == "yes" and r.triggers == ()


def test_slow_teleport_not_after_moving() -> None:
    r = ask("168 a1 двигался | телепортация a1 b6")
    assert r.verdict == "no" and "medlennoe-dvizhenie" in terms(r)
    assert r.other_versions == ()  # the glossary says the same


def test_teleport_to_occupied_cell_and_without_ability() -> None:
    assert ask("168 a1, враг ? b6 | телепортация a1 b6").verdict == "no"
    assert ask("194 b2 | телепортация b2 b4").verdict == "no"


def test_flyer_teleport_differs_by_version() -> None:
    r = ask("? летает | телепортация летает c3")
    assert r.verdict == "no"
    assert r.other_versions[0].verdict == "yes"


# --- jump -------------------------------------------------------------------------------------


def test_jump_radius_by_range_rules() -> None:
    r = ask("? b2 | прыжок b2 c4 3")
    assert (r.verdict, r.value) == ("yes", 3)
    r = ask("? b2 | прыжок b2 d4 3")
    assert (r.verdict, r.value) == ("no", 4)
    assert r.other_versions[0].verdict == "yes"
    assert "radius" in terms(r)


def test_jump_unknown_range_is_unknown() -> None:
    r = ask("? b2 | прыжок b2 c3")
    assert r.verdict == "unknown" and "дальность" in (r.missing or "")


def test_a_triggered_jump_is_not_an_action() -> None:
    """«Тень»'s jump exists only inside its trigger (moving onto an enemy's cell): a bare
    question is «Нельзя», quoting the trigger; the notation puts no two cards on one cell, so
    the position cannot show that it just fired."""
    r = ask("194 b2 двигался | прыжок b2 c4")
    assert r.verdict == "no" and r.other_versions == ()
    assert "srabatyvayushchaya-osobennost" in terms(r)
    assert any("«При движении на клетку, занятую наземным существом противника — может ранить"
               in x for x in r.reasons)
    assert any("Спросите о самом перемещении" in x for x in r.reasons)


def test_jump_card_range_wins_and_missing_jump() -> None:
    card = make_card(10, 89, "Грызь", "Прыжок, дальность 4.")
    pos = Position((Piece(card=card, cell=Cell.parse("b2")),))
    r = can_jump(pos, Ref.at(pos, "b2"), Ref.at(pos, "b4"), 5)
    assert r.verdict == "yes" and any("применена дальность с карты" in w for w in r.warnings)
    assert can_jump(pos, Ref.at(pos, "b2"), Ref.at(pos, "e4"), 5).verdict == "no"  # 5 > 4
    assert ask("194 b2 | прыжок b2 e5").verdict == "no"
    assert ask("168 a1 | прыжок a1 a2 2").verdict == "no"


# --- manoeuvre --------------------------------------------------------------------------------


def test_manoeuvre() -> None:
    r = ask("? b2, ? b3 | манёвр b2 b3")
    assert r.verdict == "yes" and "manevr" in terms(r)
    assert r.citations[0].version is GL
    assert ask("? b2, ? c3 | маневр b2 c3").verdict == "no"
    assert ask("? b3, враг ? b4 | manoeuvre b3 b4").verdict == "no"
    assert ask("? b2 двигался, ? b3 | манёвр b2 b3").verdict == "no"
    assert ask("168 b2, ? b3 | манёвр b2 b3").verdict == "no"
    assert ask("? b2 | манёвр b2 b3").verdict == "no"


# --- ranged -----------------------------------------------------------------------------------


def test_magma_throw_is_trigger_only_and_limited() -> None:
    # on the opponent's third row «Баалит» may just have arrived: the trigger may have fired
    r = ask("168 b6, враг ? c5 | метание b6 c5")
    assert (r.verdict, r.value) == ("unknown", 2)
    assert r.missing and "сработала ли особенность" in r.missing
    assert {"metanie", "dalnost", "raz-za-khod", "srabatyvayushchaya-osobennost"} <= terms(r)
    r = ask("168 b6, враг ? e3 | метание b6 e3")
    assert (r.verdict, r.value) == ("no", 6)  # out of range, fired or not
    assert (r.other_versions[0].verdict, r.other_versions[0].value) == ("unknown", 3)
    # in the middle of the board it cannot have just fired
    r = ask("168 c3, враг ? c5 | метание c3 c5")
    assert r.verdict == "no" and any("не сработала" in x for x in r.reasons)


def test_throw_with_tap_needs_an_open_creature() -> None:
    assert ask("22 c1, враг ? c4 | метание c1 c4").value == 3
    assert ask("22 c1, враг ? c4 | метание c1 c4").verdict == "yes"
    assert ask("22 c1 закрыт, враг ? c4 | метание c1 c4").verdict == "no"
    assert ask("22 c1, враг ? c5 | метание c1 c5").verdict == "no"


def test_shot_without_range_and_missing_abilities() -> None:
    r = ask("Арбалетчик a1, враг ? e6 | выстрел a1 e6")
    assert (r.verdict, r.value) == ("yes", 9)
    assert ask("194 b2, враг ? b4 | метание b2 b4").verdict == "no"
    assert ask("17 a1, враг ? a2 | разряд a1 a2").verdict == "no"


def test_a_shot_paid_with_a_counter_needs_a_counter() -> None:
    near = ask("Гиррит a1, враг ? a3 | выстрел a1 a3")
    assert (near.verdict, near.value) == ("yes", 2)  # the shot paid by closing only
    far = ask("Гиррит a1, враг ? a6 | выстрел a1 a6")
    assert far.verdict == "unknown" and far.missing is not None and "фишек" in far.missing
    assert "фишки N" in far.missing and "oplata" in terms(far)
    assert any("оплата — фишка, закрыться" in r for r in far.reasons)
    assert ask("Гиррит a1 закрыт, враг ? a6 | выстрел a1 a6").verdict == "no"
    assert ask("Гиррит a1 фишки 1, враг ? a6 | выстрел a1 a6").verdict == "yes"
    assert ask("Гиррит a1 фишки 0, враг ? a6 | выстрел a1 a6").verdict == "no"
    assert ask("Гиррит a1 закрыт фишки 3, враг ? a6 | выстрел a1 a6").verdict == "no"


def test_a_ranged_sentence_read_in_part_is_not_a_yes() -> None:
    for kind, text in (("shot", "Закрыться: Выстрел на 1 по летающему существу."),
                       ("discharge", "Закрыться: Разряд на 1, дальность 6, только по закрытым."),
                       ("throw", "Метание на 2-3-4, только по картам разной элитности.")):
        card = make_card(10, 99, "Проба", text)
        pos = Position((Piece(card=card, cell=Cell.parse("a1")),
                        Piece(cell=Cell.parse("a6"), enemy=True)))
        r = can_shoot(pos, kind, Ref.at(pos, "a1"), Ref.at(pos, "a6"))
        assert r.verdict == "unknown" and r.missing and "не прочитал" in r.missing


def test_an_unread_ranged_sentence_is_not_a_no() -> None:
    # 10-110 «Рэккен» (real database): «Метание ритуального ножа на X, дальность 4, где X …» —
    # the extractor cannot read «на X»; the card still throws, so the answer is not «Нельзя»
    card = make_card(10, 99, "Проба", "Закрыться: Метание ритуального ножа на X, дальность 4, "
                     "где X число ран на Пробе (максимум 4)")
    pos = Position((Piece(card=card, cell=Cell.parse("a1")),
                    Piece(cell=Cell.parse("a4"), enemy=True)))
    r = can_shoot(pos, "throw", Ref.at(pos, "a1"), Ref.at(pos, "a4"))
    assert r.verdict == "unknown" and r.missing and "не прочитал" in r.missing
    assert can_shoot(pos, "shot", Ref.at(pos, "a1"), Ref.at(pos, "a4")).verdict == "no"
    # 10-97 «Эльфийский воин»: an attack inside an unread trigger («При ударе или при промахе
    # в нападении …», two events), here a throw
    card = make_card(10, 96, "Проба три", "При ударе или при промахе в нападении метание иглы на "
                     "1, дальность 4 (2 раза за ход)")
    pos = Position((Piece(card=card, cell=Cell.parse("a1")),
                    Piece(cell=Cell.parse("a4"), enemy=True)))
    assert can_shoot(pos, "throw", Ref.at(pos, "a1"), Ref.at(pos, "a4")).verdict == "unknown"


def test_an_unread_jump_sentence_is_not_a_no() -> None:
    # 50-84 «Эмиссар Энтарна» (real database): a jump inside a sentence the extractor cannot read
    card = make_card(10, 98, "Проба", "В начале хода противника, если рядом стоят две или более "
                     "его карты - может совершить прыжок, дальность 2, при этом выстрел на 1 по "
                     "каждой из этих карт.")
    pos = Position((Piece(card=card, cell=Cell.parse("a1")),))
    r = can_jump(pos, Ref.at(pos, "a1"), Ref.at(pos, "a3"))
    assert r.verdict == "unknown" and r.missing and "не прочитал" in r.missing
    plain = make_card(10, 97, "Проба два", "Закрыться: Удар через ряд на 1.")
    pos = Position((Piece(card=plain, cell=Cell.parse("a1")),))
    assert can_jump(pos, Ref.at(pos, "a1"), Ref.at(pos, "a3")).verdict == "no"


def test_a_throw_inside_a_trigger_is_the_cards_throw_when_it_fires() -> None:
    # «Антар»: «При движении на клетку рядом с существом противника метание …, дальность 3»
    r = ask("Антар a1, враг ? a4 | метание a1 a4")
    assert r.verdict == "no"  # no enemy next to a1: it cannot have just moved there
    assert any("срабатывающей особенности" in x for x in r.reasons)
    assert ask("Антар a1 двигался, враг ? a4 | метание a1 a4").verdict == "no"  # a1: no enemy near
    r = ask("Антар a1 двигался, враг ? b2, враг ? a4 | метание a1 a4")
    assert (r.verdict, r.value) == ("unknown", 3)  # it moved, and a1 is next to b2
    assert r.missing and "«При движении на клетку рядом с существом противника" in r.missing
    # asking the move itself fires it, on every cell of the path next to an enemy
    r = ask("Антар b1 движение 2, враг ? c3 | движение b1 b2")
    assert r.verdict == "yes" and len(r.triggers) == 1
    assert "скимитара" in r.triggers[0] and "c3" in r.triggers[0]


def test_ranged_at_flyer_and_at_empty_cell() -> None:
    assert ask("22 c1, враг 14 летает | метание c1 Пустынный кондор").verdict == "yes"
    assert ask("22 c1 | метание c1 c3").verdict == "no"


def test_unknown_shooter_uses_the_asked_range() -> None:
    r = ask("? a1, враг ? a4 | выстрел a1 a4 2")
    assert (r.verdict, r.value) == ("no", 3)
    assert ask("? a1, враг ? a4 | выстрел a1 a4").verdict == "yes"


# --- formation --------------------------------------------------------------------------------


def test_formation() -> None:
    r = ask("Арбалетчик b2, Арбалетчик c2 | строй b2 c2")
    assert r.verdict == "yes" and any("Защита от метания" in x for x in r.reasons)
    assert ask("Арбалетчик b2, Арбалетчик c3 | строй b2 c3").verdict == "no"
    assert ask("? b2, враг ? b3 | строй b2 b3").verdict == "no"
    assert ask("Арбалетчик b2, 168 b3 | строй b2 b3").verdict == "no"
    assert ask("? b2, ? b3 | formation b2 b3").verdict == "yes"


# --- die --------------------------------------------------------------------------------------


def test_die_table() -> None:
    assert [throw_value((1, 2, 3), r).value for r in range(1, 7)] == [1, 1, 1, 2, 2, 3]
    assert throw_value((1, 2, 3), 5, +1).value == 3
    assert throw_value((1, 2, 3), 1, -1).value == 1
    assert throw_value((1, 2, 3), 6, +3).value == 3
    assert ask("| кубик 1 6").value == 1
    assert ask("| кубик 2-3-4 4 -1").value == 2
    assert ask("| die 1-2-3 3 +1 +1").value == 2


# --- effects ----------------------------------------------------------------------------------


def test_effects_on_incorporeal() -> None:
    for verb in ("отравление", "излечение", "добивание", "вампиризм", "трупоедство"):
        r = ask(f"194 c3 раны 1 | {verb} c3")
        assert r.verdict == "no" and "bestelesnost" in terms(r), verb
    assert ask("? c3 | отравление c3").verdict == "yes"
    assert ask("168 c3 раны 2 | излечение c3").verdict == "yes"
    r = ask("168 c3 | излечение c3")
    assert r.verdict == "yes" and any("нет ран" in w for w in r.warnings)


def test_named_die_modifiers() -> None:
    r = ask("| кубик 1-2-3 3 благословление благословление ова 1 ова 2")
    assert r.value == 3
    assert {"blagoslovlenie", "opyt-v-atake"} <= terms(r)
    assert any("не складывается" in w for w in r.warnings)
    assert ask("| кубик 1-2-3 5 проклятие неповоротливость 1").value == 1
    assert ask("| кубик 1-2-3 3 овз").value == 2


def test_ten_trigger_counts_free_cells_after_leaving() -> None:
    r = ask("194 a1, враг ? a2 | движение a1 a2")
    # within 3 of a2, a1 is free again once «Тень» left it; a2 itself is the enemy's
    assert "a1" in r.triggers[0] and "(a2" not in r.triggers[0]
