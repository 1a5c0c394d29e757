-- A CRM that pushes (SweepBright) announces each estate by a signed webhook. Each accepted
-- announcement is kept until the scheduled pull has read and published it; its signature is
-- unique, so the same request sent again is refused as a replay.
CREATE TABLE crm_webhooks (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  signature TEXT NOT NULL UNIQUE,
  estate_ref TEXT NOT NULL,
  event TEXT NOT NULL,
  happened_at TEXT NOT NULL,
  received_at TEXT NOT NULL,
  processed_at TEXT
);
CREATE INDEX crm_webhooks_pending ON crm_webhooks (processed_at, happened_at);

-- The site's number for a listing the CRM names by an id of its own (SweepBright's UUIDs):
-- given the first time the site hears of it, never reused.
CREATE TABLE crm_listing_refs (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  ref TEXT NOT NULL UNIQUE
);
-- Numbers well clear of the demo's and any imported catalogue's.
INSERT INTO sqlite_sequence (name, seq) VALUES ('crm_listing_refs', 900000);
