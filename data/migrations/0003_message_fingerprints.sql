-- What each kept message shows, so a restart re-edits only the messages that are out of date.

ALTER TABLE match_messages ADD COLUMN fingerprint TEXT NOT NULL DEFAULT '';
