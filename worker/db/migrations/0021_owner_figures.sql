-- When each property's history rows and online-media figures were last taken from the
-- agency's records (its CRM, or the file `npm run owners -- import` reads): the portal dates
-- what it shows by it.
CREATE TABLE owner_figures (
  property_id INTEGER PRIMARY KEY,
  as_of TEXT NOT NULL,
  imported_at TEXT NOT NULL
);
