import * as z from 'zod';
import { BelgianVat, CssColor, ImageRef, Lang, Latitude, LinkTarget, Longitude, Phone, PublicText, Time, TranslatableText, UrlOrPath, Zip, colSpec } from './primitives.ts';
import { buyingCostsSchema } from '../../domain/rules/buying-costs.ts';
import { TransitSettings } from '../transit/table.ts';
import { RETENTION, RETENTION_KINDS, type RetentionKind } from '../../domain/privacy/retention.ts';

// ───────────────────────────── site ─────────────────────────────

export const DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export const DayOfWeek = z.enum(DAYS);

export const OpeningHours = z
  .strictObject({ days: z.array(DayOfWeek).min(1), opens: Time, closes: Time })
  .refine((h) => h.opens < h.closes, { message: 'opens must be before closes', path: ['closes'] });
export type OpeningHours = z.infer<typeof OpeningHours>;

export const Agency = z.strictObject({
  name: z.string().min(1),
  legalName: z.string().min(1),
  street: z.string().min(1),
  houseNumber: z.string().min(1),
  zip: Zip,
  city: z.string().min(1),
  countryId: z.number().int(),
  phone: Phone,
  email: z.email(),
  vatNumber: BelgianVat,
  /** Belgian IPI/BIV agent number, e.g. '512.347'. */
  ipiNumber: z.string().regex(/^\d{3}[. ]?\d{3}$/, "expected an IPI number like '512.347'"),
  openingHours: z.array(OpeningHours).default(() => []),
  geo: z.strictObject({ lat: Latitude, lng: Longitude }),
  logoUrl: UrlOrPath,
  /** Canonical origin of the public site (sitemap, canonical links, e-mails). */
  siteUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type Agency = z.infer<typeof Agency>;

export const LanguageSetting = z
  .strictObject({
    languageDefault: Lang,
    languageFlags: z.boolean().default(false),
    languageUse: z.array(z.strictObject({ code: Lang, use: z.boolean() })).min(1),
  })
  .superRefine((setting, ctx) => {
    const used = setting.languageUse.filter((l) => l.use).map((l) => l.code);
    if (!used.includes(setting.languageDefault)) {
      ctx.addIssue({ code: 'custom', path: ['languageDefault'], message: `default language '${setting.languageDefault}' is not in use` });
    }
  });
export type LanguageSetting = z.infer<typeof LanguageSetting>;

export const SiteInfo = z.strictObject({
  siteGoogleAnalyticsID: z.string().default(''),
  siteGoogleAdsID: z.string().default(''),
  siteGoogleTagManager: z.string().default(''),
  siteFacebookPixel: z.string().default(''),
  /**
   * Days a sold or rented property stays online with its state before it answers 410 Gone
   * and leaves the sitemap, so search engines drop stale listings (docs/decisions/006).
   */
  soldListingGraceDays: z.number().int().min(0).max(3650).default(90),
});
export type SiteInfo = z.infer<typeof SiteInfo>;

export const HeaderSettings = z.strictObject({
  logoPosition: z.enum(['left', 'center']).default('left'),
  showLogoAtStart: z.boolean().default(true),
  fixedHeaderOnScroll: z.boolean().default(true),
  showHomeMenu: z.boolean().default(true),
  /** More items than this go to the 'extra menu' overlay. */
  maxMenuItems: z.number().int().positive().optional(),
});
export type HeaderSettings = z.infer<typeof HeaderSettings>;

export const TopBarItem = z.strictObject({
  label: TranslatableText,
  link: LinkTarget,
  icon: z.string().optional(),
  color: CssColor.optional(),
  status: z.boolean().default(true),
});
export type TopBarItem = z.infer<typeof TopBarItem>;

export const TopBar = z.strictObject({
  left: z.array(TopBarItem).default(() => []),
  right: z.array(TopBarItem).default(() => []),
  fontSize: z.string().default('14px'),
  color: CssColor.default('#ffffff'),
  bgColor: CssColor.default('#000000'),
});
export type TopBar = z.infer<typeof TopBar>;

export const Banner = z.strictObject({
  type: z.enum(['image', 'gallery', 'video']).default('image'),
  image: z.strictObject({ url: UrlOrPath }),
  gallery: z
    .strictObject({
      images: z.array(ImageRef).default(() => []),
      config: z.strictObject({ autoplay: z.boolean().default(true), autoplaySpeed: z.number().int().positive().default(5000) }).prefault({}),
    })
    .prefault({}),
  video: z.strictObject({ url: UrlOrPath, type: z.string().default('video/mp4') }).optional(),
  title: PublicText.prefault({}),
  description: PublicText.prefault({}),
});
export type Banner = z.infer<typeof Banner>;

export const FooterColumn = z.strictObject({
  title: PublicText.prefault({}),
  introText: PublicText.prefault({}),
  /** HTML allowed. */
  fullText: PublicText.prefault({}),
  image: z.array(ImageRef).default(() => []),
  col: colSpec(12, 6, 4).prefault({}),
});
export type FooterColumn = z.infer<typeof FooterColumn>;

export const Footer = z.strictObject({
  bgColor: CssColor,
  textColor: CssColor,
  maxWidth: z.string().default('1280px'),
  copyright: TranslatableText.prefault({}),
  bottom: z.array(FooterColumn).default(() => []),
});
export type Footer = z.infer<typeof Footer>;

/**
 * What buying costs beyond the price: dated registration duties per region with their
 * conditions in plain words, the notaries' legal scales, mortgage duties and a kWh price
 * (domain/rules/buying-costs.ts). The agency adds an entry when a decree changes a rate.
 */
export const BuyingCosts = buyingCostsSchema;

/**
 * How far the CRM may be trusted unattended: an export or pull that would withdraw more
 * than this share of the live listings publishes nothing until an operator confirms it.
 */
const Range = z.strictObject({ min: z.number().nonnegative(), max: z.number().positive() }).refine((r) => r.min < r.max, 'min must be below max');
const Hostname = z.string().regex(/^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}$/, 'expected a host name such as media.example-crm.be');

/**
 * What a CRM's answer may be before the site publishes it. Withdrawals, and listings whose
 * price, status, surfaces, bedrooms, place or goal change, are counted over the whole run as
 * shares of the live catalogue, in any direction and any pattern (at least `minMassCount` listings, so a
 * small agency selling three houses in a day is no anomaly); a single record outside the
 * limits is held back; a drop steeper than `confirmDropShare` is shown at once but mailed
 * to subscribers only when the next run still has it.
 */
export const CrmGuard = z.strictObject({
  maxWithdrawnShare: z.number().min(0).max(1).default(0.2),
  maxPriceChangeShare: z.number().min(0).max(1).default(0.2),
  maxStatusChangeShare: z.number().min(0).max(1).default(0.2),
  /** Surfaces, bedrooms, places and goals: each kind counted on its own against this share. */
  maxDetailChangeShare: z.number().min(0).max(1).default(0.2),
  minMassCount: z.number().int().min(1).default(5),
  /**
   * What one scheduled pull may read and keep in all, every page together: a CRM that keeps
   * sending pages is refused before the Worker's 128 MB of memory runs out.
   */
  pullMegabytes: z.number().positive().max(64).default(32),
  pullRecords: z.number().int().positive().max(100_000).default(20_000),
  confirmDropShare: z.number().min(0).max(1).default(0.3),
  salePrice: Range.default({ min: 1_000, max: 30_000_000 }),
  monthlyRent: Range.default({ min: 25, max: 30_000 }),
  livingArea: Range.default({ min: 0, max: 10_000 }),
  landArea: Range.default({ min: 0, max: 5_000_000 }),
  maxRooms: z.number().int().positive().default(50),
  /** Hosts photos and documents may come from besides the site itself and the CRM's own host. */
  mediaHosts: z.array(Hostname).default(() => []),
});
export type CrmGuard = z.infer<typeof CrmGuard>;

/**
 * What publishing does with a listing that lacks a statement Belgian law asks its
 * advertisement to make (domain/rules/listing-law.ts): by default it goes online and the
 * operator is warned; with refuseIncomplete it stays offline until the CRM completes it.
 */
export const ListingLaw = z.strictObject({
  refuseIncomplete: z.boolean().default(false),
});
export type ListingLaw = z.infer<typeof ListingLaw>;

/**
 * The site's mails: a PNG or JPEG logo (mail clients show no SVG; without one the band shows
 * the agency's name) and colours (header band, its text, highlights), the site's by default.
 */
export const MailSettings = z.strictObject({
  logoUrl: UrlOrPath.nullable().default(null),
  brand: CssColor.default('#1f3a5f'),
  brandInk: CssColor.default('#ffffff'),
  accent: CssColor.default('#b3471d'),
});

/**
 * The agency's retention periods, in days, per kind of personal data (domain/privacy/retention.ts):
 * each within the bounds the code sets for its kind; a kind left out keeps its default.
 */
export const Privacy = z.strictObject({
  retention: z
    .partialRecord(z.enum(RETENTION_KINDS), z.number().int())
    .check(
      z.superRefine((chosen, ctx) => {
        for (const [kind, days] of Object.entries(chosen)) {
          const rule = RETENTION[kind as RetentionKind];
          if (days !== undefined && (days < rule.minDays || days > rule.maxDays))
            ctx.addIssue({ code: 'custom', path: [kind], message: `${kind}: ${days} days is outside ${rule.minDays}–${rule.maxDays}` });
        }
      }),
    )
    .default(() => ({})),
});

export const Site = z.strictObject({
  agency: Agency,
  languageSetting: LanguageSetting,
  siteInfo: SiteInfo.prefault({}),
  header: HeaderSettings.prefault({}),
  topBar: TopBar.prefault({}),
  banner: Banner,
  footer: Footer,
  /** Marquee ids whose cards show MarqueeName instead of the price. */
  marqueeIgnore: z.array(z.number().int()).default(() => []),
  buyingCosts: BuyingCosts,
  crmGuard: CrmGuard.prefault({}),
  listingLaw: ListingLaw.prefault({}),
  mail: MailSettings.prefault({}),
  privacy: Privacy.prefault({}),
  /** Travel time by public transport to the hubs the agency names, from the timetable build (transit.json). */
  transit: TransitSettings.optional(),
});
export type Site = z.infer<typeof Site>;
