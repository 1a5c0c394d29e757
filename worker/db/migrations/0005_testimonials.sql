-- Testimonials visitors leave; shown on the site only once the agency approved them.
CREATE TABLE testimonials (
  id TEXT PRIMARY KEY,
  lead_id TEXT NOT NULL,
  lang TEXT NOT NULL,
  name TEXT NOT NULL,
  comment TEXT NOT NULL,
  homepage TEXT,
  image_key TEXT,
  status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  moderated_at TEXT
);
CREATE INDEX testimonials_shown ON testimonials (status, moderated_at);
