-- The rules search index holds every language's rulebooks, as stems (see
-- 0010_rules_search_languages.sqlite.sql). ``position`` keeps the order the rows were
-- written in, as FTS5's rowid does. Dropping the stored digest rebuilds it at start-up.

DROP TABLE rules_search;

CREATE TABLE rules_search (
    position   BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    lang       TEXT   NOT NULL,
    written_in TEXT   NOT NULL,
    game       TEXT   NOT NULL,
    key        TEXT   NOT NULL,
    heading    TEXT   NOT NULL,
    text       TEXT   NOT NULL,
    title      TEXT   NOT NULL,
    keywords   TEXT   NOT NULL,
    body       TEXT   NOT NULL
);

DELETE FROM meta WHERE key = 'rules_search_digest';
