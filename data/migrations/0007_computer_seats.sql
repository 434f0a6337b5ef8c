-- Computer seats: how well each one plays. Human seats have no level.
ALTER TABLE seats ADD COLUMN level TEXT CHECK (level IN ('easy', 'strong'));

-- The running matches a computer may have to move in after a restart.
CREATE INDEX seats_playing_for_players ON seats (match_id)
    WHERE kind = 'computer' OR autopilot IS NOT NULL;
