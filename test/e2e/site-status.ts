/**
 * How the browser tests' site start went, written by global-setup.ts into the state folder
 * and read by site-ready.ts in each browser test file (they run in other processes).
 */
export const SITE_STATUS_FILE = 'site-status.json';

export type SiteStatus = { state: 'starting' } | { state: 'ready'; seconds: number } | { state: 'failed'; reason: string; output: string };

/** The status as written, or `starting` while the file is absent or half written. */
export function parseSiteStatus(text: string | null): SiteStatus {
  if (text === null) return { state: 'starting' };
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && 'state' in value) {
      if (value.state === 'ready') return { state: 'ready', seconds: 'seconds' in value && typeof value.seconds === 'number' ? value.seconds : 0 };
      if (value.state === 'failed') {
        return {
          state: 'failed',
          reason: 'reason' in value && typeof value.reason === 'string' ? value.reason : 'unknown',
          output: 'output' in value && typeof value.output === 'string' ? value.output : '',
        };
      }
    }
  } catch {
    // being written
  }
  return { state: 'starting' };
}
