-- A player's best result is a forfeit only when every result of theirs is one: the kept
-- best results are summed up again in the background (until then /stats counts them).
INSERT INTO meta (key, value)
    SELECT 'career_results_from', '' WHERE EXISTS (SELECT 1 FROM results)
    AND NOT EXISTS (SELECT 1 FROM meta WHERE key = 'career_results_from')
