-- Every mail the site sends or fails to send, as it went out: the agency can answer "did my
-- confirmation go?" and `npm run mail list` shows locally exactly what production would send.
-- Rows older than the retention period are removed as new mails are logged.
CREATE TABLE mail_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  kind TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  html TEXT NOT NULL,
  headers TEXT NOT NULL DEFAULT '{}',
  status TEXT NOT NULL CHECK (status IN ('sent', 'failed')),
  message_id TEXT,
  error TEXT,
  sent_at TEXT NOT NULL
);
CREATE INDEX mail_log_sent_at ON mail_log (sent_at);
CREATE INDEX mail_log_recipient ON mail_log (recipient, sent_at);
