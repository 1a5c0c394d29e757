-- Every request a visitor sends, stored before any answer.
CREATE TABLE leads (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  email TEXT,
  property_id INTEGER,
  project_id INTEGER,
  payload TEXT NOT NULL,
  notified_at TEXT,
  notify_attempts INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX leads_by_date ON leads (created_at);
CREATE INDEX leads_by_kind ON leads (kind, created_at);
