"""The data layer's own errors, the same whichever database the bot uses."""

from __future__ import annotations


class StoreError(RuntimeError):
    """The database cannot be used; the message says why in a sentence."""


class NewerDatabaseError(StoreError):
    """The database was written by a newer version of the bot."""


class StoreUnavailable(StoreError):
    """A read or write failed for a passing reason: locked too long, disk full, I/O error,
    the server busy or out of reach."""


class WriteFailed(StoreUnavailable):
    """A transaction could not be committed; nothing of it was kept."""


class IntegrityError(Exception):
    """A change broke one of the database's rules (a row that must be unique exists)."""
