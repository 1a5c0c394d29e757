/**
 * The publish command's door to warming: after a publish it asks the site to queue the
 * pages the new version changed now, rather than with the scheduled run. The hook takes
 * the publish hook's secret; without it configured the door is shut.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { operatorHook } from '../security/operator-hook.ts';
import { warmPublished } from './warm-pages.ts';

export const warmHook = new Hono<AppEnv>();

warmHook.post('/pages/warm', operatorHook(), async (c) => c.json((await warmPublished(c.env)) ?? { version: null, fresh: false, queued: 0 }));
