-- Each scheduled CRM pull: when, what it found, and why nothing was published when it was
-- refused (a bad record names itself and its field). The watermark of the next incremental
-- pull is the start of the last run that published or found nothing new.
CREATE TABLE crm_runs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  adapter TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('published', 'unchanged', 'invalid', 'failed')),
  version TEXT,
  summary TEXT NOT NULL,
  reconciled INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX crm_runs_started ON crm_runs (started_at);
