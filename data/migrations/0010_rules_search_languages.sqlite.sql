-- The rules search index holds every language's rulebooks, as stems: each row is the
-- section a player of its language reads, its title, keywords and body analysed by that
-- language's stemmer (in the code, so the tokenizer only splits), and the text as written
-- for the hit's title and snippet. Dropping the stored digest rebuilds it at start-up.

DROP TABLE rules_search;

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

DELETE FROM meta WHERE key = 'rules_search_digest';
