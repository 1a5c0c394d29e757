-- Each e-mail a lead causes (agency, confirmation, friend, welcome), once sent: a retry after
-- a partial failure sends only what is missing (one e-mail per message).
CREATE TABLE lead_mails (
  lead_id TEXT NOT NULL,
  mail TEXT NOT NULL,
  sent_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  PRIMARY KEY (lead_id, mail)
);
