/**
 * The one door through which privacy reaches a room's personal data. Every room that keeps
 * data about a person exports one, registered under each retention kind its data falls under
 * (worker/privacy/doors.ts): a retention kind without its door does not compile, and privacy
 * writes SQL only on its own tables. A person is asked about by every spelling of their
 * mailbox (the mail gate's folding), the delivery log's key for them, and the requests they
 * sent (bookings and testimonials hang on a request).
 */
import type { RetentionKind } from '../../domain/privacy/retention.ts';

export interface Person {
  /** Every spelling of the person's mailbox the site holds, lower case, the asked one included. */
  spellings: readonly string[];
  /** The delivery log's key for mails about them. */
  about: string;
  /** The ids of the requests they sent. */
  requests: readonly string[];
}

/** What the site holds about one person (GDPR art. 15, and art. 20 as JSON). */
export interface SubjectData {
  email: string;
  requests: { id: string; form: string; lang: string; receivedAt: string; fields: Record<string, unknown>; files: string[]; sentToCrm: boolean; noticeShown: string | null }[];
  bookings: { startsAt: string; propertyId: number; status: string; bookedAt: string }[];
  alerts: { id: number; list: string; frequency: string; status: string; since: string }[];
  newsletter: { status: string; since: string; ended: string | null } | null;
  mails: { kind: string; subject: string; sentAt: string; status: string }[];
  testimonials: { name: string; comment: string; status: string; createdAt: string }[];
}

/** What an erasure removed, as the visitor and the operator are told. */
export interface Erasure {
  requests: number;
  uploads: number;
  bookings: number;
  alerts: number;
  newsletter: number;
  mails: number;
  testimonials: number;
  /** The CRM's own records of these requests: the agency erases them there. */
  crmRefs: string[];
}

export type RetentionCounts = Partial<Record<RetentionKind, number>>;

export interface DoorEnv {
  DB: D1Database;
  FILES: R2Bucket;
}

export interface PersonalDataDoor {
  /** The room, for logs and tests. */
  room: string;
  /** The spellings of a mailbox of these domains the room holds, lower case. */
  addresses?(db: D1Database, domains: readonly string[]): Promise<string[]>;
  /** The ids of the requests this person sent (the leads room only). */
  requestsOf?(db: D1Database, spellings: readonly string[]): Promise<string[]>;
  /** What the room holds about the person. */
  find(env: DoorEnv, person: Person): Promise<Partial<SubjectData>>;
  /** Erases what the room holds about the person (art. 17). */
  erase(env: DoorEnv, person: Person, now: Date): Promise<Partial<Erasure>>;
  /** Erases the room's rows that hang on these requests, before the requests themselves go. */
  forgetRequests?(env: DoorEnv, requests: readonly string[], now: Date): Promise<Partial<Erasure>>;
  /** The uploads (R2 keys) the room still holds, so an upload no one holds can expire. */
  heldUploads?(db: D1Database): Promise<string[]>;
  /** Ends the person's subscriptions, keeping the record of their end (art. 7.3); how many ended. */
  endSubscriptions?(env: DoorEnv, person: Person, now: Date): Promise<number>;
  /**
   * Erases what its retention periods have ended, and says how much of each kind; `more` when
   * it stopped at its batch. A room whose rows others hang on asks them to forget first.
   */
  expire(env: DoorEnv, days: Readonly<Record<RetentionKind, number>>, now: Date, others: OtherDoors): Promise<{ counts: RetentionCounts; more?: boolean }>;
}

/** What a door may ask of the others while it expires its own rows. */
export interface OtherDoors {
  /** Every other room forgets its rows that hang on these requests. */
  forgetRequests(requests: readonly string[]): Promise<Partial<Erasure>>;
  /** The uploads every other room still holds. */
  heldUploads(): Promise<string[]>;
}

/** Erasure counts added up, door by door. */
export function addErasures(into: Erasure, more: Partial<Erasure>): Erasure {
  return {
    requests: into.requests + (more.requests ?? 0),
    uploads: into.uploads + (more.uploads ?? 0),
    bookings: into.bookings + (more.bookings ?? 0),
    alerts: into.alerts + (more.alerts ?? 0),
    newsletter: into.newsletter + (more.newsletter ?? 0),
    mails: into.mails + (more.mails ?? 0),
    testimonials: into.testimonials + (more.testimonials ?? 0),
    crmRefs: [...into.crmRefs, ...(more.crmRefs ?? [])],
  };
}

/** A row's address is one of the spellings, passed as a JSON array. */
export const spellingsJson = (person: Pick<Person, 'spellings'>): string => JSON.stringify(person.spellings);

/** `column` ends in one of the domains of the JSON array bound at ?1. */
export const ofDomains = (column: string): string => `EXISTS (SELECT 1 FROM json_each(?1) d WHERE lower(${column}) LIKE '%@' || d.value)`;

/** Marks ?1..?n for a list of ids. */
export const marks = (ids: readonly unknown[], from = 1): string => ids.map((_, i) => `?${i + from}`).join(', ');
