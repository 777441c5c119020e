"""Recorded rulings: a ``!check`` answered and kept, numbered per server, for judge channels.

:mod:`bot.rulings.model` holds the record (question, position, verdict, cited rules with their
versions, corpus version, who, when, where, notes and an overturn); :mod:`bot.rulings.store`
keeps records in SQLite (the Discord settings database, or a local file for the console and
``ask``); :mod:`bot.rulings.recheck` re-runs them against the current corpus. Core code: no
discord here.
"""
