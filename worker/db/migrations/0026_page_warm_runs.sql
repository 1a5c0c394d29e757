-- Once per published content version, the pages it changed are queued to be rendered before
-- anyone asks (worker/warm/warm-pages.ts): the version is claimed here first, so the
-- scheduled run, the publish hook and the CRM pull never queue the same version twice.
CREATE TABLE page_warm_runs (
  version TEXT PRIMARY KEY,
  started_at TEXT NOT NULL,
  queued INTEGER
);
