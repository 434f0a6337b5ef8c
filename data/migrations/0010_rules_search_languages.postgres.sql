-- ``position`` keeps the order the rows were written in, as FTS5's rowid does.
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
