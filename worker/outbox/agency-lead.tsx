/**
 * The agency's notification of a lead: every field with its label and its value as a
 * person reads it — a property by its reference and address, a slot by its day and time,
 * types and contact times by their names — never a raw code. Reply-to the visitor.
 */
import { visitTime } from '../../domain/rules/visit-time.ts';
import { isFormName, type FieldSpec } from '../../domain/forms/schemas.ts';
import { FORMS } from '../forms/registry.ts';
import { createTranslator, type Translate } from '../../domain/i18n/translator.ts';
import type { Lang } from '../../domain/lang.ts';
import type { SiteBundle, CardView } from '../../domain/bundles.ts';
import type { ProjectPageView } from '../../domain/page-data.ts';
import { contactTimeSlots } from '../../domain/rules/contact-slots.ts';
import type { ContentRepository } from '../live/repository.ts';
import type { LeadRow } from '../forms/leads.ts';
import { inertText, type OutgoingMail } from '../mail/message.ts';
import { mailBrand } from '../mail/layout.tsx';
import { renderMail } from '../mail/render.ts';
import { AgencyLeadMail } from '../mail/kinds/agency-lead.tsx';
import { formatPhone, phoneHref } from '../../domain/rules/phone.ts';
import { slotStart } from '../visits/store.ts';

/** What the agency reads for one posted value. */
export interface LeadLabels {
  t: Translate;
  site: SiteBundle;
  lang: Lang;
  property: CardView | null;
  project: ProjectPageView | null;
  slotStartsAt: string | null;
}

/** One field's value as a person reads it; null when there is nothing to show. */
export function labelledValue(spec: FieldSpec, value: unknown, labels: LeadLabels): string | null {
  const { t } = labels;
  if (value === undefined || value === null || value === '') return null;
  const values = Array.isArray(value) ? value.map(String) : [String(value)];
  const option = (v: string) => spec.options?.find((o) => o.value === v);
  switch (spec.name) {
    case 'propertyId':
      return labels.property ? `${labels.property.reference} – ${labels.property.typeDescription || labels.property.mainTypeName}, ${labels.property.zip} ${labels.property.city}` : `#${values[0]}`;
    case 'projectId':
      return labels.project ? `${labels.project.card.name}, ${labels.project.card.zip} ${labels.project.card.city}` : `#${values[0]}`;
    case 'slotId':
      return labels.slotStartsAt ? visitTime(labels.slotStartsAt, labels.lang) : (values[0] ?? null);
    case 'types':
      return values.map((id) => labels.site.categories.find((c) => c.webId === id)?.name ?? id).join(', ');
    case 'contactTime':
      return values.map((id) => contactTimeSlots(labels.lang).find((s) => s.id === id)?.label ?? id).join(', ');
  }
  // Nothing a visitor typed is ever a link, in either part of the mail: a note, and a name, a street or a town too.
  if (spec.kind === 'textarea') return inertText(values.join(', '));
  if (values.every((v) => v === 'true' || v === 'false')) return values.map((v) => t(v === 'true' ? 'YES' : 'NO')).join(', ');
  return values.map((v) => (option(v) ? t(option(v)?.labelKey ?? v) : inertText(v))).join(', ');
}

export async function leadEmail(lead: LeadRow, repo: ContentRepository, lang: Lang, db: D1Database, origin: string): Promise<OutgoingMail> {
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const site = await repo.site(lang);
  const { t } = createTranslator(lang, site.dict);
  const property = typeof data.propertyId === 'number' ? ((await repo.listing(lang)).find((c) => c.id === data.propertyId) ?? null) : null;
  const project = typeof data.projectId === 'number' ? await repo.project<ProjectPageView>(lang, data.projectId) : null;
  const slotStartsAt = typeof data.slotId === 'string' ? await slotStart(db, data.slotId) : null;
  const labels: LeadLabels = { t, site, lang, property, project, slotStartsAt };
  return leadMail(lead, labels, origin);
}

/** The lead mail itself, from the lead and what its values read as. */
export function leadMail(lead: Pick<LeadRow, 'id' | 'kind' | 'lang' | 'email' | 'payload' | 'created_at'>, labels: LeadLabels, origin: string): OutgoingMail {
  const { t, site, lang, property, project } = labels;
  const data: Record<string, unknown> = JSON.parse(lead.payload);
  const specs = isFormName(lead.kind) ? FORMS[lead.kind].fields : [];
  const fields = specs.flatMap((spec) => {
    const shown = labelledValue(spec, data[spec.name], labels);
    return shown === null ? [] : [{ label: t(spec.labelKey), value: shown }];
  });
  fields.push({ label: t('LANGUAGE'), value: lead.lang.toUpperCase() });
  // The subject carries the visitor's name: inert, so "Jan https://evil.example/reset" is no link there either.
  const who = inertText([data.firstName, data.lastName, data.name].filter((v) => typeof v === 'string').join(' '));
  const title = `${t(`FORM_${lead.kind.toUpperCase().replace(/-/g, '_')}`)} – ${who}`.trim();
  const replyTo = lead.email && /^[^\s<>@]+@[^\s<>@]+$/.test(lead.email) ? lead.email : null;
  const tel = typeof data.phone === 'string' ? phoneHref(data.phone) : null;
  const listing = property
    ? {
        title: `${property.reference} – ${property.typeDescription || property.mainTypeName}, ${property.zip} ${property.city}`,
        photo: property.picture ? `${origin}${property.picture.url}?width=320&format=jpeg` : null,
        link: `${origin}${property.path}`,
      }
    : project
      ? { title: `${project.card.name}, ${project.card.zip} ${project.card.city}`, photo: null, link: `${origin}${project.card.path}` }
      : null;
  const receivedAt = new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(lead.created_at));
  // The visitor's words are quoted as text: React escapes them, inertText (labelledValue) keeps links out.
  const { html, text } = renderMail(
    <AgencyLeadMail
      brand={mailBrand(site.agency, origin, site.mail)}
      lang={lang}
      t={t}
      title={title}
      property={listing}
      fields={fields}
      receivedAt={receivedAt}
      replyTo={replyTo}
      phone={tel && typeof data.phone === 'string' ? { text: formatPhone(data.phone), href: tel } : null}
      reference={lead.id}
    />,
  );
  return { subject: title, text, html, ...(replyTo ? { replyTo } : {}) };
}
