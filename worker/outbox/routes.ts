/**
 * The operator's door to the outbox: `npm run mail -- pending --resend` marks what waits as
 * due and asks the site to sweep now rather than within 15 minutes. The hook takes the
 * same secret as the publish hook; without it configured the door is shut.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { operatorHook } from '../security/operator-hook.ts';
import { sweepOutbox } from './sweep.ts';

export const outbox = new Hono<AppEnv>();

outbox.post('/outbox/sweep', operatorHook(), async (c) => c.json(await sweepOutbox(c.env)));
