/**
 * How long the site keeps each kind of personal data, and why: the agency's retention
 * schedule under the GDPR (art. 5.1.e, storage limitation; art. 30, the register of
 * processing). Data, like the listing law: each kind has its purpose, its legal basis, a
 * default period with the bounds an agency may choose within (site.json `privacy.retention`),
 * what happens at its end, and the source of the period. The scheduled run applies it every
 * day (worker/privacy/retention-run.ts); `npm run privacy -- register` writes the register
 * from it; the privacy page states it.
 */

/**
 * The version of the privacy notice the site shows (its generated part follows this schedule):
 * kept with each request, so the agency knows what its sender was told. Change it with the schedule.
 */
export const PRIVACY_NOTICE_VERSION = '2026-11-27';

export const RETENTION_KINDS = ['lead', 'application', 'upload', 'booking', 'alert', 'newsletter', 'mail-log', 'visit-statistics', 'crm-run'] as const;
export type RetentionKind = (typeof RETENTION_KINDS)[number];

export type LegalBasis = 'pre-contract' | 'consent' | 'legitimate-interest';

export interface RetentionRule {
  /** What the data is kept for (a dictionary key, so the privacy page says it in four languages). */
  purposeKey: string;
  basis: LegalBasis;
  /** Where the period runs from, in words for the register. */
  from: string;
  days: number;
  minDays: number;
  maxDays: number;
  /** At the end: erased, or kept only as counts that name nobody. */
  end: 'erase' | 'anonymise';
  /** What holds the data: tables and storage, for the register and the operator. */
  held: string;
  source: string;
}

const DAY = 1;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export const RETENTION: Record<RetentionKind, RetentionRule> = {
  lead: {
    purposeKey: 'PRIVACY_PURPOSE_LEAD',
    basis: 'pre-contract',
    from: "the visitor's last request to the agency",
    days: 3 * YEAR,
    minDays: 6 * MONTH,
    maxDays: 5 * YEAR,
    end: 'erase',
    held: 'D1 leads, lead_mails, crm_pushes',
    source: 'GDPR art. 5.1.e and 6.1.b; APD/GBA recommendation 01/2020 on direct marketing, and the CNIL, use 3 years from the last contact for prospects',
  },
  application: {
    purposeKey: 'PRIVACY_PURPOSE_APPLICATION',
    basis: 'pre-contract',
    from: 'the application (rental applications and job applications)',
    days: 6 * MONTH,
    minDays: 1 * MONTH,
    maxDays: 2 * YEAR,
    end: 'erase',
    held: 'D1 leads (rental-application, job-application)',
    source: 'GDPR art. 5.1.c and 5.1.e (kept until the tenant or the candidate is chosen, then briefly for questions)',
  },
  upload: {
    purposeKey: 'PRIVACY_PURPOSE_UPLOAD',
    basis: 'pre-contract',
    from: 'its request: an upload goes with the request that carried it, and alone after this period',
    days: 6 * MONTH,
    minDays: 1 * MONTH,
    maxDays: 2 * YEAR,
    end: 'erase',
    held: 'R2 uploads/ (CVs, photos for a valuation)',
    source: 'GDPR art. 5.1.e',
  },
  booking: {
    purposeKey: 'PRIVACY_PURPOSE_BOOKING',
    basis: 'pre-contract',
    from: 'the visit',
    days: 1 * YEAR,
    minDays: 1 * MONTH,
    maxDays: 3 * YEAR,
    end: 'erase',
    held: 'D1 appointments',
    source: 'GDPR art. 5.1.e',
  },
  alert: {
    purposeKey: 'PRIVACY_PURPOSE_ALERT',
    basis: 'consent',
    from: 'its end (unsubscribed) or, never confirmed, its request',
    days: 30 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
    held: 'D1 alerts, alert_matches, alert_addresses',
    source: 'GDPR art. 6.1.a and 7.3 (kept while consent lasts; the end kept briefly as proof)',
  },
  newsletter: {
    purposeKey: 'PRIVACY_PURPOSE_NEWSLETTER',
    basis: 'consent',
    from: 'its end (unsubscribed) or, never confirmed, its request',
    days: 30 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
    held: 'D1 newsletter_subscribers',
    source: 'GDPR art. 6.1.a and 7.3; Belgian Code of Economic Law art. XII.13 (e-mail marketing needs consent)',
  },
  'mail-log': {
    purposeKey: 'PRIVACY_PURPOSE_MAIL_LOG',
    basis: 'legitimate-interest',
    from: 'the mail',
    days: 90 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
    held: 'D1 mail_log, mail_passes, mail_quota (addresses hashed)',
    source: 'GDPR art. 6.1.f (answering "I got nothing", proving a mail left)',
  },
  'visit-statistics': {
    purposeKey: 'PRIVACY_PURPOSE_STATISTICS',
    basis: 'legitimate-interest',
    from: 'the day of the visit',
    days: 1 * DAY,
    minDays: 1 * DAY,
    maxDays: 1 * DAY,
    end: 'anonymise',
    held: 'D1 visit_salts, visit_seen (a salted hash for one day), property_visits (counts per day, naming nobody)',
    source: 'GDPR art. 5.1.c; ePrivacy art. 5.3 (no cookie, counted without identifying anyone)',
  },
  'crm-run': {
    purposeKey: 'PRIVACY_PURPOSE_CRM_RUN',
    basis: 'legitimate-interest',
    from: 'the run',
    days: 1 * YEAR,
    minDays: 1 * MONTH,
    maxDays: 3 * YEAR,
    end: 'erase',
    held: 'D1 crm_runs, crm_webhooks',
    source: 'GDPR art. 6.1.f (tracing what the CRM sent)',
  },
};

/** The kinds of lead whose period is an application's, not a prospect's. */
export const APPLICATION_FORMS: readonly string[] = ['rental-application', 'job-application'];

/**
 * The periods in force: the agency's choices within each kind's bounds, the defaults
 * elsewhere. A choice outside its bounds is clamped: the code, not a typo, sets the limit.
 */
export function retentionDays(chosen: Partial<Record<string, number>> = {}): Record<RetentionKind, number> {
  return Object.fromEntries(
    RETENTION_KINDS.map((kind) => {
      const rule = RETENTION[kind];
      const asked = chosen[kind];
      const days = typeof asked === 'number' && Number.isInteger(asked) ? Math.min(rule.maxDays, Math.max(rule.minDays, asked)) : rule.days;
      return [kind, days];
    }),
  ) as Record<RetentionKind, number>;
}

/** The instant before which data of `days` ends, from `now`. */
export function cutoff(now: Date, days: number): string {
  return new Date(now.getTime() - days * 86_400_000).toISOString();
}
