-- Online visit booking: slots with a capacity; a booking takes a place only while one is left.
CREATE TABLE appointment_slots (
  id TEXT PRIMARY KEY,
  property_id INTEGER NOT NULL,
  starts_at TEXT NOT NULL,
  capacity INTEGER NOT NULL CHECK (capacity > 0),
  booked INTEGER NOT NULL DEFAULT 0 CHECK (booked >= 0 AND booked <= capacity)
);
CREATE INDEX slots_by_property ON appointment_slots (property_id, starts_at);
CREATE TABLE appointments (
  id TEXT PRIMARY KEY,
  slot_id TEXT NOT NULL REFERENCES appointment_slots (id),
  lead_id TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'confirmed',
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
