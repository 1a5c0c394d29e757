-- Login attempts per account, counted atomically (one upsert with RETURNING), so
-- parallel guesses cannot race past the limit. The account is `owner:<id>` for a known
-- owner, whether the username or the e-mail was typed, and `name:<typed>` for an unknown
-- identifier, which is limited exactly like a real account.
DROP TABLE IF EXISTS login_failures;
CREATE TABLE login_attempts (
  account TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL,
  window_start INTEGER NOT NULL,
  locked_until INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Mails to addresses a visitor typed, counted per recipient and per sending address and
-- day (hashed: the counters are not a list of addresses).
CREATE TABLE mail_quota (
  scope TEXT NOT NULL,
  key TEXT NOT NULL,
  day TEXT NOT NULL,
  sent INTEGER NOT NULL,
  PRIMARY KEY (scope, key, day)
) WITHOUT ROWID;

-- Double opt-in: a subscription is pending until the address confirms it, and the proof
-- of consent (when, and the text the visitor accepted) is kept with it.
ALTER TABLE newsletter_subscribers ADD COLUMN status TEXT NOT NULL DEFAULT 'confirmed';
ALTER TABLE newsletter_subscribers ADD COLUMN confirm_token TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN consent_text TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN consent_at TEXT;
ALTER TABLE newsletter_subscribers ADD COLUMN confirmed_at TEXT;
CREATE UNIQUE INDEX newsletter_by_confirm_token ON newsletter_subscribers (confirm_token);
