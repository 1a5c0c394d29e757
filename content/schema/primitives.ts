import * as z from 'zod';
import { LANGS } from '../../domain/lang.ts';
import { FORM_NAMES } from '../../domain/forms/names.ts';

export { FORM_NAMES };

// ───────────────────────────── primitives ─────────────────────────────

export { LANGS };
export const Lang = z.enum(LANGS);
export type Lang = z.infer<typeof Lang>;

/** `{nl?, fr?, en?, de?}` of any value schema. */
export function Translatable<T extends z.ZodType>(value: T) {
  return z.strictObject({
    nl: value.optional(),
    fr: value.optional(),
    en: value.optional(),
    de: value.optional(),
  });
}
export type Translatable<T> = z.infer<ReturnType<typeof Translatable<z.ZodType<T>>>>;

export const TranslatableText = Translatable(z.string());
export type TranslatableText = z.infer<typeof TranslatableText>;

/** Per-language text plus a flag: shown only when `public` is true. */
export const PublicText = z.strictObject({
  public: z.boolean().default(false),
  ...TranslatableText.shape,
});
export type PublicText = z.infer<typeof PublicText>;

/** Optional CRM value: absent in the JSON → null in the parsed content. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

export const IsoDate = z.iso.date({ error: 'expected an ISO date (YYYY-MM-DD)' });
export const IsoTimestamp = z.string().regex(/^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/, 'expected an ISO date or date-time');
/** An absolute http(s) URL or a root-relative path. */
export const UrlOrPath = z.string().regex(/^(?:https?:\/\/[^\s/]+[^\s]*|\/[^\s]*)$/, 'expected an http(s) URL or a path starting with /');
/** A link target of a top-bar item or menu redirect: URL, path, tel:, mailto: or #anchor. */
export const LinkTarget = z.string().regex(/^(?:https?:\/\/\S+|\/\S*|tel:\+?[\d ]+|mailto:\S+@\S+|#\S*)$/, 'expected a URL, a path, tel: or mailto:');
export const CssColor = z.string().regex(/^(?:#[0-9a-fA-F]{3,8}|rgba?\([^)]*\)|hsla?\([^)]*\)|[a-zA-Z]+)$/, 'expected a CSS colour');
/** Belgian/Luxembourg phone number as digits (formatted for display by the client). */
export const Phone = z.string().regex(/^\+?\d{8,15}$/, 'expected digits only, e.g. 081224567 or 0475123456');
export const Time = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, 'expected HH:MM');
/** One path segment: lowercase ASCII words joined by hyphens ('' only for home). */
export const PathSegment = z.string().regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'expected a lowercase path segment without slashes, e.g. te-koop');
export const Slug = PathSegment.min(1, 'expected a non-empty path segment');
export const Zip = z.string().regex(/^(?:[A-Z]{1,2}-)?\d{4,5}$/, "expected a postcode like '5000' or 'L-1611'");
export const Money = z.number().nonnegative();
export const Surface = z.number().nonnegative();
export const Count = z.number().int().nonnegative();
export const Latitude = z.number().min(-90).max(90);
export const Longitude = z.number().min(-180).max(180);
/** UPPER_SNAKE, with a plural category for the forms of a count (`BEDROOM_COUNT_one`). */
export const TranslationKey = z.string().regex(/^[A-Z][A-Z0-9_]*(?:_(?:zero|one|two|few|many|other))?$/, 'expected an UPPER_SNAKE key');

export const PublishStatus = z.enum(['Published', 'Draft', 'Archived']);
export type PublishStatus = z.infer<typeof PublishStatus>;

/** The picture types the site serves, by the extension a file of each type ends with. */
const IMAGE_TYPES = { 'image/jpeg': ['jpg', 'jpeg'], 'image/png': ['png'], 'image/webp': ['webp'], 'image/avif': ['avif'], 'image/gif': ['gif'], 'image/svg+xml': ['svg'] } as const;
type ImageType = keyof typeof IMAGE_TYPES;

/**
 * An uploaded picture as the back office records it: where it is served (`url`) and what the
 * upload said of it (its id, stored and original file names, type, folder and date). The
 * type is checked against the file's extension, so a document uploaded as a photo is caught
 * at publish, by the name the operator gave it, not by a visitor's broken picture.
 */
export const ImageRef = z
  .strictObject({
    url: UrlOrPath,
    id: z.union([z.string().min(1), z.number().int()]).optional(),
    filename: z.string().min(1).optional(),
    originalname: z.string().min(1).optional(),
    mimetype: z.enum(Object.keys(IMAGE_TYPES) as [ImageType, ...ImageType[]], 'expected a picture type: image/jpeg, image/png, image/webp, image/avif, image/gif or image/svg+xml').optional(),
    destination: z.string().optional(),
    createDate: IsoTimestamp.optional(),
  })
  .superRefine((image, ctx) => {
    if (!image.mimetype) return;
    const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(image.url)?.[1]?.toLowerCase();
    if (extension && !(IMAGE_TYPES[image.mimetype] as readonly string[]).includes(extension)) {
      const name = image.originalname ?? image.filename ?? image.url;
      ctx.addIssue({ code: 'custom', path: ['mimetype'], message: `'${name}' is said to be ${image.mimetype} but its address ends in .${extension}` });
    }
  });
export type ImageRef = z.infer<typeof ImageRef>;

/** Column widths on a 12-column grid. */
export function colSpec(sm: number, md: number, lg: number) {
  const width = z.number().int().min(1).max(12);
  return z.strictObject({ sm: width.default(sm), md: width.default(md), lg: width.default(lg) });
}

/** Belgian VAT number with its mod-97 check: 'BE 0712.345.630'. */
export const BelgianVat = z
  .string()
  .regex(/^BE\s?[01]\d{3}[. ]?\d{3}[. ]?\d{3}$/, "expected a Belgian VAT number like 'BE 0712.345.630'")
  .refine((vat) => {
    const digits = vat.replace(/\D/g, '');
    return 97 - (Number(digits.slice(0, 8)) % 97) === Number(digits.slice(8));
  }, 'VAT number check digits are wrong');

// ───────────────────────────── forms and feedback ─────────────────────────────

/** The site's one list of forms (domain/forms/names.ts): a thank-you page names one of them. */
export const FormName = z.enum(FORM_NAMES);
export type FormName = z.infer<typeof FormName>;
