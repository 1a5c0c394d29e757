/**
 * Where each kind of personal data is held, where its period runs from, and the source of the
 * period: the register of processing's columns (scripts/privacy.ts), kept apart from the schedule
 * so pages that state the periods do not carry them.
 */
import type { RetentionKind } from './retention.ts';

export const RETENTION_RECORD: Record<RetentionKind, { from: string; held: string; source: string }> = {
  lead: {
    from: "the visitor's last request to the agency",
    held: 'D1 leads, lead_mails, crm_pushes',
    source: 'GDPR art. 5.1.e and 6.1.b; APD/GBA recommendation 01/2020 on direct marketing, and the CNIL, use 3 years from the last contact for prospects',
  },
  application: {
    from: 'the application (rental applications and job applications)',
    held: 'D1 leads (rental-application, job-application)',
    source: 'GDPR art. 5.1.c and 5.1.e (kept until the tenant or the candidate is chosen, then briefly for questions)',
  },
  upload: { from: 'its request: an upload goes with the request that carried it, and alone after this period', held: 'R2 uploads/ (CVs, photos for a valuation)', source: 'GDPR art. 5.1.e' },
  booking: { from: 'the visit', held: 'D1 appointments', source: 'GDPR art. 5.1.e' },
  alert: {
    from: 'its end (unsubscribed) or, never confirmed, its request',
    held: 'D1 alerts, alert_matches, alert_addresses',
    source: 'GDPR art. 6.1.a and 7.3 (kept while consent lasts; the end kept briefly as proof)',
  },
  newsletter: {
    from: 'its end (unsubscribed) or, never confirmed, its request',
    held: 'D1 newsletter_subscribers',
    source: 'GDPR art. 6.1.a and 7.3; Belgian Code of Economic Law art. XII.13 (e-mail marketing needs consent)',
  },
  'mail-log': { from: 'the mail', held: 'D1 mail_log, mail_passes, mail_quota (addresses hashed)', source: 'GDPR art. 6.1.f (answering "I got nothing", proving a mail left)' },
  'visit-statistics': {
    from: 'the day of the visit',
    held: 'D1 visit_salts, visit_seen (a salted hash for one day), property_visits (counts per day, naming nobody)',
    source: 'GDPR art. 5.1.c; ePrivacy art. 5.3 (no cookie, counted without identifying anyone)',
  },
  'crm-run': { from: 'the run', held: 'D1 crm_runs, crm_webhooks', source: 'GDPR art. 6.1.f (tracing what the CRM sent)' },
};
