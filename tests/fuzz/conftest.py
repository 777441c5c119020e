"""Hypothesis profiles of the fuzz suite: ``FUZZ_PROFILE=ci`` (the default: modest example
counts, so ``make test`` stays fast) or ``FUZZ_PROFILE=deep`` (hundreds of examples per target,
for a long local or nightly run: ``FUZZ_PROFILE=deep .venv/bin/pytest tests/fuzz``)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from bot import PROJECT_ROOT

_COMMON = {"deadline": None, "print_blob": True,
           "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                     HealthCheck.data_too_large]}
settings.register_profile("fuzz-ci", max_examples=40, **_COMMON)
settings.register_profile("fuzz-deep", max_examples=1000, **_COMMON)


@pytest.fixture(scope="session")
def judge(tmp_path_factory: pytest.TempPathFactory) -> object:
    """The real Judge on the shipped corpus, index built once for the session."""
    from bot.commands.judge import Judge

    return Judge.open(PROJECT_ROOT, Path(tmp_path_factory.mktemp("fuzz-index")))
