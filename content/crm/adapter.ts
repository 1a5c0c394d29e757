/**
 * One CRM as the site speaks to it: how its listings are read, and what else it does for
 * the agency, each capability optional. A capability a CRM lacks is done another way: visit
 * slots from the agency's published calendar or `npm run slots`, owners' figures from
 * `npm run owners -- import`, erasure told to the agency by mail. Every CRM lives in its own
 * folder beside this file and exports one object of this shape; `adapters.ts` lists them.
 */
import type { Lang } from '../../domain/lang.ts';
import type { Fetcher } from '../crm-bounds.ts';
import type { AnnouncedEstate, CrmSettings, FeedPull, PullContext } from './pull.ts';

/** What the CRM is told about one lead: a contact with its request, or a search profile. */
export interface CrmContact {
  ref: string;
  lang: Lang;
  title: string | null;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  propertyId: number | null;
  projectId: number | null;
  /** The CRM's own id of the listing when it is not the site's number (an estate UUID); null otherwise. */
  propertyRef: string | null;
  /** The CRM's own visit moment the visitor booked, when the slot came from its agenda: the CRM takes the place, or refuses (CrmRefused). */
  appointmentId: string | null;
  /** The request as the agent reads it: the form, the visitor's words, the web reference. */
  subject: string;
  comment: string;
  demand: { goal: 'sale' | 'rent'; typeIds: number[]; priceMin: number | null; priceMax: number | null; minRooms: number | null; maxRooms: number | null; zones: string } | null;
}

/** One CRM's way to receive a contact; null: the adapter cannot (a plain feed). */
export type LeadSender = (contact: CrmContact, settings: CrmSettings, fetcher: Fetcher) => Promise<string | null>;

/** Erases the contacts the site created in the CRM for one person, by the references it kept. */
export type ContactEraser = (refs: readonly string[], settings: CrmSettings, fetcher: Fetcher) => Promise<void>;

/** One visit moment of one listing in the CRM's agenda, with the places still free. */
export interface CrmVisitMoment {
  propertyId: number;
  /** UTC ISO. */
  startsAt: string;
  places: number;
  externalId: string;
}

export interface CrmAgenda {
  read(settings: CrmSettings, fetcher: Fetcher): Promise<CrmVisitMoment[]>;
}

/** The owner the CRM knows behind valid credentials. */
export interface CrmOwner {
  email: string;
  name: string;
  /** The owner's listings, when the CRM answers them with the login; null when it does not. */
  properties: number[] | null;
}

/** null: not an owner's valid login. Throws when the CRM could not answer. */
export type OwnerLoginCheck = (email: string, password: string, settings: CrmSettings, fetcher: Fetcher) => Promise<CrmOwner | null>;

/** One property of the owner, with what the CRM logged about it. */
export interface CrmOwnedProperty {
  id: number;
  history: { date: string; type: string; contact: string; subject: string; comment: string; status: string; source: string }[];
  /** null: the CRM keeps no media figures (those imported by file stay). */
  media: { medium: string; month: string; views: number; clicks: number; contacts: number }[] | null;
}

/** The owner as the site knows them: their e-mail, and the listings it holds as theirs (a CRM that relates people and listings answers its own). */
export type OwnerFiguresReader = (owner: { email: string; properties: readonly number[] }, settings: CrmSettings, fetcher: Fetcher, now: Date) => Promise<CrmOwnedProperty[]>;

export interface Announcement {
  ref: string;
  event: AnnouncedEstate['event'];
  at: string;
}

export interface ListingWebhook {
  /** The header carrying the signature. */
  header: string;
  /** The announcement in a body already verified, or null for a body the site does not read. */
  read(body: unknown): Announcement | null;
}

/** A CRM that pushes its listings to the site by webhook instead of being listed. */
export interface ListingPush {
  webhook: ListingWebhook;
  /** Tells the CRM where the site now shows each estate it announced; how many it took. A failure is logged, and the next announcement reports again. */
  reportAddresses(settings: CrmSettings, fetcher: Fetcher, estates: readonly { ref: string; url: string }[]): Promise<number>;
}

export interface CrmAdapter {
  /** Reads what changed (or everything) into records of the content's shape. */
  pull(settings: CrmSettings, context: PullContext, fetcher: Fetcher): Promise<FeedPull>;
  /** Receives a visitor's request: a contact with its request, a booked visit, or a search profile. */
  leads?: LeadSender;
  /** Keeps the agents' visit moments per listing. */
  agenda?: CrmAgenda;
  /** Checks the login an owner was given by the agency. */
  ownerLogin?: OwnerLoginCheck;
  /** Reads an owner's properties, their history and portal figures. */
  ownerFigures?: OwnerFiguresReader;
  /** Erases a visitor's contacts when they erase their data from the site. */
  eraseContacts?: ContactEraser;
  /** Pushes its listings by webhook: the pull reads only what it announced. */
  push?: ListingPush;
}

/** The capabilities a CRM may have, by name. */
export type CrmCapability = Exclude<keyof CrmAdapter, 'pull'>;
