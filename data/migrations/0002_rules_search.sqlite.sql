-- Full-text search over the rulebooks' sections; rebuilt whenever their text changes.

CREATE VIRTUAL TABLE rules_search USING fts5 (
    game UNINDEXED,
    key UNINDEXED,
    title,
    body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
