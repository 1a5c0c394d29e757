import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { formBodyLimit, knownForm, validSubmission } from './submission.ts';

// The three checks in the order the form route runs them; the handler echoes what it got.
const app = new Hono<AppEnv>();
app.post('/forms/:name', knownForm, formBodyLimit, validSubmission, (c) => {
  const submission = c.req.valid('form');
  return c.json({ fields: submission.fields, lang: submission.envelope.lang });
});

const post = (name: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(`https://site.test/forms/${name}`, { method: 'POST', body, headers: { Accept: 'application/json', ...headers } });

const contact = (fields: Record<string, string>) =>
  new URLSearchParams({ lang: 'nl', title: 'ms', firstName: 'Ann', lastName: 'Peeters', email: 'ann@example.be', phone: '+32 470 12 34 56', ...fields });

describe('knownForm', () => {
  it.each([
    ['a form of the site', 'site-contact', 200],
    ['a made-up name', 'wire-transfer', 404],
    ['a name in another case', 'Site-Contact', 404],
  ])('%s → %i', async (_what, name, status) => {
    const response = await post(name, contact({}));
    expect(response.status).toBe(status);
    if (status === 404) expect(await response.json()).toEqual({ error: 'UNKNOWN_FORM' });
  });
});

describe('formBodyLimit', () => {
  it.each([
    ['a form without files, just under 64 KB', 'site-contact', 60 * 1024, 422],
    ['a form without files over 64 KB', 'site-contact', 70 * 1024, 413],
    // A job application takes a CV: the same size is far below its limit and reaches validation.
    ['a form with a file field at 70 KB', 'job-application', 70 * 1024, 422],
  ])('%s → %i', async (_what, name, size, status) => {
    const response = await post(name, new URLSearchParams({ message: 'x'.repeat(size) }));
    expect(response.status).toBe(status);
  });
});

describe('validSubmission', () => {
  it('hands the handler typed fields and the envelope', async () => {
    const response = await post('site-contact', contact({ message: 'Bonjour' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ lang: 'nl', fields: { firstName: 'Ann', message: 'Bonjour', title: 'ms' } });
  });

  it('answers every field error at once, never the handler', async () => {
    const response = await post('site-contact', contact({ email: 'not-an-address', firstName: '', title: '' }));
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: { field: string }[] };
    expect(errors.map((e) => e.field).sort()).toEqual(['email', 'firstName', 'title']);
  });

  it('refuses a required file that is missing along with the fields', async () => {
    const response = await post('job-application', contact({ firstName: '' }));
    expect(response.status).toBe(422);
    const { errors } = (await response.json()) as { errors: { field: string }[] };
    expect(errors.map((e) => e.field)).toEqual(expect.arrayContaining(['firstName', 'cv']));
  });
});
