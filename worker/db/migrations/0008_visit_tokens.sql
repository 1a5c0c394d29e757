-- A booked visit has a secret of its own: the thank-you page, the .ics file and the
-- cancel link name it, so whoever holds the mail can see or cancel that visit, nothing else.
ALTER TABLE appointments ADD COLUMN token TEXT;
ALTER TABLE appointments ADD COLUMN cancelled_at TEXT;
CREATE UNIQUE INDEX appointments_by_token ON appointments (token);
