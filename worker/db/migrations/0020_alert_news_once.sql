-- A subscriber hears each piece of news once: a match is keyed by what it tells (a new
-- listing, or one price drop from one price to another), not by the content version that
-- carried it, so a publish that brings the same drop again matches nothing new.
ALTER TABLE alert_matches RENAME COLUMN version TO news;
