-- The rules search index gains the words players use for each section (its keywords),
-- ranked on their own. The index is derived from the rulebooks: dropping the stored digest
-- makes the bot rebuild it at start-up.

DROP TABLE rules_search;

DELETE FROM meta WHERE key = 'rules_search_digest';
