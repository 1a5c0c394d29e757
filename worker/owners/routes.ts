/**
 * The owner portal's own routes: its forms (login, forgot, reset, logout) and its JSON
 * API with the visit beacon. Its pages are answered through the site's page route and
 * page API (./pages.ts), so no route is defined twice.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { ownerForms } from './auth.ts';
import { ownerApi } from './api.ts';

export const owners = new Hono<AppEnv>();
owners.route('/', ownerForms);
owners.route('/', ownerApi);
