-- A pull that publishes nothing is 'refused', with its reason: the CRM failed or answered
-- something unreadable, a record was invalid, or the answer would have withdrawn too much
-- of the catalogue. The agency is mailed once when a run of refusals starts, so the reason
-- is kept in its own column. SQLite cannot change a CHECK: the table is rebuilt.
CREATE TABLE crm_runs_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  adapter TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('published', 'unchanged', 'refused')),
  reason TEXT CHECK (reason IN ('unreachable', 'invalid-record', 'empty', 'mass-withdrawal', 'no-content')),
  version TEXT,
  summary TEXT NOT NULL,
  reconciled INTEGER NOT NULL DEFAULT 0
);
INSERT INTO crm_runs_new (id, started_at, adapter, status, reason, version, summary, reconciled)
  SELECT id, started_at, adapter,
    CASE WHEN status IN ('invalid', 'failed') THEN 'refused' ELSE status END,
    CASE status WHEN 'invalid' THEN 'invalid-record' WHEN 'failed' THEN 'unreachable' END,
    version, summary, reconciled
  FROM crm_runs;
DROP TABLE crm_runs;
ALTER TABLE crm_runs_new RENAME TO crm_runs;
CREATE INDEX crm_runs_started ON crm_runs (started_at);
