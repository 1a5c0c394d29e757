/** The rows of docs/security.md for many agencies on one deployment: agency B's host attacking the home agency's data and caches. */
import type { Mutation } from './mutation.ts';

const AGENCIES = 'test/integration/agencies.test.ts';

export const AGENCIES_ROWS: Mutation[] = [
  {
    row: "A guest agency's pages drawn from another agency's content (a listing id, a cached list)",
    control: "each agency's view of KV under its own prefix",
    file: 'worker/agency/scoped-stores.ts',
    find: '  return `${prefix}${key}`;\n}',
    replace: '  return key;\n}',
    project: 'worker',
    test: AGENCIES,
    name: 'own site|listing of the home agency|publish for agency B',
  },
  {
    row: "A lead, alert or owner of one agency read or written through another agency's host",
    control: "each agency's own database",
    file: 'worker/agency/agency-env.ts',
    find: '    DB: db,\n',
    replace: '    DB: env.DB,\n',
    project: 'worker',
    test: AGENCIES,
    name: "stored in B's database|alert's link",
  },
  {
    row: "An owner's session, a signed link or a password hash of one agency accepted by another",
    control: "secrets derived per agency from the platform's",
    file: 'worker/agency/agency-env.ts',
    find: '    ...secrets,\n',
    replace: '',
    project: 'worker',
    test: AGENCIES,
    name: "owner's session",
  },
  {
    row: "One agency's visitors (or an attacker on its site) using up another agency's rate limits",
    control: 'rate limits counted per agency',
    file: 'worker/agency/scoped-stores.ts',
    find: 'limiter.limit({ key: `${agency}:${key}` })',
    replace: 'limiter.limit({ key })',
    project: 'worker',
    test: AGENCIES,
    name: 'rate limits count per agency',
  },
  {
    row: "A stranger host (a domain pointed at the platform) served some agency's site",
    control: 'unknown hosts refused',
    file: 'worker/agency/find-agency.ts',
    find: "  return { kind: 'unknown' };\n}",
    replace: "  return { kind: 'home' };\n}",
    project: 'worker',
    test: AGENCIES,
    name: 'own site',
  },
  {
    row: "A file stored for one agency served on another agency's host",
    control: "each agency's view of R2 under its own prefix",
    file: 'worker/agency/agency-env.ts',
    find: '    FILES: agencyBucket(env.FILES, prefix),\n',
    replace: '',
    project: 'worker',
    test: AGENCIES,
    name: 'file stored for the home agency',
  },
];
