import json

from bot.answers import Answer, Citation, OtherVersion, Section
from bot.answers.json import answer_to_dict, render_json
from bot.answers.text import render_text

SPEC_KEYS = {"ok", "command", "title", "text", "suggestions", "term", "card", "results",
             "verdict", "value", "triggers", "warnings", "citations", "other_versions", "error"}


def _check_answer() -> Answer:
    return Answer(
        command="check", title="Телепортация a1 → b6", summary="Можно.",
        sections=[Section("Правило", "Телепортация. …")], board="6 . . .", verdict="yes",
        citations=[Citation("teleportatsiya", "РП 4.1-2 от 09.11.2024")],
        other_versions=[OtherVersion("Глоссарий", "no", 3)],
    )


def test_json_has_every_spec_field() -> None:
    data = json.loads(render_json(_check_answer()))
    assert data.keys() >= SPEC_KEYS
    assert data["citations"] == [{"term": "teleportatsiya", "source": "РП 4.1-2 от 09.11.2024"}]
    assert data["other_versions"] == [{"source": "Глоссарий", "verdict": "no", "value": 3}]
    assert data["verdict"] == "yes" and data["board"] == "6 . . ."


def test_text_renders_board_as_code_block_only_in_markdown() -> None:
    answer = _check_answer()
    assert "```\n6 . . .\n```" in render_text(answer)
    plain = render_text(answer, markdown=False)
    assert "```" not in plain and "**" not in plain and "6 . . ." in plain


def test_failure_carries_error_and_suggestions() -> None:
    data = answer_to_dict(Answer.failure("term", "Не найдено.", ["Телепортация"]))
    assert data["ok"] is False and data["error"] == "Не найдено."
    assert "Возможно, вы имели в виду: Телепортация" in data["text"]


def test_with_prefix_rewrites_command_examples_only() -> None:
    from bot.answers.text import with_prefix

    answer = Answer(command="help", summary="Напишите `!term ряд`!", error="см. `!help`",
                    sections=[Section("`!card`", "`!card 168` — карта")])
    moved = with_prefix(answer, "?")
    assert moved.summary == "Напишите `?term ряд`!" and moved.error == "см. `?help`"
    assert moved.sections[0] == Section("`?card`", "`?card 168` — карта")
    assert with_prefix(answer, "!") is answer
