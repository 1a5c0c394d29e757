-- The reasons a pull is refused grow with the guard (mass price or status changes, an
-- implausible live record, a CRM breaking the pull's bounds). The list is the code's typed
-- REFUSAL_REASONS; a CHECK here would need a rebuild for each new one, so the column is
-- free text. SQLite cannot drop a CHECK: the table is rebuilt.
CREATE TABLE crm_runs_new (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  adapter TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('published', 'unchanged', 'refused')),
  reason TEXT,
  version TEXT,
  summary TEXT NOT NULL,
  reconciled INTEGER NOT NULL DEFAULT 0
);
INSERT INTO crm_runs_new (id, started_at, adapter, status, reason, version, summary, reconciled)
  SELECT id, started_at, adapter, status, reason, version, summary, reconciled FROM crm_runs;
DROP TABLE crm_runs;
ALTER TABLE crm_runs_new RENAME TO crm_runs;
CREATE INDEX crm_runs_started ON crm_runs (started_at);
