-- Ratings, results and match history.
--
-- The rows of finished matches stored before this migration are rated at start-up by
-- matches.results.backfill (a migration cannot run the engines); meta key
-- 'ratings_backfilled' records that it was done.

-- Each seat's result in a finished match, with the forfeits applied: the history and the
-- careers' last results and best result read it.
CREATE TABLE results (
    match_id    {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    {int64} NOT NULL,
    game        TEXT    NOT NULL,
    user_id     {int64},
    players     INTEGER NOT NULL, -- participants placed, Leo included
    place       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    forfeited   INTEGER NOT NULL,
    finished_at TEXT    NOT NULL,
    PRIMARY KEY (match_id, seat)
);
CREATE INDEX results_by_player ON results (guild_id, user_id, game, match_id);
CREATE INDEX results_by_guild ON results (guild_id, game, match_id);

-- One Plackett-Luce rating per player and game on each server (guild_id) and one across
-- every server (guild_id 0). ordinal = mu - 3 sigma, the conservative rating ranked by.
CREATE TABLE ratings (
    guild_id   {int64} NOT NULL,
    game       TEXT    NOT NULL,
    user_id    {int64} NOT NULL,
    mu         {float64} NOT NULL,
    sigma      {float64} NOT NULL,
    ordinal    {float64} NOT NULL,
    matches    INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    last_match {int64} NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_by_rank ON ratings (guild_id, game, ordinal DESC);
