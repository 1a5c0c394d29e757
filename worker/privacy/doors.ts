/**
 * Every room's door to personal data, by the retention kind its data falls under: a
 * retention kind without its door does not compile (`satisfies`). Privacy reaches other
 * rooms' data only through these doors; its own tables (links, runs, audit) it reads itself.
 */
import type { RetentionKind } from '../../domain/privacy/retention.ts';
import type { PersonalDataDoor } from '../personal-data/door.ts';
import { leadsDoor } from '../leads/personal-data.ts';
import { testimonialsDoor } from '../testimonials/personal-data.ts';
import { bookingsDoor } from '../visits/personal-data.ts';
import { alertsDoor } from '../alerts/personal-data.ts';
import { newsletterDoor } from '../forms/newsletter-data.ts';
import { mailDoor } from '../mail/personal-data.ts';
import { visitStatisticsDoor } from '../owners/personal-data.ts';
import { crmRunsDoor } from '../crm/personal-data.ts';
import { privacyLinksDoor } from './links-data.ts';

export const DOORS = {
  // A testimonial is its author's through the request that sent it, its photo an upload.
  lead: [leadsDoor, testimonialsDoor],
  application: [leadsDoor],
  upload: [leadsDoor, testimonialsDoor],
  booking: [bookingsDoor],
  alert: [alertsDoor],
  newsletter: [newsletterDoor],
  'mail-log': [mailDoor, privacyLinksDoor],
  'visit-statistics': [visitStatisticsDoor],
  'crm-run': [crmRunsDoor],
} as const satisfies Record<RetentionKind, readonly PersonalDataDoor[]>;

/** Every door once, in the order of the kinds. */
export const ALL_DOORS: readonly PersonalDataDoor[] = [...new Set(Object.values(DOORS).flat())];
