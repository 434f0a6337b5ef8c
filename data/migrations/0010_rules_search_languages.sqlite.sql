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
