-- When the CRM was last asked for an owner's properties and figures, and what it answered:
-- the portal asks again only after a few minutes, and says so when the CRM did not answer
-- (the figures shown are then the last ones read, with their date).
CREATE TABLE owner_crm_reads (
  owner_id INTEGER PRIMARY KEY REFERENCES owners (id) ON DELETE CASCADE,
  read_at TEXT NOT NULL,
  answered_at TEXT,
  error TEXT
);
