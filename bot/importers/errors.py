"""Importer errors: an English message for operators naming the record and the field."""


class ImporterError(Exception):
    """Raised for input an importer cannot take; nothing has been written when it is raised."""
