-- Years of history: an index for each career query, the rating backfill in the background,
-- and the move logs of finished matches packed.

-- A player's latest display name (ratings.names_of).
CREATE INDEX seats_by_user ON seats (user_id, match_id);

-- A player's matches on a server, every game together (/history with a player).
CREATE INDEX results_by_player_match ON results (guild_id, user_id, match_id);

-- The server's matches, every game together (/history).
CREATE INDEX results_by_guild_match ON results (guild_id, match_id);

-- The finished matches in the order they finished (the rating backfill's walk).
CREATE INDEX matches_finished_order ON matches (status, updated_at, id);

-- The move log of a finished match packed into one row (data.packing): the moves' rows
-- compressed together. The moves table keeps the logs of matches not packed yet.
CREATE TABLE move_logs (
    match_id {int64} PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    packed   {bytes} NOT NULL
);

-- A database with finished matches and no record of their rating being done: the
-- background backfill (matches.results) starts from the beginning; 'ratings_backfill_from'
-- is where it has got to. Without finished matches there is nothing to backfill.
INSERT INTO meta (key, value)
    SELECT 'ratings_backfill_from', '' WHERE NOT EXISTS
        (SELECT 1 FROM meta WHERE key = 'ratings_backfilled')
    AND EXISTS (SELECT 1 FROM matches WHERE status = 'finished');
INSERT INTO meta (key, value)
    SELECT 'ratings_backfilled', '0' WHERE NOT EXISTS
        (SELECT 1 FROM meta WHERE key IN ('ratings_backfilled', 'ratings_backfill_from'))
