-- PostgreSQL has no FTS5: the data layer ranks the rows itself.
CREATE TABLE rules_search (
    game     TEXT NOT NULL,
    key      TEXT NOT NULL,
    title    TEXT NOT NULL,
    keywords TEXT NOT NULL,
    body     TEXT NOT NULL
);
