/**
 * Testimonials: stored as sent, shown only after the agency approved them (* name, comment, website, image, date of posting, posted by).
 */
import type { Lang } from '../../domain/lang.ts';
import type { TestimonialView } from '../../domain/page-data.ts';

export type TestimonialStatus = 'pending' | 'approved' | 'rejected';

/** Keeps a testimonial for moderation; it is invisible until approved. */
export async function insertTestimonial(db: D1Database, row: { leadId: string; lang: Lang; name: string; comment: string; homepage: string | null; imageKey: string | null }): Promise<string> {
  const id = crypto.randomUUID();
  await db
    .prepare('INSERT INTO testimonials (id, lead_id, lang, name, comment, homepage, image_key) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(id, row.leadId, row.lang, row.name, row.comment, row.homepage, row.imageKey)
    .run();
  return id;
}

interface ApprovedRow {
  id: string;
  lang: string;
  name: string;
  comment: string;
  homepage: string | null;
  image_key: string | null;
  created_at: string;
}

/** The approved testimonials, newest approval first; every language shows all of them. */
export async function approvedTestimonials(db: D1Database, limit = 12): Promise<TestimonialView[]> {
  const { results } = await db
    .prepare("SELECT id, lang, name, comment, homepage, image_key, created_at FROM testimonials WHERE status = 'approved' ORDER BY moderated_at DESC LIMIT ?")
    .bind(limit)
    .all<ApprovedRow>();
  return results.map((r) => ({
    id: r.id,
    name: r.name,
    comment: r.comment,
    homepage: r.homepage,
    photo: r.image_key ? `/testimonials/${r.id}/photo` : null,
    postedAt: r.created_at.slice(0, 10),
    lang: r.lang,
  }));
}

/** The R2 key of an approved testimonial's photo; null while pending, rejected or without photo. */
export async function approvedPhotoKey(db: D1Database, id: string): Promise<string | null> {
  const row = await db.prepare("SELECT image_key FROM testimonials WHERE id = ? AND status = 'approved'").bind(id).first<{ image_key: string | null }>();
  return row?.image_key ?? null;
}

/** Approves or rejects one testimonial; false when there is no such testimonial. */
export async function moderate(db: D1Database, id: string, status: Exclude<TestimonialStatus, 'pending'>): Promise<boolean> {
  const result = await db.prepare("UPDATE testimonials SET status = ?, moderated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").bind(status, id).run();
  return result.meta.changes === 1;
}

/** Every testimonial, newest first, or those of one status: what the operator moderates. */
export async function testimonialsForModeration(db: D1Database, status: TestimonialStatus | null): Promise<ModerationRow[]> {
  const where = status ? ' WHERE status = ?' : '';
  const statement = db.prepare(`SELECT id, status, lang, created_at, name, comment, homepage, image_key FROM testimonials${where} ORDER BY created_at DESC`);
  return (await (status ? statement.bind(status) : statement).all<ModerationRow>()).results;
}

export interface ModerationRow {
  id: string;
  status: string;
  lang: string;
  created_at: string;
  name: string;
  comment: string;
  homepage: string | null;
  image_key: string | null;
}
