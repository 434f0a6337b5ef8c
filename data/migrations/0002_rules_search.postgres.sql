-- The rules search's sections; rebuilt whenever their text changes. PostgreSQL has no
-- FTS5: the data layer ranks the rows itself (data.rules_ranking), as FTS5 would.

CREATE TABLE rules_search (
    game  TEXT NOT NULL,
    key   TEXT NOT NULL,
    title TEXT NOT NULL,
    body  TEXT NOT NULL
);
