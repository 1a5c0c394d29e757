/**
 * How the site reads every CRM's answers: JSON or refused, parsed by the shape the CRM's
 * documentation gives it at the edge, and a CRM's "no" told apart from a CRM that failed.
 * A CRM's failure is a FeedError with what answered what, never a half-read answer.
 */
import * as z from 'zod';
import { FeedError } from '../crm-bounds.ts';

/** Where and as whom the site speaks to a CRM: the part of its settings every call needs. */
export interface CrmConnection {
  url: string;
  user?: string;
  password?: string;
  /** The agency's client and office, for a CRM that asks for them. */
  clientId?: string;
  officeId?: string;
}

/**
 * An answer read by the shape the CRM's documentation gives it, at the edge: fields the site
 * does not read are let through, a field it reads that is missing or of another kind is a
 * FeedError naming the call and the field, never a value cast and read later.
 */
export function answerOf<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const read = schema.safeParse(value);
  if (read.success) return read.data;
  const issue = read.error.issues[0];
  throw new FeedError(`${what}: unexpected answer${issue ? ` (${issue.path.join('.') || 'body'}: ${issue.message})` : ''}`);
}

/** The answer's JSON, or a FeedError that says which call answered what. */
export async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new FeedError(`${what} answered ${response.status}`);
  try {
    return await response.json();
  } catch {
    throw new FeedError(`${what} did not answer JSON`);
  }
}

/**
 * The CRM answered, and said no: a full appointment, a refused login, a parameter it does not
 * take. Unlike an unreachable CRM, asking again the same way gets the same answer.
 */
export class CrmRefused extends FeedError {}

/**
 * The items of a list answer that a schema reads. An answer with items and none readable
 * is a FeedError naming the fields expected: a renamed field must never read as an empty
 * list ("no history", "no appointment").
 */
export function readItems<T>(items: readonly unknown[], schema: z.ZodType<T>, what: string): T[] {
  const read = items.flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
  if (items.length > 0 && read.length === 0) {
    const expected = schema instanceof z.ZodObject ? Object.keys(schema.shape).join(', ') : 'its fields';
    throw new FeedError(`${what}: no item in a shape the site reads (${expected})`);
  }
  return read;
}
