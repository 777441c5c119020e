"""berserk-judge: a rules-judge chatbot for the card game «Берсерк»."""

from pathlib import Path

__version__ = "0.1.0"

#: The repository root when running from a checkout (rules/ and cards/ live there).
PROJECT_ROOT = Path(__file__).resolve().parent.parent
