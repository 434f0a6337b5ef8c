CREATE VIRTUAL TABLE rules_search USING fts5 (
    game UNINDEXED,
    key UNINDEXED,
    title,
    keywords,
    body,
    tokenize = 'porter unicode61 remove_diacritics 2'
);
