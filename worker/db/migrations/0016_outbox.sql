-- Nothing a visitor sends is lost once accepted: a lead keeps why its last delivery failed
-- and when it was tried, for the scheduled sweep and `npm run mail -- pending`.
ALTER TABLE leads ADD COLUMN notify_error TEXT;
ALTER TABLE leads ADD COLUMN notify_tried_at TEXT;
-- A lead tried before this column existed was tried when it came.
UPDATE leads SET notify_tried_at = created_at WHERE notify_attempts > 0;
CREATE INDEX leads_undelivered ON leads (notified_at, created_at);

-- Queue messages the queue gave up on (or could not read), kept for the sweep to send
-- again for days. A lead is never here: the lead itself is the record the sweep reads.
CREATE TABLE dead_letters (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT,
  body TEXT NOT NULL,
  reason TEXT NOT NULL CHECK (reason IN ('retries-exhausted', 'unreadable')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL,
  next_at TEXT NOT NULL,
  done_at TEXT
);
CREATE INDEX dead_letters_due ON dead_letters (done_at, next_at);

-- The agency is told once per outage that deliveries have been failing for an hour.
CREATE TABLE delivery_alarms (
  failing_since TEXT PRIMARY KEY,
  raised_at TEXT NOT NULL
);
