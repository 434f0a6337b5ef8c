-- Matches, their seats, the move log, the Discord messages a match keeps up to
-- date, stored deadlines and career totals (Discord's ids are 64-bit).

CREATE TABLE matches (
    id          {rowid},
    game        TEXT    NOT NULL,
    guild_id    {int64} NOT NULL,
    channel_id  {int64} NOT NULL,
    host_id     {int64} NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    options     TEXT    NOT NULL DEFAULT '{}',
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
);

-- One open match per game per channel.
CREATE UNIQUE INDEX matches_one_open_per_game_and_channel
    ON matches (game, channel_id) WHERE status IN ('lobby', 'playing');

CREATE INDEX matches_by_status ON matches (status);

CREATE TABLE seats (
    match_id     {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    kind         TEXT    NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'computer')),
    user_id      {int64},
    display_name TEXT    NOT NULL,
    dms_closed   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, seat),
    CHECK ((kind = 'human') = (user_id IS NOT NULL))
);

CREATE UNIQUE INDEX seats_one_per_user ON seats (match_id, user_id);

CREATE TABLE moves (
    match_id       {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    seat           INTEGER,
    move           TEXT    NOT NULL,
    decision_point INTEGER NOT NULL,
    events         TEXT    NOT NULL DEFAULT '[]',
    played_at      TEXT    NOT NULL,
    PRIMARY KEY (match_id, seq)
);

CREATE TABLE match_messages (
    match_id   {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL,
    channel_id {int64} NOT NULL,
    message_id {int64} NOT NULL,
    PRIMARY KEY (match_id, purpose)
);

CREATE TABLE deadlines (
    match_id       {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL,
    due_at         TEXT    NOT NULL,
    decision_point INTEGER NOT NULL,
    PRIMARY KEY (match_id, kind)
);

CREATE INDEX deadlines_by_due ON deadlines (due_at);

CREATE TABLE career (
    guild_id {int64} NOT NULL,
    user_id  {int64} NOT NULL,
    game     TEXT    NOT NULL,
    played   INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game)
);

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
