/**
 * After a publish, the commands ask the site to match the new version against the alerts
 * at once (POST /alerts/run with the PUBLISH_HOOK_TOKEN secret: from .dev.vars locally,
 * from the environment with --remote), so instant alerts go now rather than with the
 * site's scheduled run, which sends them within 15 minutes when the site does not answer.
 */
import { devVar } from './dev-vars.ts';
import { localSite } from './local-origin.ts';
import { request } from 'node:http';
import { agencyHook, selectedAgency } from './agency-scope.ts';

/** A fetch that names another Host than the address it connects to (a guest agency on the local site). */
function fetchAs(host: string): typeof fetch {
  return ((input: URL, init: RequestInit = {}) =>
    new Promise<Response>((resolve, reject) => {
      const headers = { ...(init.headers as Record<string, string>), Host: host };
      const req = request(input, { method: init.method ?? 'GET', headers, ...(init.signal ? { signal: init.signal } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve(new Response(Buffer.concat(chunks), { status: res.statusCode ?? 500 })));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    })) as typeof fetch;
}

/** The site, token and fetch a hook is asked with: the home agency's, or the chosen agency's on its own host. */
async function hookTarget(site: string, token: string, remote: boolean, fetcher: typeof fetch): Promise<{ site: string; token: string; fetcher: typeof fetch }> {
  const guest = selectedAgency() === null ? null : await agencyHook(site, remote, token);
  if (!guest) return { site, token, fetcher };
  return { site: guest.site, token: guest.token, fetcher: remote ? fetcher : fetchAs(guest.host) };
}

/** Asks the site to match the new version against the alerts; how many alert mails it queued. */
export async function askForAlerts(site: string, token: string, fetcher: typeof fetch = fetch): Promise<{ ok: true; queued: number } | { ok: false; why: string }> {
  try {
    const response = await fetcher(new URL('/alerts/run', site), { method: 'POST', headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(30_000) });
    if (!response.ok) return { ok: false, why: `${site} answered ${response.status}` };
    const body = (await response.json()) as { queued?: unknown };
    return { ok: true, queued: typeof body.queued === 'number' ? body.queued : 0 };
  } catch (error) {
    return { ok: false, why: `${site} did not answer (${(error as Error).message})` };
  }
}

/** The alert mails the site queued for the version just published (0, with a note on stderr, when it could not be asked). */
export async function sendAlertsNow(options: { remote: boolean; site?: string | undefined }): Promise<number> {
  const site = options.site ?? (options.remote ? (process.env.SITE_ORIGIN ?? '') : localSite());
  const token = process.env.PUBLISH_HOOK_TOKEN ?? (options.remote ? null : devVar('PUBLISH_HOOK_TOKEN'));
  const target = site && token ? await hookTarget(site, token, options.remote, fetch) : null;
  const asked = target ? await askForAlerts(target.site, target.token, target.fetcher) : { ok: false as const, why: 'no site address or PUBLISH_HOOK_TOKEN' };
  if (asked.ok) return asked.queued;
  console.error(`Alerts: ${asked.why}; the site's scheduled run sends them within 15 minutes.`);
  return 0;
}

/** Asks the site to run one of its operator hooks now (POST PATH with PUBLISH_HOOK_TOKEN); its JSON answer, or why not. */
export async function askSite(path: string, options: { remote: boolean; site?: string | undefined }, fetcher: typeof fetch = fetch): Promise<{ ok: true; body: unknown } | { ok: false; why: string }> {
  const site = options.site ?? (options.remote ? (process.env.SITE_ORIGIN ?? '') : localSite());
  const token = process.env.PUBLISH_HOOK_TOKEN ?? (options.remote ? null : devVar('PUBLISH_HOOK_TOKEN'));
  if (!site || !token) return { ok: false, why: 'no site address or PUBLISH_HOOK_TOKEN' };
  const target = await hookTarget(site, token, options.remote, fetcher);
  try {
    const response = await target.fetcher(new URL(path, target.site), { method: 'POST', headers: { Authorization: `Bearer ${target.token}` }, signal: AbortSignal.timeout(60_000) });
    if (!response.ok) return { ok: false, why: `${site} answered ${response.status}` };
    return { ok: true, body: await response.json() };
  } catch (error) {
    return { ok: false, why: `${site} did not answer (${(error as Error).message})` };
  }
}
