/**
 * The HTTP Observatory's header tests (MDN, 2024 scoring), reimplemented over one
 * response so a test can require A+ for every page type without calling the public
 * service. Baseline 100, each test's modifier added; bonuses count only from 90 up.
 * Not used by the worker at run time: tests and scripts import it.
 */

export interface ObservatoryTest {
  name: string;
  result: string;
  modifier: number;
}

export interface ObservatoryScore {
  score: number;
  grade: string;
  tests: ObservatoryTest[];
}

const DANGEROUSLY_BROAD = ['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*'];
const UNSAFE_INLINE = ["'unsafe-inline'", 'data:'];
const INSECURE_SCHEMES = ['http:', 'ftp:'];
const NONCES_HASHES = ["'nonce-", "'sha256-", "'sha384-", "'sha512-"];

/** Directives to their sources; null when the header is unparsable (a directive twice, no directive). */
export function parseCsp(header: string): Map<string, Set<string>> | null {
  const policy = new Map<string, Set<string>>();
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (!name) continue;
    const directive = name.toLowerCase();
    if (policy.has(directive)) return null;
    policy.set(directive, new Set(sources.map((s) => (s.startsWith("'nonce-") || s.startsWith("'sha") ? s : s.toLowerCase()))));
  }
  return policy.size === 0 ? null : policy;
}

function cspTest(headers: Headers): { test: ObservatoryTest; frameAncestorsNone: boolean } {
  const header = headers.get('Content-Security-Policy');
  const out = (result: string, modifier: number, frameAncestorsNone = false) => ({ test: { name: 'content-security-policy', result, modifier }, frameAncestorsNone });
  if (!header) return out('csp-not-implemented', -25);
  const csp = parseCsp(header);
  if (!csp) return out('csp-header-invalid', -25);
  const star = new Set(['*']);
  const defaultSrc = csp.get('default-src');
  const objectSrc = new Set(csp.get('object-src') ?? defaultSrc ?? star);
  const scriptSrc = new Set(csp.get('script-src') ?? defaultSrc ?? star);
  const styleSrc = new Set(csp.get('style-src') ?? defaultSrc ?? star);
  const frameAncestors = csp.get('frame-ancestors');
  const hasNonce = (list: Set<string>) => [...list].some((s) => NONCES_HASHES.some((p) => s.startsWith(p)));
  // A nonce or hash makes browsers ignore 'unsafe-inline'; 'strict-dynamic' makes them ignore hosts and schemes.
  for (const list of [scriptSrc, styleSrc]) if (hasNonce(list)) list.delete("'unsafe-inline'");
  if (scriptSrc.has("'strict-dynamic'")) {
    if (!hasNonce(scriptSrc)) return out('csp-header-invalid', -25);
    for (const s of [...scriptSrc])
      if (DANGEROUSLY_BROAD.includes(s) || (s !== "'unsafe-eval'" && s !== "'unsafe-inline'" && s !== "'strict-dynamic'" && !NONCES_HASHES.some((p) => s.startsWith(p)))) scriptSrc.delete(s);
  }
  const active = [...scriptSrc, ...objectSrc];
  const passive = ['img-src', 'media-src', 'style-src'].flatMap((d) => [...(csp.get(d) ?? defaultSrc ?? star)]);
  const intersects = (list: Set<string>, values: string[]) => values.some((v) => list.has(v));
  const none = frameAncestors?.size === 1 && frameAncestors.has("'none'");
  const frameOk = frameAncestors !== undefined && !frameAncestors.has('*');
  let result: ObservatoryTest;
  if (intersects(scriptSrc, [...DANGEROUSLY_BROAD, ...UNSAFE_INLINE]) || intersects(objectSrc, [...DANGEROUSLY_BROAD, ...UNSAFE_INLINE])) result = out('csp-implemented-with-unsafe-inline', -20).test;
  else if (active.some((s) => INSECURE_SCHEMES.some((p) => s.startsWith(p)))) result = out('csp-implemented-with-insecure-scheme', -20).test;
  else if (scriptSrc.has("'unsafe-eval'") || objectSrc.has("'unsafe-eval'")) result = out('csp-implemented-with-unsafe-eval', -10).test;
  else if (passive.some((s) => INSECURE_SCHEMES.some((p) => s.startsWith(p)))) result = out('csp-implemented-with-insecure-scheme-in-passive-content-only', -10).test;
  else if (intersects(styleSrc, ["'unsafe-inline'"])) result = out('csp-implemented-with-unsafe-inline-in-style-src-only', 0).test;
  else if (defaultSrc?.size === 1 && defaultSrc.has("'none'")) result = out('csp-implemented-with-no-unsafe-default-src-none', 10).test;
  else result = out('csp-implemented-with-no-unsafe', 5).test;
  return { test: result, frameAncestorsNone: none || frameOk };
}

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

