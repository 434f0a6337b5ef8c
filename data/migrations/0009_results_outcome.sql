-- Phantom participants (Leo) get a result row of their own, named here. Seats leave it NULL.
ALTER TABLE results ADD COLUMN phantom TEXT;

-- Whether the match had a winner: 0 when it ended with nobody winning (a draw).
ALTER TABLE results ADD COLUMN decided INTEGER NOT NULL DEFAULT 1;

-- Why First? always has a winner (Leo, not recorded before, included). The other games have
-- no phantoms, so a match of theirs without a recorded winner had none.
UPDATE results SET decided = 0 WHERE game != 'whyfirst'
    AND match_id NOT IN (SELECT match_id FROM results WHERE won = 1);
