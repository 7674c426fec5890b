"""Conformance with other Age of Steam engines: importing their recorded games, replaying them in lock-step,
comparing every figure after every action, and exporting our games in their format.

* :mod:`ageofsteam.conformance.choochoo` turns a game recorded by choochoo.games (the ``record.json`` and
  ``snapshots.jsonl`` of ``shared/conformance/choochoo/``) into our :class:`~ageofsteam.engine.record.Record`.
* :mod:`ageofsteam.conformance.lockstep` replays that record and compares it with choochoo's state after
  every one of choochoo's actions, reporting the first difference; and reads choochoo's transcripts.
* :mod:`ageofsteam.conformance.choochoo_export` writes one of our games in choochoo's format (the inverse).
* :mod:`ageofsteam.conformance.choochoo_names` holds the two engines' vocabularies, both ways.
"""