function parseCookie(line: string): Cookie {
  const [pair = '', ...attributes] = line.split(';');
  const name = pair.split('=')[0]?.trim() ?? '';
  const attrs = attributes.map((a) => a.trim().toLowerCase());
  const sameSite = attrs.find((a) => a.startsWith('samesite='))?.slice('samesite='.length) ?? null;
  return { name, secure: attrs.includes('secure'), httpOnly: attrs.includes('httponly'), sameSite };
}

function cookieTest(headers: Headers, hsts: boolean): ObservatoryTest {
  const cookies = headers.getSetCookie().map(parseCookie);
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'cookies', result, modifier });
  if (cookies.length === 0) return t('cookies-not-found', 0);
  const isSession = (c: Cookie) => /login|sess/i.test(c.name);
  if (cookies.some((c) => c.sameSite !== null && !['strict', 'lax', 'none'].includes(c.sameSite))) return t('cookies-samesite-flag-invalid', -20);
  if (cookies.some((c) => /csrf/i.test(c.name) && c.sameSite === null)) return t('cookies-anticsrf-without-samesite-flag', -20);
  if (cookies.some((c) => isSession(c) && !c.secure)) return hsts ? t('cookies-session-without-secure-flag-but-protected-by-hsts', -10) : t('cookies-session-without-secure-flag', -40);
  if (cookies.some((c) => isSession(c) && !c.httpOnly)) return t('cookies-session-without-httponly-flag', -30);
  if (cookies.some((c) => !c.secure)) return hsts ? t('cookies-without-secure-flag-but-protected-by-hsts', -5) : t('cookies-without-secure-flag', -20);
  if (cookies.every((c) => c.sameSite !== null)) return t('cookies-secure-with-httponly-sessions-and-samesite', 5);
  return t('cookies-secure-with-httponly-sessions', 0);
}

function hstsTest(headers: Headers): ObservatoryTest {
  const header = headers.get('Strict-Transport-Security');
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'strict-transport-security', result, modifier });
  if (!header) return t('hsts-not-implemented', -20);
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?/i.exec(header)?.[1];
  if (maxAge === undefined) return t('hsts-header-invalid', -20);
  if (Number(maxAge) < 15_768_000) return t('hsts-implemented-max-age-less-than-six-months', -10);
  // Preloading is a property of the domain (the browsers' list), not of the header.
  return t('hsts-implemented-max-age-at-least-six-months', 0);
}

function nosniffTest(headers: Headers): ObservatoryTest {
  const header = headers.get('X-Content-Type-Options');
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'x-content-type-options', result, modifier });
  if (header === null) return t('x-content-type-options-not-implemented', -5);
  return header.trim().toLowerCase() === 'nosniff' ? t('x-content-type-options-nosniff', 0) : t('x-content-type-options-header-invalid', -5);
}

function frameTest(headers: Headers, viaCsp: boolean): ObservatoryTest {
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'x-frame-options', result, modifier });
  if (viaCsp) return t('x-frame-options-implemented-via-csp', 5);
  const header = headers.get('X-Frame-Options')?.trim().toLowerCase();
  if (header === undefined) return t('x-frame-options-not-implemented', -20);
  if (header === 'deny' || header === 'sameorigin') return t('x-frame-options-sameorigin-or-deny', 0);
  if (header.startsWith('allow-from ')) return t('x-frame-options-allow-from-origin', 0);
  return t('x-frame-options-header-invalid', -20);
}

