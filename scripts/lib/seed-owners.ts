/**
 * The demo owner `npm start` creates: one account (named in the README) owning three
 * demo properties, with 90 days of believable page visits, communication history and
 * online-media figures ending today. Every figure is derived from the property and the
 * day, so a run is deterministic and a later run only fills the days that are missing.
 */
import { mulberry32 } from './prng.ts';
import { addDays, brusselsDay, lastDays } from '../../worker/owners/calendar.ts';
import { hashPassword, verifyPassword } from '../../worker/owners/password.ts';
import { insertRows } from './d1-rows.ts';

export const DEMO_OWNER = {
  username: 'clambert',
  email: 'proprietaire@example.be',
  name: 'Claire Lambert',
  lang: 'fr',
  password: 'Meuse-Ardenne-2026',
  /** A house for sale in Wépion, a flat for sale in Gembloux, a studio to let in Namur. */
  properties: [2077, 2058, 2090],
} as const;

/** The owner the second demo agency (agence-b.localhost) shows: its own login, its own properties. */
export const DEMO_OWNER_B = {
  username: 'mdupont',
  email: 'proprietaire@ourthe-famenne.example.be',
  name: 'Marc Dupont',
  lang: 'fr',
  password: 'Ourthe-Famenne-2026',
  /** A house for sale in Durbuy and a flat to let in Barvaux. */
  properties: [7101, 7104],
} as const;

export interface DemoOwner {
  username: string;
  email: string;
  name: string;
  lang: string;
  password: string;
  properties: readonly number[];
}

export const HISTORY_DAYS = 90;

/** A number in [0, 1) fixed by the text, so the same property and day always get the same figures. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return mulberry32(h >>> 0);
}

const LANG_SHARE: [string, number][] = [
  ['fr', 0.68],
  ['nl', 0.2],
  ['en', 0.08],
  ['de', 0.04],
];

/** Visits of one property on one day, split by page language: more at weekends, a slow monthly swell. */
export function demoVisits(propertyId: number, day: string): { lang: string; visits: number }[] {
  const random = seeded(`${propertyId}:${day}`);
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  const weekend = weekday === 0 || weekday === 6 ? 1.5 : weekday === 1 ? 1.2 : 1;
  const base = (propertyId % 3) * 4 + 9;
  const swell = 1 + 0.35 * Math.sin((dayNumber(day) + propertyId) / 9);
  const total = Math.round(base * weekend * swell * (0.6 + 0.8 * random()));
  // Each language gets about its share; French, the agency's language, takes what is left.
  const others = LANG_SHARE.slice(1).map(([lang, share]) => ({ lang, visits: Math.round(total * share * (0.7 + 0.6 * random())) }));
  const french = Math.max(0, total - others.reduce((n, v) => n + v.visits, 0));
  return [{ lang: 'fr', visits: french }, ...others].filter((v) => v.visits > 0);
}

/** Today is not over: the share of the day gone by, in Belgium (at 08:00, a third). */
export function dayElapsed(now: Date): number {
  const [hours = 0, minutes = 0] = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Brussels', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now).split(':').map(Number);
  return (hours * 60 + minutes) / 1440;
}

export interface DemoHistoryRow {
  id: number;
  propertyId: number;
  happenedAt: string;
  type: string;
  contact: string;
  subject: string;
  comment: string;
  status: string;
  source: string;
}

const CONTACTS = ['Sophie Martin', 'Jan Peeters', 'Karim Benali', 'Élise Laurent', 'Thomas Janssens', 'M. et Mme Dubois', 'Nathalie Leroy', 'Pieter De Smet', 'Amélie Renard', 'Luca Romano'];
const SOURCES = ['website', 'Immoweb', 'Zimmo', 'phone', 'website', 'Immoweb'];

function pick<T>(random: () => number, list: readonly T[]): T {
  const item = list[Math.floor(random() * list.length)];
  if (item === undefined) throw new Error('empty list');
  return item;
}

/** The day number since 1970, for ids that stay the same from one run to the next. */
function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

/**
 * What happened about a property on one day: nothing on most days; requests, calls,
 * viewings, offers (for sale) and the monthly report otherwise. Viewings after today are planned.
 */
