-- Saved searches ("alert me about new properties like these"), with double opt-in: an
-- alert is pending until its address confirms it from the mail, and nothing but that
-- confirmation is sent to a pending address. The proof of consent (the text accepted and
-- when, then when the address confirmed) stays with the row (Belgian Code of Economic
-- Law, art. XII.13).
CREATE TABLE alerts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  lang TEXT NOT NULL,
  -- The list the search was saved on (list-sale, list-rent, list-abroad) and its filters.
  list_kind TEXT NOT NULL CHECK (list_kind IN ('list-sale', 'list-rent', 'list-abroad')),
  criteria TEXT NOT NULL,
  list_url TEXT NOT NULL,
  frequency TEXT NOT NULL CHECK (frequency IN ('instant', 'daily', 'weekly')),
  status TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
  -- One confirmation may cover several alerts saved together (the demand register's types).
  confirm_token TEXT,
  -- The one-click unsubscribe link of this alert's mails.
  token TEXT NOT NULL UNIQUE,
  consent_text TEXT NOT NULL,
  consent_at TEXT NOT NULL,
  confirmed_at TEXT,
  unsubscribed_at TEXT,
  last_sent_at TEXT
);
CREATE INDEX alerts_email ON alerts (email);
CREATE INDEX alerts_status ON alerts (status, frequency);
CREATE INDEX alerts_confirm ON alerts (confirm_token);

-- The link to manage every alert of an address, without an account.
CREATE TABLE alert_addresses (
  email TEXT PRIMARY KEY,
  manage_token TEXT NOT NULL UNIQUE
);

-- One row per (alert, listing, kind, version): the idempotency key of an alert mail, so a
-- retried fan-out or a redelivered queue message never mails the same news twice.
CREATE TABLE alert_matches (
  alert_id INTEGER NOT NULL,
  property_id INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('new', 'price-drop')),
  version TEXT NOT NULL,
  matched_at TEXT NOT NULL,
  sent_at TEXT,
  PRIMARY KEY (alert_id, property_id, kind, version)
);
CREATE INDEX alert_matches_pending ON alert_matches (alert_id, sent_at);

-- Content versions whose changes were matched against the alerts: each once.
CREATE TABLE alert_runs (
  version TEXT PRIMARY KEY,
  matched_at TEXT NOT NULL,
  queued INTEGER NOT NULL
);
