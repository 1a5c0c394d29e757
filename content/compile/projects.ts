/** A new-build project's card and detail view, per language. */
import { roundCoordinate } from '../schema/crm.ts';
import { documentView } from './documents.ts';
import type { ProjectCardView } from '../../domain/bundles.ts';
import type { ProjectPageView } from '../../domain/page-data.ts';
import type { Lang } from '../../domain/lang.ts';
import { type Project } from '../schema.ts';
import { slugify, toPath } from '../../domain/rules/slug.ts';
import { type Ctx, type Twins, pictureOf, tr } from './context.ts';
import { cityName } from './properties.ts';
import { crmText } from './crm-text.ts';

export function projectPath(p: Project, lang: Lang, ctx: Ctx, segments: Twins): string {
  return toPath(lang, ...(segments[lang] ?? 'projects').split('/'), slugify(tr(p.Name, lang, ctx)) || 'project', String(p.ID));
}

export function projectCardOf(p: Project, lang: Lang, ctx: Ctx, segments: Twins): ProjectCardView {
  const units = p.Units.filter((u) => u.Kind !== 'parking' && u.Kind !== 'garage' && u.Kind !== 'cellar');
  return {
    id: p.ID,
    name: tr(p.Name, lang, ctx),
    path: p.ExternalUrl ?? projectPath(p, lang, ctx, segments),
    external: p.ExternalUrl !== null,
    city: cityName(p, lang),
    zip: p.Zip,
    priceMin: p.PriceMin,
    priceMax: p.PriceMax,
    picture: pictureOf(p.Photos[0]),
    unitsAvailable: units.filter((u) => u.Status === 'available' || u.Status === 'option').length,
    unitsTotal: units.length,
  };
}

export function projectView(p: Project, card: ProjectCardView, twins: Twins, lang: Lang, ctx: Ctx): ProjectPageView {
  return {
    card,
    twins,
    number: p.ProjectNumber,
    country: tr(p.CountryName, lang, ctx),
    description: crmText(tr(p.Description, lang, ctx)),
    delivery: tr(p.Delivery, lang, ctx),
    technical: tr(p.Technical, lang, ctx),
    situation: tr(p.Situation, lang, ctx),
    // The box number too, as a property's address has it ("Rue X 12 bte 3").
    address: p.PublicAddress ? `${`${p.Street} ${p.HouseNumber}${p.BoxNr ? ` bte ${p.BoxNr}` : ''}`.trim()}, ${p.Zip} ${cityName(p, lang)}, ${tr(p.CountryName, lang, ctx)}`.trim() : null,
    // A hidden address keeps only its rounded position (about a kilometre), as a property's does: page data, map and JSON-LD alike.
    lat: roundCoordinate(p.Latitude, !p.PublicAddress),
    lng: roundCoordinate(p.Longitude, !p.PublicAddress),
    photos: p.Photos.map((ph) => ({ url: ph.Url, width: ph.Width, height: ph.Height, name: ph.Name })),
    documents: p.Documents.map((d) => documentView(d, tr(d.name, lang, ctx))),
    units: p.Units.map((u) => ({
      id: u.ID,
      name: u.Name,
      floor: u.Floor === null ? '' : String(u.Floor),
      requirement: tr(u.Requirement, lang, ctx),
      bedrooms: u.Bedrooms,
      surface: u.Surface,
      price: u.Price,
      status: u.Status,
    })),
  };
}