export function demoHistory(propertyId: number, day: string, today: string, forRent: boolean): DemoHistoryRow[] {
  const random = seeded(`history:${propertyId}:${day}`);
  const rows: DemoHistoryRow[] = [];
  const id = (n: number) => propertyId * 1_000_000 + dayNumber(day) * 10 + n;
  const at = (hour: number) => `${day}T${String(hour).padStart(2, '0')}:${pick(random, ['00', '15', '30', '45'])}:00`;
  const future = day > today;
  if (day.endsWith('-01') && !future) {
    rows.push({
      id: id(0),
      propertyId,
      happenedAt: at(9),
      type: 'report',
      contact: 'Immobilière Meuse & Ardenne',
      subject: 'Rapport mensuel',
      comment: 'Statistiques du mois et avis sur le prix envoyés au propriétaire.',
      status: 'done',
      source: 'office',
    });
  }
  const roll = random();
  if (future) {
    if (roll < 0.3)
      rows.push({
        id: id(1),
        propertyId,
        happenedAt: at(pick(random, [10, 14, 17])),
        type: 'visit',
        contact: pick(random, CONTACTS),
        subject: 'Visite du bien',
        comment: '',
        status: 'planned',
        source: pick(random, SOURCES),
      });
    return rows;
  }
  if (roll < 0.22) {
    rows.push({
      id: id(2),
      propertyId,
      happenedAt: at(pick(random, [8, 11, 20, 22])),
      type: 'info',
      contact: pick(random, CONTACTS),
      subject: "Demande d'informations",
      comment: pick(random, [
        'Souhaite recevoir le PEB et les plans.',
        'Demande si le bien est toujours disponible.',
        'Question sur les charges et le revenu cadastral.',
        'Demande une visite un samedi.',
      ]),
      status: 'done',
      source: pick(random, SOURCES),
    });
  } else if (roll < 0.34) {
    rows.push({
      id: id(3),
      propertyId,
      happenedAt: at(pick(random, [10, 13, 16])),
      type: 'call',
      contact: pick(random, CONTACTS),
      subject: 'Appel entrant',
      comment: pick(random, ['Questions sur le quartier et les écoles.', 'Rappel demandé pour fixer une visite.', 'Souhaite connaître les frais de notaire.']),
      status: pick(random, ['done', 'follow-up']),
      source: 'phone',
    });
  } else if (roll < 0.5) {
    const outcome = random();
    const comment =
      outcome < 0.25
        ? 'Visite annulée par le candidat.'
        : pick(random, [
            'Très intéressés, reviennent avec un entrepreneur.',
            'Trouvent le jardin trop petit.',
            'Bonne impression, réfléchissent au budget.',
            'Aiment la luminosité ; inquiets pour le bruit de la route.',
          ]);
    rows.push({
      id: id(4),
      propertyId,
      happenedAt: at(pick(random, [10, 14, 17, 18])),
      type: 'visit',
      contact: pick(random, CONTACTS),
      subject: 'Visite du bien',
      comment,
      status: outcome < 0.25 ? 'cancelled' : 'done',
      source: pick(random, SOURCES),
    });
  } else if (roll < 0.56 && !forRent) {
    rows.push({
      id: id(5),
      propertyId,
      happenedAt: at(pick(random, [11, 15])),
      type: 'offer',
      contact: pick(random, CONTACTS),
      subject: 'Offre écrite',
      comment: pick(random, ['Offre sous le prix demandé, transmise au propriétaire.', 'Offre conditionnée à l’obtention du crédit.', 'Offre au prix, en attente de la réponse du propriétaire.']),
      status: 'follow-up',
      source: 'office',
    });
  } else if (roll < 0.6 && forRent) {
    rows.push({
      id: id(5),
      propertyId,
      happenedAt: at(pick(random, [11, 15])),
      type: 'email',
      contact: pick(random, CONTACTS),
      subject: 'Dossier de candidature',
      comment: 'Fiches de paie et composition de ménage reçues.',
      status: 'follow-up',
      source: 'email',
    });
  }
  return rows;
}

const MEDIA: [string, number][] = [
  ['Immoweb', 1400],
  ['Zimmo', 420],
  ['Immovlan', 300],
  ['Facebook', 650],
  ['Logic-Immo', 160],
];

/** Monthly figures the portals report: views of the ad, clicks to the site, contact requests. */
export function demoMedia(propertyId: number, month: string): { medium: string; views: number; clicks: number; contacts: number }[] {
  const random = seeded(`media:${propertyId}:${month}`);
  return MEDIA.map(([medium, typical]) => {
    const views = Math.round(typical * (0.6 + 0.8 * random()));
    const clicks = Math.round(views * (0.03 + 0.05 * random()));
    const contacts = Math.round(views * (0.002 + 0.008 * random()));
    return { medium, views, clicks, contacts };
  });
}

