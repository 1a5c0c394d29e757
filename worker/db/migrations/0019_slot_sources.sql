-- Where a visit slot comes from: the operator's own (`npm run slots`), the agency's
-- published calendar (ICS) or its CRM's agenda; a source's sync replaces its own slots
-- and never touches a booked place. `external_id` is the event or appointment it mirrors.
ALTER TABLE appointment_slots ADD COLUMN source TEXT NOT NULL DEFAULT 'site';
ALTER TABLE appointment_slots ADD COLUMN external_id TEXT;
ALTER TABLE appointment_slots ADD COLUMN synced_at TEXT;
-- A closed slot offers no place and keeps the visits booked on it (and their cancellations).
ALTER TABLE appointment_slots ADD COLUMN closed INTEGER NOT NULL DEFAULT 0;
-- When each source's agenda was last read, for the booking's freshness check.
CREATE TABLE agenda_syncs (
  source TEXT PRIMARY KEY,
  synced_at TEXT NOT NULL,
  slots INTEGER NOT NULL,
  error TEXT
);
