-- The agent who holds a visit hour, when its agenda says (the organizer of a calendar event):
-- the visitor's confirmation names them. Empty when the agenda names nobody.
ALTER TABLE appointment_slots ADD COLUMN agent TEXT;
