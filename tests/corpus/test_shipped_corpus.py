"""The shipped corpus (rules/, cards/) loads without errors and holds the seed facts."""

import pytest

from bot import PROJECT_ROOT
from bot.corpus.load import corpus_files, load_corpus
from bot.corpus.model import Corpus


@pytest.fixture(scope="module")
def corpus() -> Corpus:
    return load_corpus(PROJECT_ROOT)


def test_every_shipped_file_loads(corpus: Corpus) -> None:
    names = {p.relative_to(PROJECT_ROOT).as_posix() for p in corpus_files(PROJECT_ROOT)}
    assert {"rules/sources.yaml", "rules/terms.yaml", "cards/50-put-khraniteley.yaml"} <= names
    assert corpus.terms and corpus.cards and corpus.sources


def test_sources(corpus: Corpus) -> None:
    rp = corpus.sources["rp-4.1-2"]
    assert (rp.title, rp.date, rp.rank) == ("РП 4.1-2 от 09.11.2024", "2024-11-09", 0)
    glossary = corpus.sources["glossary"]
    assert (glossary.title, glossary.date, glossary.rank) == (
        "Глоссарий терминов (сайт, без даты)", None, 1)


def test_terms_with_both_versions_current_first(corpus: Corpus) -> None:
    for tid in ("teleportatsiya", "dalnost", "pryzhok", "bestelesnost", "opyt-v-zashchite"):
        assert [v.source for v in corpus.terms[tid].versions] == ["rp-4.1-2", "glossary"], tid
    assert "не диагонали" in corpus.terms["dalnost"].current.text  # type: ignore[union-attr]


def test_term_counts(corpus: Corpus) -> None:
    glossary = [t for t in corpus.terms.values() if any(v.source == "glossary" for v in t.versions)]
    assert len(glossary) == 49
    rp = [t for t in corpus.terms.values() if any(v.source == "rp-4.1-2" for v in t.versions)]
    assert sorted(t.id for t in rp) == [
        "bestelesnost", "dalnost", "dvizhenie", "metanie", "minus-x-ot-ataki", "opyt-v-zashchite",
        "pryzhok", "raz-za-khod", "ryad", "teleportatsiya"]


def test_name_only_terms(corpus: Corpus) -> None:
    for tid in ("simbiot", "vystrel", "vozdeystvie", "uslovnaya-igraemaya-osobennost", "radius",
                "nazemnoe-sushchestvo", "nezanyataya-kletka", "medlennoe-dvizhenie", "razryad"):
        assert corpus.terms[tid].name_only, tid
        assert corpus.terms[tid].mentioned_in, tid
    cond = corpus.terms["uslovnaya-igraemaya-osobennost"]
    assert "115. Условная играемая особенность" in cond.aliases


def test_documented_ids_exist(corpus: Corpus) -> None:
    documented = [
        "teleportatsiya", "dalnost", "pryzhok", "metanie", "raz-za-khod", "opyt-v-zashchite",
        "ryad", "bestelesnost", "dvizhenie", "minus-x-ot-ataki", "manevr", "stroy",
        "blagoslovlenie", "proklyatie", "opyt-v-atake", "nepovorotlivost", "otravlenie",
        "izlechenie", "dobivanie", "vampirizm", "trupoedstvo", "simbiot", "vystrel", "razryad",
        "radius", "nazemnoe-sushchestvo", "nezanyataya-kletka", "medlennoe-dvizhenie",
    ]
    assert [tid for tid in documented if tid not in corpus.terms] == []


def test_curated_terms(corpus: Corpus) -> None:
    tele = corpus.terms["teleportatsiya"]
    assert "телепорт" in tele.aliases
    assert {"pryzhok", "dvizhenie", "medlennoe-dvizhenie"} <= set(tele.related)
    assert "teleportatsiya" in corpus.terms["pryzhok"].related
    assert {"ОвЗ", "ОВЗ"} <= set(corpus.terms["opyt-v-zashchite"].abbreviations)
    assert {"radius", "metanie"} <= set(corpus.terms["dalnost"].related)


def test_seed_cards(corpus: Corpus) -> None:
    baalit = corpus.cards["50-168"]
    assert (baalit.name, baalit.element, baalit.elite) == ("Баалит", "Тьма", True)
    assert baalit.set_name == "Путь хранителей" and baalit.set_id == 50
    assert (baalit.lives, baalit.movement, baalit.strike, baalit.cost) == (9, 1, (1, 2, 2), 4)
    assert dict(baalit.icons) == {"ovz": 1}
    assert "teleportatsiya" in baalit.rules and "metanie" in baalit.rules
    shadow = corpus.cards["50-194"]
    assert (shadow.name, shadow.element) == ("Тень", "Нейтралы")
    assert shadow.text.startswith("Бестелесный: -1 от простого удара.")
    assert {"bestelesnost", "pryzhok", "simbiot", "minus-x-ot-ataki"} <= set(shadow.rules)
    assert shadow.abilities and baalit.abilities
    assert corpus.sets[50].initials == "ПХ"
