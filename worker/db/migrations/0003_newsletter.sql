-- Newsletter subscribers; the token in every mail lets them leave with one click.
CREATE TABLE newsletter_subscribers (
  email TEXT PRIMARY KEY,
  lang TEXT NOT NULL,
  token TEXT NOT NULL UNIQUE,
  subscribed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  unsubscribed_at TEXT
);
