/**
 * The agency's notification of a lead: every field with its label and its value as a
 * person reads it — a property by its reference and address, a slot by its day and time,
 * types and contact times by their names — never a raw code. Reply-to the visitor.
 */
import { visitTime } from '../../domain/rules/visit-time.ts';
import type { FieldSpec } from '../../domain/forms/schemas.ts';
import { FORMS } from '../forms/registry.ts';
import { createTranslator, type Translate } from '../../domain/i18n/translator.ts';
import type { Lang } from '../../domain/lang.ts';
import type { SiteBundle, CardView } from '../../domain/bundles.ts';
import type { ProjectPageView } from '../../domain/page-data.ts';
import { contactTimeSlots } from '../../domain/rules/contact-slots.ts';
import type { ContentRepository } from '../live/repository.ts';
import { leadProjectId, leadPropertyId, type StoredLead } from '../leads/stored-lead.ts';
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

export async function leadEmail(lead: StoredLead, repo: ContentRepository, lang: Lang, db: D1Database, origin: string): Promise<OutgoingMail> {
  const site = await repo.site(lang);
  const { t } = createTranslator(lang, site.dict);
  // The stored columns, so a lead its form no longer reads still names its listing.
  const propertyId = leadPropertyId(lead.data) ?? lead.row.property_id;
  const projectId = leadProjectId(lead.data) ?? lead.row.project_id;
  const slotId = lead.data && 'slotId' in lead.data ? lead.data.slotId : undefined;
  const property = propertyId !== null ? ((await repo.listing(lang)).find((c) => c.id === propertyId) ?? null) : null;
  const project = projectId !== null ? await repo.project<ProjectPageView>(lang, projectId) : null;
  const slotStartsAt = slotId ? await slotStart(db, slotId) : null;
  const labels: LeadLabels = { t, site, lang, property, project, slotStartsAt };
  return leadMail(lead, labels, origin);
}

/** The lead mail itself, from the lead and what its values read as. */
export function leadMail(lead: StoredLead, labels: LeadLabels, origin: string): OutgoingMail {
  const { t, site, lang, property, project } = labels;
  const { row } = lead;
  // A lead its form no longer reads (the form changed since) still reaches the agency, with every value it holds.
  const values = new Map<string, unknown>(Object.entries(lead.data ?? lead.posted));
  const typed = (name: string) => {
    const value = values.get(name);
    return typeof value === 'string' ? value : null;
  };
  const specs = FORMS[row.kind].fields;
  const fields = specs.flatMap((spec) => {
    const shown = labelledValue(spec, values.get(spec.name), labels);
    return shown === null ? [] : [{ label: t(spec.summaryKey ?? spec.labelKey), value: shown }];
  });
  // What the visitor attached (a seller's photos, a CV): named, with the command that fetches each.
  for (const spec of specs.filter((s) => s.kind === 'file')) {
    const key = lead.files[spec.name];
    if (key) fields.push({ label: t(spec.labelKey), value: t('LEAD_FILE_ATTACHED', { command: `npm run leads -- --remote --file ${key}` }) });
  }
  fields.push({ label: t('LANGUAGE'), value: row.lang.toUpperCase() });
  // The subject carries the visitor's name: inert, so "Jan https://evil.example/reset" is no link there either.
  const who = inertText([typed('firstName'), typed('lastName'), typed('name')].filter((v) => v !== null).join(' '));
  const title = `${t(`FORM_${row.kind.toUpperCase().replace(/-/g, '_')}`)} – ${who}`.trim();
  const replyTo = row.email && /^[^\s<>@]+@[^\s<>@]+$/.test(row.email) ? row.email : null;
  const phone = typed('phone');
  const tel = phone ? phoneHref(phone) : null;
  const listing = property
    ? {
        title: `${property.reference} – ${property.typeDescription || property.mainTypeName}, ${property.zip} ${property.city}`,
        photo: property.picture ? `${origin}${property.picture.url}?width=320&format=jpeg` : null,
        link: `${origin}${property.path}`,
      }
    : project
      ? { title: `${project.card.name}, ${project.card.zip} ${project.card.city}`, photo: null, link: `${origin}${project.card.path}` }
      : null;
  const receivedAt = new Intl.DateTimeFormat(`${lang}-BE`, { dateStyle: 'full', timeStyle: 'short', timeZone: 'Europe/Brussels' }).format(new Date(row.created_at));
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
      phone={tel && phone ? { text: formatPhone(phone), href: tel } : null}
      reference={row.id}
    />,
  );
  return { subject: title, text, html, ...(replyTo ? { replyTo } : {}) };
}
