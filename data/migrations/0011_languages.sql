-- Each player's language: the one they chose with /language (NULL: follow Discord), and the
-- Discord locale of their latest interaction, which the DMs that follow no interaction use.
CREATE TABLE player_languages (
    user_id {int64} PRIMARY KEY,
    chosen TEXT,
    discord_locale TEXT
);

-- Each server's settings; language NULL: the server's own Discord locale.
CREATE TABLE settings (
    guild_id {int64} PRIMARY KEY,
    language TEXT
);
