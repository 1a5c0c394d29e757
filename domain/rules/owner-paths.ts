/**
 * The owner pages live under the login path of the path table (`/fr/login/`): the
 * portal, the forgot-password and reset forms and the log-out action each get a
 * localized segment below it, so every page of the flow reads in the visitor's language.
 */
import type { Lang } from '../lang.ts';

export type OwnerSection = 'portal' | 'forgot' | 'reset' | 'logout';

export const OWNER_SEGMENTS: Record<OwnerSection, Record<Lang, string>> = {
  portal: { nl: 'portaal', fr: 'portail', en: 'portal', de: 'portal' },
  forgot: { nl: 'wachtwoord-vergeten', fr: 'mot-de-passe-oublie', en: 'forgot-password', de: 'passwort-vergessen' },
  reset: { nl: 'nieuw-wachtwoord', fr: 'nouveau-mot-de-passe', en: 'new-password', de: 'neues-passwort' },
  logout: { nl: 'afmelden', fr: 'deconnexion', en: 'logout', de: 'abmelden' },
};

const SECTIONS = Object.keys(OWNER_SEGMENTS).filter((s): s is OwnerSection => s in OWNER_SEGMENTS);

/** A path below a login path, split into its parts. */
export interface OwnerPath {
  /** The login page this path belongs to, e.g. `/fr/login/`. */
  loginPath: string;
  lang: Lang;
  section: OwnerSection;
  /** The property chosen in the portal, when the path names one. */
  propertyId: number | null;
}

/** The path of an owner page below `loginPath` (which ends in a slash). */
export function ownerPath(loginPath: string, lang: Lang, section: OwnerSection, propertyId?: number | null): string {
  const base = `${loginPath}${OWNER_SEGMENTS[section][lang]}/`;
  return section === 'portal' && propertyId ? `${base}${propertyId}/` : base;
}

/**
 * Reads `/{lang}/{…login}/{section}/[{id}/]`; null for any other path. Whether the part
 * before the section really is a login page is for the caller to check (it is content).
 */
export function parseOwnerPath(pathname: string, lang: Lang): OwnerPath | null {
  if (!pathname.startsWith(`/${lang}/`) || !pathname.endsWith('/')) return null;
  const parts = pathname.split('/').filter(Boolean);
  let id: number | null = null;
  const last = parts.at(-1) ?? '';
  if (/^\d{1,12}$/.test(last)) {
    id = Number(last);
    parts.pop();
  }
  const segment = parts.pop();
  // The login page itself is at least /{lang}/{name}/.
  if (segment === undefined || parts.length < 2) return null;
  const section = SECTIONS.find((s) => OWNER_SEGMENTS[s][lang] === segment);
  if (!section || (id !== null && section !== 'portal')) return null;
  if (id === 0) return null;
  return { loginPath: `/${parts.join('/')}/`, lang, section, propertyId: id };
}

/** The login path a page of the owner flow belongs to: itself, or the part before its section. */
export function loginPathOf(pathname: string, lang: Lang): string {
  return parseOwnerPath(pathname, lang)?.loginPath ?? pathname;
}
