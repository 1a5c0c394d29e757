/**
 * The leads room's door to privacy: the requests a person sent (with what each upload and
 * the CRM's copy), their erasure, and the end of their periods. A request other than an
 * application is kept for its period from its sender's last request; an application from
 * its own date. An upload is erased with its request, and an upload no room holds any more
 * once its own period ends.
 */
import { APPLICATION_FORMS, cutoff } from '../../domain/privacy/retention.ts';
import { marks, ofDomains, spellingsJson, type DoorEnv, type Erasure, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

/** At most this many requests erased per run of the retention: the rest waits for the next tick, so a run stays well inside its CPU time. */
const BATCH = 200;

/** Where a request's uploads are stored: the keys its payload holds under `files`. */
function filesOf(payload: string): { fields: Record<string, unknown>; files: string[] } {
  try {
    const parsed = JSON.parse(payload) as Record<string, unknown>;
    const { files, ...fields } = parsed;
    const keys = files && typeof files === 'object' ? Object.values(files as Record<string, unknown>).filter((k): k is string => typeof k === 'string') : [];
    return { fields, files: keys };
  } catch {
    return { fields: {}, files: [] };
  }
}

/** Erases requests by id, their uploads, their mails' record and their CRM queue row; the CRM's references are returned. */
async function eraseRequests(env: DoorEnv, ids: readonly string[]): Promise<Pick<Erasure, 'requests' | 'uploads' | 'crmRefs'>> {
  const erased = { requests: 0, uploads: 0, crmRefs: [] as string[] };
  const db = env.DB;
  for (let i = 0; i < ids.length; i += 50) {
    const chunk = ids.slice(i, i + 50);
    const [leads, pushes] = await db.batch<Record<string, unknown>>([
      db.prepare(`SELECT payload FROM leads WHERE id IN (${marks(chunk)})`).bind(...chunk),
      db.prepare(`SELECT crm_ref FROM crm_pushes WHERE lead_id IN (${marks(chunk)}) AND crm_ref IS NOT NULL`).bind(...chunk),
    ]);
    const keys = [...new Set((leads?.results ?? []).flatMap((r) => filesOf(typeof r.payload === 'string' ? r.payload : '').files).filter((k) => k.startsWith('uploads/')))];
    if (keys.length > 0) await env.FILES.delete(keys);
    erased.uploads += keys.length;
    erased.crmRefs.push(...(pushes?.results ?? []).map((r) => String(r.crm_ref)));
    const results = await db.batch([
      db.prepare(`DELETE FROM lead_mails WHERE lead_id IN (${marks(chunk)})`).bind(...chunk),
      // The CRM queue's row goes before its lead (it refers to it).
      db.prepare(`DELETE FROM crm_pushes WHERE lead_id IN (${marks(chunk)})`).bind(...chunk),
      db.prepare(`DELETE FROM leads WHERE id IN (${marks(chunk)})`).bind(...chunk),
    ]);
    erased.requests += results[2]?.meta.changes ?? 0;
  }
  return erased;
}

/** The requests whose period has ended: an application from its date, any other request from its sender's last request. */
async function endedRequests(db: D1Database, days: { lead: number; application: number }, now: Date): Promise<{ leads: string[]; applications: string[] }> {
  const apps = marks(APPLICATION_FORMS, 3);
  const [leads, applications] = await db.batch<{ id: string }>([
    db
      .prepare(
        `SELECT id FROM leads WHERE kind NOT IN (${apps}) AND created_at < ?1
         AND (email IS NULL OR lower(email) NOT IN (SELECT lower(email) FROM leads WHERE email IS NOT NULL AND created_at >= ?1)) LIMIT ?2`,
      )
      .bind(cutoff(now, days.lead), BATCH, ...APPLICATION_FORMS),
    db.prepare(`SELECT id FROM leads WHERE kind IN (${apps}) AND created_at < ?1 LIMIT ?2`).bind(cutoff(now, days.application), BATCH, ...APPLICATION_FORMS),
  ]);
  return { leads: (leads?.results ?? []).map((r) => r.id), applications: (applications?.results ?? []).map((r) => r.id) };
}

/** The uploads the requests still hold. */
async function heldUploads(db: D1Database): Promise<string[]> {
  const rows = await db.prepare(`SELECT payload FROM leads WHERE payload LIKE '%uploads/%'`).all<{ payload: string }>();
  return rows.results.flatMap((row) => filesOf(row.payload).files);
}

export const leadsDoor = {
  room: 'leads',
  async addresses(db, domains) {
    const rows = await db
      .prepare(`SELECT DISTINCT lower(trim(email)) AS a FROM leads WHERE email IS NOT NULL AND ${ofDomains('email')}`)
      .bind(JSON.stringify(domains))
      .all<{ a: string }>();
    return rows.results.map((r) => r.a);
  },
  async requestsOf(db, spellings) {
    const rows = await db.prepare('SELECT id FROM leads WHERE lower(email) IN (SELECT value FROM json_each(?1))').bind(JSON.stringify(spellings)).all<{ id: string }>();
    return rows.results.map((r) => r.id);
  },
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'requests'>> {
    const rows = await env.DB.prepare(
      `SELECT l.id, l.kind, l.lang, l.created_at, l.payload, l.notice_version, p.lead_id AS pushed FROM leads l LEFT JOIN crm_pushes p ON p.lead_id = l.id AND p.state = 'sent' WHERE lower(l.email) IN (SELECT value FROM json_each(?1)) ORDER BY l.created_at`,
    )
      .bind(spellingsJson(person))
      .all<Record<string, unknown>>();
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      requests: rows.results.map((r) => ({
        id: text(r.id),
        form: text(r.kind),
        lang: text(r.lang),
        receivedAt: text(r.created_at),
        ...filesOf(text(r.payload)),
        sentToCrm: r.pushed !== null && r.pushed !== undefined,
        noticeShown: typeof r.notice_version === 'string' ? r.notice_version : null,
      })),
    };
  },
  async erase(env, person) {
    return eraseRequests(env, person.requests);
  },
  heldUploads,
  async expire(env, days, now, others) {
    const ended = await endedRequests(env.DB, days, now);
    const counts = { lead: 0, application: 0, upload: 0 };
    for (const [kind, ids] of [
      ['lead', ended.leads],
      ['application', ended.applications],
    ] as const) {
      const dependents = await others.forgetRequests(ids);
      const erased = await eraseRequests(env, ids);
      counts[kind] = erased.requests;
      counts.upload += erased.uploads + (dependents.uploads ?? 0);
    }
    // Uploads no request or testimonial holds any more, older than their period (a request erased by hand, a post that failed after its file was kept).
    const before = new Date(cutoff(now, days.upload));
    const listed = await env.FILES.list({ prefix: 'uploads/', limit: 500 });
    const old = listed.objects.filter((o) => o.uploaded < before).map((o) => o.key);
    if (old.length > 0) {
      const held = new Set([...(await heldUploads(env.DB)), ...(await others.heldUploads())]);
      const stray = old.filter((key) => !held.has(key));
      if (stray.length > 0) await env.FILES.delete(stray);
      counts.upload += stray.length;
    }
    return { counts, more: ended.leads.length === BATCH || ended.applications.length === BATCH };
  },
} satisfies PersonalDataDoor;
