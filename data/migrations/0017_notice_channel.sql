-- Each server's channel for mention notices (/settings notices); NULL: each match's own
-- channel. Notices by DM are unchanged.
ALTER TABLE settings ADD COLUMN notices {int64};
