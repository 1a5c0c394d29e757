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
  days: number;
  minDays: number;
  maxDays: number;
  /** At the end: erased, or kept only as counts that name nobody. */
  end: 'erase' | 'anonymise';
}

const DAY = 1;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

export const RETENTION: Record<RetentionKind, RetentionRule> = {
  lead: {
    purposeKey: 'PRIVACY_PURPOSE_LEAD',
    basis: 'pre-contract',
    days: 3 * YEAR,
    minDays: 6 * MONTH,
    maxDays: 5 * YEAR,
    end: 'erase',
  },
  application: {
    purposeKey: 'PRIVACY_PURPOSE_APPLICATION',
    basis: 'pre-contract',
    days: 6 * MONTH,
    minDays: 1 * MONTH,
    maxDays: 2 * YEAR,
    end: 'erase',
  },
  upload: {
    purposeKey: 'PRIVACY_PURPOSE_UPLOAD',
    basis: 'pre-contract',
    days: 6 * MONTH,
    minDays: 1 * MONTH,
    maxDays: 2 * YEAR,
    end: 'erase',
  },
  booking: {
    purposeKey: 'PRIVACY_PURPOSE_BOOKING',
    basis: 'pre-contract',
    days: 1 * YEAR,
    minDays: 1 * MONTH,
    maxDays: 3 * YEAR,
    end: 'erase',
  },
  alert: {
    purposeKey: 'PRIVACY_PURPOSE_ALERT',
    basis: 'consent',
    days: 30 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
  },
  newsletter: {
    purposeKey: 'PRIVACY_PURPOSE_NEWSLETTER',
    basis: 'consent',
    days: 30 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
  },
  'mail-log': {
    purposeKey: 'PRIVACY_PURPOSE_MAIL_LOG',
    basis: 'legitimate-interest',
    days: 90 * DAY,
    minDays: 7 * DAY,
    maxDays: 1 * YEAR,
    end: 'erase',
  },
  'visit-statistics': {
    purposeKey: 'PRIVACY_PURPOSE_STATISTICS',
    basis: 'legitimate-interest',
    days: 1 * DAY,
    minDays: 1 * DAY,
    maxDays: 1 * DAY,
    end: 'anonymise',
  },
  'crm-run': {
    purposeKey: 'PRIVACY_PURPOSE_CRM_RUN',
    basis: 'legitimate-interest',
    days: 1 * YEAR,
    minDays: 1 * MONTH,
    maxDays: 3 * YEAR,
    end: 'erase',
  },
};

/** The kinds of lead whose period is an application's, not a prospect's (each form says, domain/forms/registry.ts). */
export { APPLICATION_FORMS } from '../forms/registry.ts';

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
