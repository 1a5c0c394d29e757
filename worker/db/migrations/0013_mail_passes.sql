-- The mail gate's passes: an address it let through, for the one mail (with its retries)
-- a request asked for. A lead, or an owner's queued reset or lock mail, names its pass; the
-- queue consumer can send to that address and no other. Kept a week, longer than any retry.
CREATE TABLE mail_passes (
  id TEXT PRIMARY KEY,
  recipient TEXT NOT NULL,
  budget TEXT NOT NULL,
  created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX mail_passes_created ON mail_passes (created_at);
ALTER TABLE leads ADD COLUMN mail_pass TEXT;
