/**
 * What each form does besides being stored, as steps its entry in FORMS carries: a check
 * before anything is stored (a published property, a slot chosen, types the catalogue
 * knows, a list of this site), and what is written beside the lead (a subscription, saved
 * searches, a testimonial). The form route runs the steps of the form it was posted to and
 * names no form itself.
 */
import type { FieldError, FormName } from '../../domain/forms/schemas.ts';
import type { Held, HoldContext, StepContext, Verdict } from './step-context.ts';

export type { Held, HoldContext, StepContext, Verdict } from './step-context.ts';
import { alreadyRequested } from '../leads/store.ts';
import { withQueryParam } from '../../domain/rules/page-address.ts';
import { openSlots } from '../visits/store.ts';
import { requestSubscription } from './newsletter.ts';
import { insertTestimonial } from '../testimonials/store.ts';
import { holdVisit } from './appointment-hold.ts';
import { demandAlerts, saveAskedAlerts, searchAlerts } from '../alerts/requests.ts';

export interface FormSteps {
  /** Before anything is stored. A throw is a store that failed (503, nothing claimed). */
  check?: (ctx: StepContext) => Promise<Verdict>;
  /** Before the mail gate and the store, what the request takes (a visit's place): refused, held, or nothing to hold (null). A throw is a store that failed. */
  hold?: (ctx: HoldContext) => Promise<{ refuse: FieldError[] } | Held | null>;
  /** Beside the lead, once stored: what the form asks the site to keep. */
  afterStore?: (ctx: StepContext & { leadId: string; files: Record<string, string> }) => Promise<void>;
  /** Whether this post mails the typed address at all (a visit request without a slot confirms nothing). */
  mailsTypedAddress?: (fields: Record<string, unknown>) => boolean;
  /** The page a refused post comes back on, when not the page it came from. */
  refusalPage?: (back: string) => string;
}

const text = (fields: Record<string, unknown>, name: string): string | null => (typeof fields[name] === 'string' ? fields[name] : null);
const number = (fields: Record<string, unknown>, name: string): number | null => (typeof fields[name] === 'number' ? fields[name] : null);
const refuse = (field: string, key: string): Verdict => ({ refuse: [{ field, key }] });

/** The property the form names is published in this language. */
async function published(ctx: StepContext): Promise<boolean> {
  const propertyId = number(ctx.fields, 'propertyId');
  return propertyId !== null && (await ctx.repo.listing(ctx.lang)).some((card) => card.id === propertyId);
}

async function dictionary(ctx: StepContext, key: string): Promise<string> {
  return (await ctx.repo.site(ctx.lang)).dict[key] ?? key;
}

/** The steps of every form; `{}` for a form that is stored and mailed, nothing more. */
export const FORM_STEPS: Record<FormName, FormSteps> = {
  'site-contact': {},
  'contact-me': {},
  'contact-construction': {},
  'contact-demand': {},
  'job-application': {},
  'purchase-offer': {},
  'rental-application': {},
  'email-selection': {},
  // The same answer whatever the property, its documents or an earlier request by this
  // address: an unknown property, or a second request (the first is kept), stores nothing.
  'document-request': {
    check: async (ctx) => {
      const projectId = number(ctx.fields, 'projectId');
      const email = text(ctx.fields, 'email');
      const exists = (await published(ctx)) || (projectId !== null && (await ctx.repo.project(ctx.lang, projectId)) !== null);
      if (!exists || (email && (await alreadyRequested(ctx.db, email, { propertyId: number(ctx.fields, 'propertyId'), projectId })))) return { answerOnly: true };
      return null;
    },
  },
  // The friend gets the published property or project, nothing else: none, no mail.
  'send-to-friend': {
    check: async (ctx) => {
      const projectId = number(ctx.fields, 'projectId');
      const project = projectId !== null ? await ctx.repo.project(ctx.lang, projectId) : null;
      return (await published(ctx)) || project ? null : refuse('', 'PROPERTY_NOT_ONLINE');
    },
  },
  // A property that offers visit slots is booked on one: the visitor chooses it.
  'contact-appointment': {
    check: async (ctx) => {
      const propertyId = number(ctx.fields, 'propertyId');
      if (text(ctx.fields, 'slotId') !== null || propertyId === null) return null;
      return (await openSlots(ctx.db, propertyId)).length > 0 ? refuse('slotId', 'CHOOSE_SLOT') : null;
    },
    // The chosen hour's place is held before anything else, confirmed once stored.
    hold: (ctx) => holdVisit(ctx, { slotId: text(ctx.fields, 'slotId'), propertyId: number(ctx.fields, 'propertyId') }),
    mailsTypedAddress: (fields) => typeof fields.slotId === 'string',
    // Back with the property's open slots drawn by the server (?book=1), so a visitor without JavaScript can choose one.
    refusalPage: (back) => withQueryParam(back, 'book', '1'),
  },
  // One alert per type the catalogue has: a made-up list makes none.
  'demand-register': {
    check: async (ctx) => {
      const types = Array.isArray(ctx.fields.types) ? ctx.fields.types : [];
      const known = new Set((await ctx.repo.site(ctx.lang)).categories.map((c) => c.webId));
      if (!types.every((type) => typeof type === 'string' && known.has(type))) return refuse('types', 'TYPE_UNKNOWN');
      return demandAlerts(ctx.fields, ctx.routing, ctx.lang).length > 0 ? null : refuse('', 'ALERT_LIST_INVALID');
    },
    afterStore: async (ctx) => {
      const email = text(ctx.fields, 'email');
      if (email) await saveAskedAlerts(ctx.db, email, ctx.lang, demandAlerts(ctx.fields, ctx.routing, ctx.lang), await dictionary(ctx, 'ALERT_CONSENT_TEXT'));
    },
  },
  // A saved search names a list of this site, in the page's language.
  'save-search': {
    check: async (ctx) => (searchAlerts(ctx.fields, ctx.routing, ctx.lang).length > 0 ? null : refuse('', 'ALERT_LIST_INVALID')),
    afterStore: async (ctx) => {
      const email = text(ctx.fields, 'email');
      if (email) await saveAskedAlerts(ctx.db, email, ctx.lang, searchAlerts(ctx.fields, ctx.routing, ctx.lang), await dictionary(ctx, 'ALERT_CONSENT_TEXT'));
    },
  },
  'sign-newsletter': {
    afterStore: async (ctx) => {
      const email = text(ctx.fields, 'email');
      if (email) await requestSubscription(ctx.db, email, ctx.lang, await dictionary(ctx, 'NEWSLETTER_CONSENT_TEXT'));
    },
  },
  // Kept for moderation: shown once an operator approves it.
  testimonial: {
    afterStore: async (ctx) => {
      const name = text(ctx.fields, 'name');
      const comment = text(ctx.fields, 'comment');
      if (name && comment) await insertTestimonial(ctx.db, { leadId: ctx.leadId, lang: ctx.lang, name, comment, homepage: text(ctx.fields, 'homepage'), imageKey: ctx.files.image ?? null });
    },
  },
};
