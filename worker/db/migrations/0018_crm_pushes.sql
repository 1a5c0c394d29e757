-- Each lead the agency's CRM must receive, once: pending until the CRM confirmed it, with
-- its tries and last error for `npm run crm:outbox`; `retry_from` restarts the sweep's
-- window when the operator asks for another try.
CREATE TABLE crm_pushes (
  lead_id TEXT PRIMARY KEY REFERENCES leads (id),
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'sending', 'sent', 'failed')),
  tries INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  crm_ref TEXT,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  tried_at TEXT,
  sent_at TEXT,
  retry_from TEXT
);
CREATE INDEX crm_pushes_due ON crm_pushes (state, created_at);
