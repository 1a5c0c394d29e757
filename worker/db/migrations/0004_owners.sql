-- Owners who log in to the portal, the properties they own, what the portal shows about
-- them (visits counted by the worker, communication history, online-media statistics),
-- and the counters behind login limits and password resets.

CREATE TABLE owners (
  id INTEGER PRIMARY KEY,
  username TEXT NOT NULL UNIQUE COLLATE NOCASE,
  email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  name TEXT NOT NULL DEFAULT '',
  -- Language of the mails the owner gets.
  lang TEXT NOT NULL DEFAULT 'fr',
  password_hash TEXT NOT NULL,
  -- Part of every access token: raising it ends every session of this owner.
  token_version INTEGER NOT NULL DEFAULT 1,
  created_at TEXT NOT NULL,
  password_changed_at TEXT
);

-- A property can have several owners (co-owners each with their own login).
CREATE TABLE owner_properties (
  owner_id INTEGER NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
  property_id INTEGER NOT NULL,
  PRIMARY KEY (owner_id, property_id)
) WITHOUT ROWID;
CREATE INDEX owner_properties_by_property ON owner_properties(property_id);

-- One row per failed login, by the normalised name typed (known or not, so the limit
-- gives nothing away); rows older than the window are deleted as new ones come.
CREATE TABLE login_failures (
  account TEXT NOT NULL,
  failed_at INTEGER NOT NULL
);
CREATE INDEX login_failures_by_account ON login_failures(account, failed_at);

-- Single-use reset links: only a SHA-256 of the token is kept.
CREATE TABLE owner_resets (
  token_hash TEXT PRIMARY KEY,
  owner_id INTEGER NOT NULL REFERENCES owners(id) ON DELETE CASCADE,
  lang TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER,
  mailed_at INTEGER
);
CREATE INDEX owner_resets_by_owner ON owner_resets(owner_id, created_at);

-- Views of property detail pages per day (Europe/Brussels) and page language.
CREATE TABLE property_visits (
  property_id INTEGER NOT NULL,
  day TEXT NOT NULL,
  lang TEXT NOT NULL,
  visits INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (property_id, day, lang)
) WITHOUT ROWID;

-- Who was counted today: a hash of IP and user agent with today's random salt. Only
-- today's rows and salt are kept, so yesterday's visitors cannot be recognised.
CREATE TABLE visit_seen (
  day TEXT NOT NULL,
  visitor TEXT NOT NULL,
  property_id INTEGER NOT NULL,
  PRIMARY KEY (day, visitor, property_id)
) WITHOUT ROWID;
CREATE TABLE visit_salts (
  day TEXT PRIMARY KEY,
  salt TEXT NOT NULL
);

-- Communication about a property (owner statistics): visits, calls, mails, offers.
CREATE TABLE property_history (
  id INTEGER PRIMARY KEY,
  property_id INTEGER NOT NULL,
  happened_at TEXT NOT NULL,
  type TEXT NOT NULL,
  contact TEXT NOT NULL DEFAULT '',
  subject TEXT NOT NULL DEFAULT '',
  comment TEXT NOT NULL DEFAULT '',
  status TEXT NOT NULL DEFAULT '',
  source TEXT NOT NULL DEFAULT ''
);
CREATE INDEX property_history_by_property ON property_history(property_id, happened_at);

-- Statistics the property portals report per month (views of the ad, clicks to the site, contacts).
CREATE TABLE property_media_stats (
  property_id INTEGER NOT NULL,
  medium TEXT NOT NULL,
  month TEXT NOT NULL,
  views INTEGER NOT NULL DEFAULT 0,
  clicks INTEGER NOT NULL DEFAULT 0,
  contacts INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (property_id, medium, month)
) WITHOUT ROWID;
