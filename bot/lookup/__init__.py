"""Russian-aware lookup of terms and cards: normalisation, the SQLite index, ranking."""
