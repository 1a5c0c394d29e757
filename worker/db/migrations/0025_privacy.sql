-- The retention schedule's daily run: one row a day, its counts per kind (never the data),
-- its tries and its last error, so a failed run is retried and reported.
CREATE TABLE privacy_runs (
  day TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  finished_at TEXT,
  tries INTEGER NOT NULL DEFAULT 1,
  counts TEXT NOT NULL DEFAULT '{}',
  error TEXT,
  reported_at TEXT
);
-- A visitor's request to see or erase what the site holds: the link mailed to the address is
-- single-use and expires; opening it starts a short session for the page's buttons. Only
-- hashes of the tokens are kept.
CREATE TABLE privacy_links (
  token_hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL CHECK (purpose IN ('link', 'session')),
  email TEXT NOT NULL,
  lang TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at TEXT
) WITHOUT ROWID;
-- Who asked what and what came of it: the audit of rights requests (art. 5.2, accountability),
-- with the address hashed and no copy of the data.
CREATE TABLE privacy_audit (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL CHECK (actor IN ('visitor', 'operator')),
  request TEXT NOT NULL CHECK (request IN ('link', 'access', 'export', 'erase', 'end-subscriptions', 'find')),
  subject_hash TEXT NOT NULL,
  outcome TEXT NOT NULL
);
-- Which privacy notice a visitor was shown when they sent a request (the schedule's date).
ALTER TABLE leads ADD COLUMN notice_version TEXT;
