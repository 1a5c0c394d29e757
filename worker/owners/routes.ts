/**
 * The owner portal's own routes: its forms (login, forgot, reset, logout), its JSON API
 * with the visit beacon, and its pages below the login page (forgot, reset, portal),
 * answered here before the site's page route sees the request; the page API asks
 * ./pages.ts for the same pages as JSON, so no page is defined twice.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ownerForms } from './auth.ts';
import { ownerApi } from './api.ts';
import { ownerPageResponse } from './pages.ts';

export const owners = new Hono<AppEnv>();
owners.route('/', ownerForms);
owners.route('/', ownerApi);
// Page paths end in a slash: others go on to the site's page route, which redirects them first.
owners.get('*', async (c, next) => {
  const page = c.req.path.endsWith('/') ? await ownerPageResponse(c) : null;
  if (page) return page;
  await next();
});
