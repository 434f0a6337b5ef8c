-- Hand messages belong to a player (purpose 'hand:<user id>'), never to a seat number that
-- can change while a lobby fills. Earlier rows named seats and may point at the wrong
-- player's DM: they are dropped, and the table sends those hands anew.
DELETE FROM match_messages WHERE purpose LIKE 'hand:%';

-- Each kept message remembers the match version it shows, so an older write never
-- overwrites a newer one.
ALTER TABLE match_messages ADD COLUMN version INTEGER NOT NULL DEFAULT 0;

-- Why a match ended without a result: 'cancelled' by its host or a moderator,
-- 'channel_gone' when its channel was deleted.
ALTER TABLE matches ADD COLUMN end_reason TEXT;