/** Idempotent: creates the owner (or repairs their password after the pepper changed) and fills missing days. */
export async function seedDemoOwner(db: D1Database, pepper: string, now = new Date(), owner: DemoOwner = DEMO_OWNER): Promise<{ created: boolean }> {
  const today = brusselsDay(now);
  const existing = await db.prepare('SELECT id, password_hash FROM owners WHERE username = ?').bind(owner.username).first<{ id: number; password_hash: string }>();
  let ownerId: number;
  if (!existing) {
    const hash = await hashPassword(owner.password, pepper);
    const row = await db
      .prepare("INSERT INTO owners (username, email, name, lang, password_hash, created_at) VALUES (?, ?, ?, ?, ?, strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) RETURNING id")
      .bind(owner.username, owner.email, owner.name, owner.lang, hash)
      .first<{ id: number }>();
    if (!row) throw new Error('demo owner not created');
    ownerId = row.id;
  } else {
    ownerId = existing.id;
    if (!(await verifyPassword(owner.password, existing.password_hash, pepper))) {
      await db
        .prepare('UPDATE owners SET password_hash = ?, token_version = token_version + 1 WHERE id = ?')
        .bind(await hashPassword(owner.password, pepper), ownerId)
        .run();
    }
  }
  const days = lastDays(today, HISTORY_DAYS);
  const statements: D1PreparedStatement[] = [];
  // Viewings planned by an earlier run that are now past would stay 'planned' for ever.
  const ids = owner.properties.join(',');
  statements.push(db.prepare(`DELETE FROM property_history WHERE property_id IN (${ids}) AND status = 'planned' AND happened_at < ?`).bind(today));
  const links: { owner_id: number; property_id: number }[] = [];
  const visits: { property_id: number; day: string; lang: string; visits: number }[] = [];
  const history: { id: number; property_id: number; happened_at: string; type: string; contact: string; subject: string; comment: string; status: string; source: string }[] = [];
  const media: { property_id: number; medium: string; month: string; views: number; clicks: number; contacts: number }[] = [];
  const figures = db.prepare('INSERT INTO owner_figures (property_id, as_of, imported_at) VALUES (?1, ?2, ?2) ON CONFLICT (property_id) DO UPDATE SET as_of = ?2, imported_at = ?2');
  for (const [index, propertyId] of owner.properties.entries()) {
    links.push({ owner_id: ownerId, property_id: propertyId });
    // Dated as an import of the agency's records would date them: this morning at 06:00 UTC.
    statements.push(figures.bind(propertyId, `${today}T06:00:00.000Z`));
    const forRent = index === 2;
    for (const day of days) {
      const part = day === today ? dayElapsed(now) : 1;
      for (const v of demoVisits(propertyId, day)) {
        const count = Math.round(v.visits * part);
        if (count > 0) visits.push({ property_id: propertyId, day, lang: v.lang, visits: count });
      }
    }
    for (const day of [...days, ...Array.from({ length: 10 }, (_, i) => addDays(today, i + 1))]) {
      for (const h of demoHistory(propertyId, day, today, forRent)) {
        history.push({ id: h.id, property_id: h.propertyId, happened_at: h.happenedAt, type: h.type, contact: h.contact, subject: h.subject, comment: h.comment, status: h.status, source: h.source });
      }
    }
    for (const month of [...new Set(days.map((d) => d.slice(0, 7)))]) {
      for (const m of demoMedia(propertyId, month)) media.push({ property_id: propertyId, medium: m.medium, month, views: m.views, clicks: m.clicks, contacts: m.contacts });
    }
  }
  statements.push(
    ...insertRows(db, 'owner_properties', ['owner_id', 'property_id'], links),
    ...insertRows(db, 'property_visits', ['property_id', 'day', 'lang', 'visits'], visits),
    ...insertRows(db, 'property_history', ['id', 'property_id', 'happened_at', 'type', 'contact', 'subject', 'comment', 'status', 'source'], history),
    ...insertRows(db, 'property_media_stats', ['property_id', 'medium', 'month', 'views', 'clicks', 'contacts'], media),
  );
  await db.batch(statements);
  return { created: !existing };
}
