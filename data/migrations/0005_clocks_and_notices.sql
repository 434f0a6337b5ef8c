-- Clocks, notifications and absent players.

-- The pace chosen when the lobby opened: live, daily, relaxed or untimed.
ALTER TABLE matches ADD COLUMN pace TEXT NOT NULL DEFAULT 'daily';

-- Consecutive time-outs of a seat, and why it plays on autopilot (absent or resigned).
ALTER TABLE seats ADD COLUMN timeouts INTEGER NOT NULL DEFAULT 0;
ALTER TABLE seats ADD COLUMN autopilot TEXT CHECK (autopilot IN ('absent', 'resigned'));

-- How each move was made: by the player, by the clock (a time-out) or by the autopilot.
ALTER TABLE moves ADD COLUMN how TEXT NOT NULL DEFAULT 'player';

-- Deadlines in seconds since the epoch, so downtime can be added to them. Nothing used
-- the first version of this table.
DROP TABLE deadlines;
CREATE TABLE deadlines (
    match_id       {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    kind           TEXT    NOT NULL CHECK (kind IN ('decision', 'lobby', 'idle')),
    opened_at      {float64} NOT NULL,
    due_at         {float64} NOT NULL,
    decision_point INTEGER NOT NULL,
    PRIMARY KEY (match_id, kind)
);
CREATE INDEX deadlines_by_due ON deadlines (due_at);

-- Every notification sent, so each goes out once, across restarts too.
CREATE TABLE notices_sent (
    match_id       {int64} NOT NULL REFERENCES matches (id) ON DELETE CASCADE,
    user_id        {int64} NOT NULL,
    decision_point INTEGER NOT NULL,
    kind           TEXT    NOT NULL,
    PRIMARY KEY (match_id, user_id, decision_point, kind)
);

-- How a player wants to be notified: by DM, by a mention in the channel, or not at all.
CREATE TABLE player_settings (
    user_id {int64} PRIMARY KEY,
    notify  TEXT    NOT NULL CHECK (notify IN ('dm', 'channel', 'off'))
);
