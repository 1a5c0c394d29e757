import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';

/**
 * The map frame: an own-origin page that waits for the map message and draws
 * the properties on a plan fitted to them, each marker a link to its page. It needs no
 * tile server, so it works offline and sends visitors' positions to nobody; a link opens
 * the area in OpenStreetMap.
 */
export const mapFrame = new Hono<AppEnv>();

const SCRIPT = `
const svg = document.getElementById('plan');
const list = document.getElementById('list');
const open = document.getElementById('open');
window.addEventListener('message', (event) => {
  if (event.origin !== location.origin || typeof event.data !== 'string') return;
  let data;
  try { data = JSON.parse(event.data); } catch { return; }
  const props = Array.isArray(data.propsList) ? data.propsList.filter((p) => Number.isFinite(p.lat) && Number.isFinite(p.lng)) : [];
  if (props.length === 0) return;
  const lats = props.map((p) => p.lat), lngs = props.map((p) => p.lng);
  const pad = 0.02;
  const minLat = Math.min(...lats) - pad, maxLat = Math.max(...lats) + pad, minLng = Math.min(...lngs) - pad, maxLng = Math.max(...lngs) + pad;
  const k = Math.cos(((minLat + maxLat) / 2) * Math.PI / 180);
  const w = (maxLng - minLng) * k, h = maxLat - minLat;
  const scale = Math.min(900 / w, 500 / h);
  const x = (lng) => 500 + ((lng - minLng) * k - w / 2) * scale;
  const y = (lat) => 300 + (h / 2 - (lat - minLat)) * scale;
  const ns = 'http://www.w3.org/2000/svg';
  svg.querySelectorAll('.marker').forEach((n) => n.remove());
  list.textContent = '';
  props.forEach((p, i) => {
    const a = document.createElementNS(ns, 'a');
    a.setAttribute('href', p.path); a.setAttribute('target', '_top'); a.setAttribute('class', 'marker');
    const c = document.createElementNS(ns, 'circle');
    c.setAttribute('cx', String(x(p.lng))); c.setAttribute('cy', String(y(p.lat))); c.setAttribute('r', '12');
    const label = document.createElementNS(ns, 'title'); label.textContent = p.title + ' – ' + p.price;
    const n = document.createElementNS(ns, 'text'); n.setAttribute('x', String(x(p.lng))); n.setAttribute('y', String(y(p.lat) + 5)); n.textContent = String(i + 1);
    a.append(c, n, label); svg.append(a);
    const li = document.createElement('li'); const link = document.createElement('a');
    link.href = p.path; link.target = '_top'; link.textContent = (i + 1) + '. ' + p.title + ' – ' + p.price;
    li.append(link); list.append(li);
  });
  const lat = (minLat + maxLat) / 2, lng = (minLng + maxLng) / 2;
  open.href = 'https://www.openstreetmap.org/#map=' + (props.length === 1 ? 15 : 10) + '/' + lat.toFixed(5) + '/' + lng.toFixed(5);
  open.textContent = (data.messageInfo && data.messageInfo.openLabel) || 'OpenStreetMap';
  open.hidden = false;
});`;

mapFrame.get('/map/', (c) => {
  const nonce = c.get('nonce');
  c.header('Content-Security-Policy', `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`);
  c.header('X-Frame-Options', 'SAMEORIGIN');
  c.header('Cache-Control', 'public, max-age=3600');
  return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>Map</title>
<style nonce="${nonce}">html,body{margin:0;height:100%;font:14px system-ui,sans-serif;background:#e8efe6}svg{display:block;width:100%;height:calc(100% - 2.2rem)}.marker circle{fill:#b3471d;stroke:#fff;stroke-width:3}.marker text{fill:#fff;font:700 13px system-ui;text-anchor:middle}.marker:focus circle,.marker:hover circle{fill:#1f3a5f}#list{position:absolute;left:-9999px}#open{display:block;height:2.2rem;line-height:2.2rem;padding:0 .8rem;background:#fff;color:#1f3a5f}</style></head>
<body><svg id="plan" viewBox="0 0 1000 600" role="group" aria-label="Map"><defs><pattern id="g" width="50" height="50" patternUnits="userSpaceOnUse"><path d="M50 0H0V50" fill="none" stroke="#d3ddd0" stroke-width="1"/></pattern></defs><rect width="1000" height="600" fill="url(#g)"/></svg>
<ol id="list"></ol><a id="open" hidden target="_blank" rel="noopener noreferrer"></a><script nonce="${nonce}">${SCRIPT}</script></body></html>`);
});
