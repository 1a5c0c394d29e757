/**
 * The testimonials room's door to privacy: a testimonial is its author's through the request
 * that sent it, and goes with it, its photo included.
 */
import { marks, type DoorEnv, type Person, type PersonalDataDoor, type SubjectData } from '../personal-data/door.ts';

async function forgetRequests(env: DoorEnv, requests: readonly string[]): Promise<{ testimonials: number; uploads: number }> {
  const erased = { testimonials: 0, uploads: 0 };
  for (let i = 0; i < requests.length; i += 50) {
    const chunk = requests.slice(i, i + 50);
    const images = await env.DB.prepare(`SELECT image_key FROM testimonials WHERE lead_id IN (${marks(chunk)}) AND image_key IS NOT NULL`)
      .bind(...chunk)
      .all<{ image_key: string }>();
    const keys = [...new Set(images.results.map((r) => r.image_key).filter((k) => k.startsWith('uploads/')))];
    if (keys.length > 0) await env.FILES.delete(keys);
    erased.uploads += keys.length;
    const deleted = await env.DB.prepare(`DELETE FROM testimonials WHERE lead_id IN (${marks(chunk)})`)
      .bind(...chunk)
      .run();
    erased.testimonials += deleted.meta.changes ?? 0;
  }
  return erased;
}

export const testimonialsDoor = {
  room: 'testimonials',
  async find(env: DoorEnv, person: Person): Promise<Pick<SubjectData, 'testimonials'>> {
    const rows = await env.DB.prepare('SELECT name, comment, status, created_at FROM testimonials WHERE lead_id IN (SELECT value FROM json_each(?1))')
      .bind(JSON.stringify(person.requests))
      .all<{ name: string; comment: string; status: string; created_at: string }>();
    return { testimonials: rows.results.map((r) => ({ name: r.name, comment: r.comment, status: r.status, createdAt: r.created_at })) };
  },
  async erase() {
    return {};
  },
  forgetRequests,
  async heldUploads(db) {
    return (await db.prepare('SELECT image_key FROM testimonials WHERE image_key IS NOT NULL').all<{ image_key: string }>()).results.map((r) => r.image_key);
  },
  // A testimonial goes with its request, at the request's end.
  async expire() {
    return { counts: {} };
  },
} satisfies PersonalDataDoor;
