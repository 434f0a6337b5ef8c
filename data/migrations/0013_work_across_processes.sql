-- Several processes on one database: who does which piece of work, and how many share
-- Discord's global rate. Written in SQL that SQLite and PostgreSQL both accept.

-- Work any process may do, done by the one that claimed it (data.claims): a deadline, a
-- reminder, a computer's decision, an edit of a kept message. A claim lapses at the end of
-- its lease (seconds since the epoch, like the deadlines), so a killed process's work is
-- taken over.
CREATE TABLE claims (
    what      TEXT             NOT NULL PRIMARY KEY,
    holder    TEXT             NOT NULL,
    lapses_at DOUBLE PRECISION NOT NULL
);
CREATE INDEX claims_by_lapse ON claims (lapses_at);

-- The bot's processes on this database, each seen at its last heartbeat (data.processes):
-- the live ones share Discord's global rate.
CREATE TABLE processes (
    holder  TEXT             NOT NULL PRIMARY KEY,
    seen_at DOUBLE PRECISION NOT NULL
);

-- When a player's or a server's language last changed (seconds since the epoch): every
-- process picks up the others' changes at its heartbeat (data.languages.changed_since).
ALTER TABLE player_languages ADD COLUMN changed_at DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE INDEX player_languages_by_change ON player_languages (changed_at);
ALTER TABLE settings ADD COLUMN changed_at DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE INDEX settings_by_change ON settings (changed_at);
