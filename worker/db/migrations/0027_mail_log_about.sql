-- Whom a logged mail is about, beside whom it went to: the agency's copy of a visitor's
-- request carries the visitor's name, address and message, and must be found when that
-- visitor asks to see or erase their data. A hash of the folded mailbox (as the mail gate
-- folds it), so the column is no second list of addresses. Rows logged before it have none;
-- erasure finds those by the addresses they quote.
ALTER TABLE mail_log ADD COLUMN about TEXT;
CREATE INDEX mail_log_about ON mail_log (about);
