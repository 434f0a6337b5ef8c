-- Career commands at the same cost whatever the history: each player's results summed up
-- as they are recorded, and the leaderboards' whole order in one index.

-- Each player's results per server and game (data.career_results), kept in the
-- transaction that records a result: /stats reads the draws and the best result here
-- instead of counting them from every result.
CREATE TABLE career_results (
    guild_id   BIGINT  NOT NULL,
    user_id    BIGINT  NOT NULL,
    game       TEXT    NOT NULL,
    matches    INTEGER NOT NULL, -- results recorded
    draws      INTEGER NOT NULL, -- matches nobody won, forfeits left out
    best_match BIGINT  NOT NULL, -- the best result: its match and seat (ids are 64-bit)
    best_seat  INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id, game)
);

-- The leaderboards' order, tie-breaks included: a page is read from it in order and a rank
-- counts the players above, neither sorting nor reading the ratings' rows.
CREATE INDEX ratings_ranked ON ratings (guild_id, game, ordinal DESC, matches DESC, user_id);
DROP INDEX ratings_by_rank;

-- Results recorded before this version are summed up in the background, a few players at
-- a time ('career_results_from': the last one done); until then /stats counts them.
INSERT INTO meta (key, value)
    SELECT 'career_results_from', '' WHERE EXISTS (SELECT 1 FROM results)
    AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'career_results_from')
