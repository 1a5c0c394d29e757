/**
 * A lead as the agency's CRM receives it, whichever CRM: the visitor, their request, the
 * listing, a search profile for a demand, and the CRM's own visit moment when the visitor
 * booked one of its slots. Read once through the form's schema (stored-lead.ts).
 */
import type { CrmContact } from '../../content/crm/adapter.ts';
import { brusselsTime } from '../mail/brussels-time.ts';
import { formFields } from '../../domain/forms/schemas.ts';
import { leadProjectId, leadPropertyId, type StoredLead } from '../leads/stored-lead.ts';

/** The visit a lead booked, as the CRM is told about it. */
export interface CrmVisit {
  startsAt: string;
  /** The CRM's visit moment to take a place in; null for a slot the CRM does not keep (or one it already refused). */
  appointmentId: string | null;
  /** A word for the agent after the time, e.g. that the CRM had no place left at that hour. */
  note?: string;
}

/**
 * A lead as the CRM receives it. Every value the form read goes into the comment, labelled
 * with the field's name, so nothing the visitor said is lost in a CRM without that field.
 */
export function crmContactOf(lead: StoredLead, visit: CrmVisit | null = null): CrmContact | null {
  const { row, data } = lead;
  if (!data) return null;
  // The form's fields by name, as its schema read them.
  const values = new Map<string, unknown>(Object.entries(data));
  const text = (key: string) => {
    const value = values.get(key);
    return typeof value === 'string' && value !== '' ? value : null;
  };
  const fields = formFields(row.kind).filter((f) => f.kind !== 'hidden' && f.kind !== 'file');
  const lines = fields.flatMap((f) => {
    const value = values.get(f.name);
    if (value === undefined || value === '' || ['title', 'firstName', 'lastName', 'email', 'phone'].includes(f.name)) return [];
    // A booked visit reads as its time, in Brussels, not as the slot's id.
    if (f.name === 'slotId' && visit) return [`visit: ${brusselsTime(visit.startsAt, 'fr')} (Europe/Brussels)${visit.note ? ` ${visit.note}` : ''}`];
    return [`${f.name}: ${Array.isArray(value) ? value.join(', ') : String(value)}`];
  });
  const [first, ...rest] = (text('name') ?? '').split(' ');
  const demand =
    'goal' in data && 'types' in data
      ? {
          goal: data.goal,
          typeIds: data.types.map(Number).filter(Number.isInteger),
          priceMin: data.minPrice ?? null,
          priceMax: data.maxPrice ?? null,
          minRooms: data.minBedrooms ?? null,
          maxRooms: data.maxBedrooms ?? null,
          zones: data.zones,
        }
      : null;
  return {
    ref: row.id,
    lang: row.lang,
    title: text('title'),
    firstName: text('firstName') ?? first ?? '',
    lastName: text('lastName') ?? rest.join(' '),
    email: text('email') ?? row.email,
    phone: text('phone'),
    propertyId: leadPropertyId(data),
    projectId: leadProjectId(data),
    propertyRef: null,
    appointmentId: visit?.appointmentId ?? null,
    subject: `Web: ${row.kind}`,
    comment: [...lines, `Web reference: ${row.id}`].join('\n'),
    demand,
  };
}
