-- Each mail has one name everywhere (worker/mail/kinds.ts). A lead's sent mails keep their
-- new names, so a lead half-sent before this change is not sent twice after it; the
-- delivery log reads the same names.
UPDATE lead_mails SET mail = 'agency-lead' WHERE mail = 'agency';
UPDATE lead_mails SET mail = 'appointment-confirmation' WHERE mail = 'confirmation' AND lead_id IN (SELECT id FROM leads WHERE kind = 'contact-appointment');
UPDATE lead_mails SET mail = 'rental-confirmation' WHERE mail = 'confirmation' AND lead_id IN (SELECT id FROM leads WHERE kind = 'rental-application');
UPDATE lead_mails SET mail = 'project-brochure' WHERE mail = 'brochure';
UPDATE lead_mails SET mail = 'newsletter-confirmation' WHERE mail = 'confirm';
UPDATE lead_mails SET mail = 'alert-confirmation' WHERE mail = 'alert-confirm';
UPDATE mail_log SET kind = 'agency-lead' WHERE kind = 'agency';
UPDATE mail_log SET kind = 'project-brochure' WHERE kind = 'brochure';
UPDATE mail_log SET kind = 'newsletter-confirmation' WHERE kind = 'confirm';
UPDATE mail_log SET kind = 'alert-confirmation' WHERE kind = 'alert-confirm';
