/**
 * What every CRM's pull shares: the shape of a pull (the whole catalogue, or what changed),
 * where a pull stands, the reading of a list of records, and laying changes over the
 * previous list. Incremental pulls ask for what changed since the last watermark minus an
 * overlap, so a record saved while the last run was reading is read again rather than
 * missed; reading a record twice changes nothing.
 */
import { FeedError, PULL_LIMITS, PullBudget, type PullLimits } from '../crm-bounds.ts';
import type { CrmConnection } from './answers.ts';

/** How far back each incremental pull reaches before the last watermark. */
export const WATERMARK_OVERLAP_MS = 60 * 60_000;
/** Records per page asked of a CRM. */
export const PAGE = 100;

export type FeedPull =
  /** The whole catalogue: anything missing from it is withdrawn. */
  | { kind: 'complete'; records: Record<string, unknown>[] }
  /** What changed since the watermark; `ids`, when known, is every id the CRM still publishes. */
  | { kind: 'changes'; changed: Record<string, unknown>[]; deleted: number[]; ids: number[] | null };

/** How the site reaches one CRM: where and as whom (CrmConnection), and the pull's bounds. */
export interface CrmSettings extends CrmConnection {
  /** A bearer token for a plain feed; the API user for a CRM. */
  user?: string;
  /** The pull's bounds; PULL_LIMITS unless a test sets smaller ones. */
  limits?: PullLimits;
}

/** An estate a pushing CRM announced by webhook, with the number the site gave it. */
export interface AnnouncedEstate {
  ref: string;
  id: number;
  event: 'estate-added' | 'estate-updated' | 'estate-deleted';
  at: string;
}

/**
 * The list in a CRM's answer. A missing or malformed list is an error, never an empty
 * catalogue: read as [], one glitchy `200 {}` would withdraw every listing.
 */
export function records(value: unknown, what: string): Record<string, unknown>[] {
  if (!Array.isArray(value)) throw new FeedError(`${what}: the answer has no list of records`);
  return value.filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
}

/** A paged list that stopped short of the total the CRM announced was cut off: nothing of it is trusted. */
export function wholeList(found: number, announced: unknown, what: string): void {
  if (typeof announced === 'number' && found < announced) throw new FeedError(`${what}: cut off at ${found} of ${announced} records`);
}

/** A pull's budget: the one its run shares, or a fresh one for a list read on its own. */
export const budgetOf = (settings: CrmSettings, budget?: PullBudget) => budget ?? new PullBudget(settings.limits ?? PULL_LIMITS);

/**
 * The complete list after a pull: a complete pull is itself; changes are laid over the
 * previous records (by ID), deleted ids removed, and with a reconciliation only the ids
 * the CRM still lists are kept.
 */
export function applyPull(previous: Record<string, unknown>[], pull: FeedPull): Record<string, unknown>[] {
  if (pull.kind === 'complete') return pull.records;
  const byId = new Map(previous.map((r) => [r.ID, r]));
  for (const record of pull.changed) byId.set(record.ID, record);
  for (const id of pull.deleted) byId.delete(id);
  if (pull.ids) {
    const listed = new Set<unknown>(pull.ids);
    for (const id of [...byId.keys()]) if (!listed.has(id)) byId.delete(id);
  }
  return [...byId.values()];
}

/** Where a pull stands: the moment to read changes from (null: read everything), now, and the last day every id was read. */
export interface PullContext {
  since: Date | null;
  now: Date;
  reconciledOn: string | null;
  /** What a CRM that pushes by webhook announced since the last pull; empty for the others. */
  announced?: readonly AnnouncedEstate[];
  /** What the whole pull may still read and keep, shared by its calls and pages. */
  budget?: PullBudget;
}
