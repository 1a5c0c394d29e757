/**
 * A stored lead read back through its own form's schema, once, by whoever acts on it (the
 * outbox's mails): the fields are typed as the form defines them, and a lead whose payload
 * no longer fits (a form changed since it was posted) is told apart instead of half-read.
 */
import * as z from 'zod/mini';
import { formSchema, type FormData, type FormName } from '../../domain/forms/schemas.ts';
import type { LeadRow } from './store.ts';

/** The values of a lead of any form: narrow with `'propertyId' in data` and the like. */
export type LeadData = { [N in FormName]: FormData<N> }[FormName];

export interface StoredLead {
  row: LeadRow;
  /** The values as the form's schema reads them; null when the stored payload no longer fits it. */
  data: LeadData | null;
  /** Every stored value as it was posted, for the agency's copy of a lead the schema no longer reads. */
  posted: Readonly<Record<string, unknown>>;
  /** The uploads' storage keys, by field. */
  files: Readonly<Record<string, string>>;
}

const STORED_FILES = z.record(z.string(), z.string());

export function readStoredLead(row: LeadRow): StoredLead {
  let posted: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.payload);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) posted = parsed as Record<string, unknown>;
  } catch {
    // An unreadable payload is a lead with no values: the agency still hears of it.
  }
  const read = formSchema(row.kind).safeParse(posted);
  const files = STORED_FILES.safeParse(posted.files);
  return { row, data: read.success ? (read.data as LeadData) : null, posted, files: files.success ? files.data : {} };
}

/** The listing a lead is about, when its form names one. */
export function leadPropertyId(data: LeadData | null): number | null {
  return data && 'propertyId' in data && data.propertyId !== undefined ? data.propertyId : null;
}

/** The new-build project a lead is about, when its form names one. */
export function leadProjectId(data: LeadData | null): number | null {
  return data && 'projectId' in data && data.projectId !== undefined ? data.projectId : null;
}

/** The person a lead names, when its form asks for one: names, phone and address as the form read them. */
export function personOf(data: LeadData | null): { firstName: string; lastName: string; phone: string; email: string } | null {
  if (!data) return null;
  const values = new Map<string, unknown>(Object.entries(data));
  const text = (key: string) => {
    const value = values.get(key);
    return typeof value === 'string' ? value : null;
  };
  const [firstName, lastName, phone, email] = [text('firstName'), text('lastName'), text('phone'), text('email')];
  return firstName !== null && lastName !== null ? { firstName, lastName, phone: phone ?? '', email: email ?? '' } : null;
}
