-- The rules search index gains the words players use for each section (its keywords).
-- Dropping the stored digest makes the bot rebuild it at start-up.

DROP TABLE rules_search;

CREATE TABLE rules_search (
    game     TEXT NOT NULL,
    key      TEXT NOT NULL,
    title    TEXT NOT NULL,
    keywords TEXT NOT NULL,
    body     TEXT NOT NULL
);

DELETE FROM meta WHERE key = 'rules_search_digest';
