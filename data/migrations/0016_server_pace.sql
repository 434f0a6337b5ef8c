-- Each server's default pace for new lobbies (/settings pace); NULL: the table's default. A
-- host who chooses a pace on /<game> new still has it.
ALTER TABLE settings ADD COLUMN pace TEXT;
