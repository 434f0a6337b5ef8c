-- schema version 16
CREATE TABLE career (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    played   INTEGER NOT NULL DEFAULT 0,
    wins     INTEGER NOT NULL DEFAULT 0,
    points   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, user_id, game)
);
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
CREATE TABLE claims (
    what      TEXT             NOT NULL PRIMARY KEY,
    holder    TEXT             NOT NULL,
    lapses_at DOUBLE PRECISION NOT NULL
);
CREATE TABLE deadlines (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL CHECK (kind IN ('decision', 'lobby', 'idle')),
    opened_at      REAL NOT NULL,
    due_at         REAL NOT NULL,
    decision_point INTEGER NOT NULL,
    PRIMARY KEY (match_id, kind)
);
CREATE TABLE match_messages (
    match_id   INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    purpose    TEXT    NOT NULL,
    channel_id INTEGER NOT NULL,
    message_id INTEGER NOT NULL, fingerprint TEXT NOT NULL DEFAULT '', version INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (match_id, purpose)
);
CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    game        TEXT    NOT NULL,
    guild_id    INTEGER NOT NULL,
    channel_id  INTEGER NOT NULL,
    host_id     INTEGER NOT NULL,
    status      TEXT    NOT NULL
                CHECK (status IN ('lobby', 'playing', 'finished', 'cancelled')),
    options     TEXT    NOT NULL DEFAULT '{}',
    state       TEXT,
    version     INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL,
    updated_at  TEXT    NOT NULL
, end_reason TEXT, pace TEXT NOT NULL DEFAULT 'daily');
CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
CREATE TABLE move_logs (
    match_id INTEGER PRIMARY KEY REFERENCES matches (id) ON DELETE CASCADE,
    packed   BLOB NOT NULL
);
CREATE TABLE moves (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seq            INTEGER NOT NULL,
    seat           INTEGER,
    move           TEXT    NOT NULL,
    decision_point INTEGER NOT NULL,
    events         TEXT    NOT NULL DEFAULT '[]',
    played_at      TEXT    NOT NULL, how TEXT NOT NULL DEFAULT 'player',
    PRIMARY KEY (match_id, seq)
);
CREATE TABLE notices_sent (
    match_id       INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    decision_point INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id, decision_point, kind)
);
CREATE TABLE player_languages (
    user_id INTEGER PRIMARY KEY,
    chosen TEXT,
    discord_locale TEXT
, changed_at DOUBLE PRECISION NOT NULL DEFAULT 0);
CREATE TABLE player_settings (
    user_id INTEGER PRIMARY KEY,
    notify  TEXT    NOT NULL CHECK (notify IN ('dm', 'channel', 'off'))
);
CREATE TABLE processes (
    holder  TEXT             NOT NULL PRIMARY KEY,
    seen_at DOUBLE PRECISION NOT NULL
);
CREATE TABLE ratings (
    guild_id   INTEGER NOT NULL,
    game       TEXT    NOT NULL,
    user_id    INTEGER NOT NULL,
    mu         REAL NOT NULL,
    sigma      REAL NOT NULL,
    ordinal    REAL NOT NULL,
    matches    INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    last_match INTEGER NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE TABLE results (
    match_id    INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    guild_id    INTEGER NOT NULL,
    game        TEXT    NOT NULL,
    user_id     INTEGER,
    players     INTEGER NOT NULL, -- participants placed, Leo included
    place       INTEGER NOT NULL,
    points      INTEGER NOT NULL,
    won         INTEGER NOT NULL,
    forfeited   INTEGER NOT NULL,
    finished_at TEXT    NOT NULL, phantom TEXT, decided INTEGER NOT NULL DEFAULT 1,
    PRIMARY KEY (match_id, seat)
);
CREATE VIRTUAL TABLE rules_search USING fts5 (
    lang UNINDEXED,
    written_in UNINDEXED,
    game UNINDEXED,
    key UNINDEXED,
    heading UNINDEXED,
    text UNINDEXED,
    title,
    keywords,
    body,
    tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TABLE seats (
    match_id     INTEGER NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL CHECK (seat >= 0),
    kind         TEXT    NOT NULL DEFAULT 'human' CHECK (kind IN ('human', 'computer')),
    user_id      INTEGER,
    display_name TEXT    NOT NULL,
    dms_closed   INTEGER NOT NULL DEFAULT 0, timeouts INTEGER NOT NULL DEFAULT 0, autopilot TEXT CHECK (autopilot IN ('absent', 'resigned')), level TEXT CHECK (level IN ('easy', 'strong')),
    PRIMARY KEY (match_id, seat),
    CHECK ((kind = 'human') = (user_id IS NOT NULL))
);
CREATE TABLE settings (
    guild_id INTEGER PRIMARY KEY,
    language TEXT
, changed_at DOUBLE PRECISION NOT NULL DEFAULT 0, pace TEXT);
CREATE INDEX claims_by_lapse ON claims (lapses_at);
CREATE INDEX deadlines_by_due ON deadlines (due_at);
CREATE INDEX matches_by_status ON matches (status);
CREATE INDEX matches_finished_order ON matches (status, updated_at, id);
CREATE UNIQUE INDEX matches_one_open_per_game_and_channel
    ON matches (game, channel_id) WHERE status IN ('lobby', 'playing');
CREATE INDEX player_languages_by_change ON player_languages (changed_at);
CREATE INDEX ratings_ranked ON ratings (guild_id, game, ordinal DESC, matches DESC, user_id);
CREATE INDEX results_by_guild ON results (guild_id, game, match_id);
CREATE INDEX results_by_guild_match ON results (guild_id, match_id);
CREATE INDEX results_by_player ON results (guild_id, user_id, game, match_id);
CREATE INDEX results_by_player_match ON results (guild_id, user_id, match_id);
CREATE INDEX seats_by_user ON seats (user_id, match_id);
CREATE UNIQUE INDEX seats_one_per_user ON seats (match_id, user_id);
CREATE INDEX seats_playing_for_players ON seats (match_id)
    WHERE kind = 'computer' OR autopilot IS NOT NULL;
CREATE INDEX settings_by_change ON settings (changed_at);