function referrerTest(headers: Headers): ObservatoryTest {
  const header = headers.get('Referrer-Policy');
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'referrer-policy', result, modifier });
  if (header === null) return t('referrer-policy-not-implemented', 0);
  const valid = ['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin', 'origin', 'origin-when-cross-origin', 'no-referrer-when-downgrade', 'unsafe-url'];
  const policies = header
    .split(',')
    .map((p) => p.trim().toLowerCase())
    .filter((p) => valid.includes(p));
  // Browsers apply the last policy they understand.
  const effective = policies.at(-1);
  if (effective === undefined) return t('referrer-policy-header-invalid', -5);
  if (['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'].includes(effective)) return t('referrer-policy-private', 5);
  if (effective === 'no-referrer-when-downgrade') return t('referrer-policy-no-referrer-when-downgrade', 0);
  return t('referrer-policy-unsafe', -5);
}

function corpTest(headers: Headers): ObservatoryTest {
  const header = headers.get('Cross-Origin-Resource-Policy')?.trim().toLowerCase();
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'cross-origin-resource-policy', result, modifier });
  if (header === undefined) return t('corp-not-implemented', 0);
  if (header === 'same-origin' || header === 'same-site') return t(`corp-implemented-with-${header}`, 0);
  if (header === 'cross-origin') return t('corp-implemented-with-cross-origin', 0);
  return t('corp-header-invalid', -5);
}

function corsTest(headers: Headers): ObservatoryTest {
  const open = headers.get('Access-Control-Allow-Origin')?.trim() === '*' && headers.get('Access-Control-Allow-Credentials') === 'true';
  return {
    name: 'cross-origin-resource-sharing',
    result: open ? 'cross-origin-resource-sharing-implemented-with-universal-access' : 'cross-origin-resource-sharing-not-implemented',
    modifier: open ? -50 : 0,
  };
}

/** Script tags of an HTML body: each must be same-origin (relative) or carry an integrity hash. */
function sriTest(headers: Headers, body: string | null): ObservatoryTest {
  const t = (result: string, modifier: number): ObservatoryTest => ({ name: 'subresource-integrity', result, modifier });
  if (body === null || !(headers.get('Content-Type') ?? '').includes('text/html')) return t('sri-not-implemented-response-not-html', 0);
  const srcs = [...body.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)[^>]*>/gi)].map((m) => ({ src: m[1] ?? '', tag: m[0] }));
  if (srcs.length === 0) return t('sri-not-implemented-but-no-scripts-loaded', 0);
  const external = srcs.filter((s) => /^(https?:)?\/\//i.test(s.src));
  if (external.length === 0) return t('sri-not-implemented-but-all-scripts-loaded-from-secure-origin', 0);
  if (external.some((s) => s.src.startsWith('http:'))) return t('sri-not-implemented-and-external-scripts-not-loaded-securely', -50);
  return external.every((s) => /\bintegrity=/i.test(s.tag)) ? t('sri-implemented-and-external-scripts-loaded-securely', 5) : t('sri-not-implemented-but-external-scripts-loaded-securely', -5);
}

/** Grades of the Observatory's scale, best first. */
const GRADES: [number, string][] = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
];

/** Scores one response's headers (and its HTML for SRI) the way the Observatory would. */
export function scoreHeaders(headers: Headers, body: string | null = null): ObservatoryScore {
  const hsts = hstsTest(headers);
  const csp = cspTest(headers);
  const tests = [
    csp.test,
    cookieTest(headers, hsts.modifier >= 0),
    corsTest(headers),
    corpTest(headers),
    referrerTest(headers),
    hsts,
    sriTest(headers, body),
    nosniffTest(headers),
    frameTest(headers, csp.frameAncestorsNone),
  ];
  const penalties = tests.reduce((sum, t) => sum + Math.min(0, t.modifier), 100);
  const bonuses = tests.reduce((sum, t) => sum + Math.max(0, t.modifier), 0);
  const score = Math.max(0, penalties >= 90 ? penalties + bonuses : penalties);
  const grade = GRADES.find(([floor]) => score >= floor)?.[1] ?? 'F';
  return { score, grade, tests };
}
