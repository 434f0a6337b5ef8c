-- The rules search index holds every language's rulebooks, as stems: each row is the
-- section a player of its language reads, its title, keywords and body analysed by that
-- language's stemmer (in the code, so the tokenizer only splits), and the text as written
-- for the hit's title and snippet. Dropping the stored digest rebuilds it at start-up.

DROP TABLE rules_search;

DELETE FROM meta WHERE key = 'rules_search_digest';
