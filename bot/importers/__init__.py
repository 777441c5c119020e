"""Importers of the real input formats (SPEC §3) into rules/ and cards/."""
