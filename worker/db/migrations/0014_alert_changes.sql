-- A change to a confirmed alert (how often it mails) asked through the "alert me" form
-- waits for the address to confirm it, like the alert itself did: a stranger who types
-- someone's address changes nothing of theirs.
ALTER TABLE alerts ADD COLUMN pending_frequency TEXT CHECK (pending_frequency IN ('instant', 'daily', 'weekly'));
ALTER TABLE alerts ADD COLUMN change_asked_at TEXT;
