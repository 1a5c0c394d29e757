/**
 * Deterministic flat illustrations for the demo agency (pure: strings in, SVG strings out).
 *
 *   propertyPhotoSvg({ kind, index, seed, width, height })  exterior (index 1) and other views
 *   portraitSvg({ seed, width, height })                      head-and-shoulders avatar
 *   landscapeSvg({ seed, width, height })                     wide Meuse-valley banner
 *
 * Every random choice comes from a seeded PRNG (mulberry32), so the same inputs always give
 * the same SVG. No text, no fonts, no external references: the output renders anywhere
 * (librsvg via sharp at seed time).
 *
 * Scenes are drawn in a logical frame 800 units high (width follows the aspect ratio); when
 * the picture is narrower than 5:4 the frame grows vertically instead and the backgrounds
 * extend above and below the 0..800 band.
 */
import { Doc, type Frame, type PropertyKind, type PropertyPhotoOptions, type Rng, checkSize, createRng, frameFor } from './illustrations/base.ts';
import { type Traits, houseScene, makeTraits } from './illustrations/buildings.ts';
import { apartmentScene, projectScene } from './illustrations/town-scenes.ts';
import { otherScene, streetScene } from './illustrations/street-scenes.ts';
export {
  PROPERTY_KINDS,
  hashSeed,
  mulberry32,
  createRng,
  mix,
  type PropertyKind,
  type Seed,
  type PropertyPhotoOptions,
  type PortraitOptions,
  type SceneOptions,
  type Rng,
} from './illustrations/base.ts';

// ───────────────────────────── public entry points ─────────────────────────────

type Scene = (doc: Doc, fr: Frame, T: Traits, rng: Rng) => string;

const VIEWS: Record<PropertyKind, readonly Scene[]> = {
  house: [houseScene],
  apartment: [apartmentScene],
  land: [houseScene],
  commerce: [(d, fr, T, r) => streetScene(d, fr, T, r, 'shop')],
  other: [otherScene],
  furnished: [(d, fr, T, r) => streetScene(d, fr, T, r, 'home')],
  project: [projectScene],
};

export function propertyPhotoSvg(options: PropertyPhotoOptions): string {
  const { kind, seed, width, height } = options;
  checkSize(width, height);
  const views = VIEWS[kind];
  if (!views) throw new RangeError(`unknown property kind ${String(kind)}`);
  const index = Math.max(1, Math.floor(options.index) || 1);
  const scene = views[(index - 1) % views.length] as Scene;
  const T = makeTraits(seed);
  const rng = createRng(`view:${kind}:${String(seed)}:${index}`);
  const doc = new Doc();
  const { frame, scale, dy } = frameFor(width, height, 1000);
  return doc.render(Math.round(width), Math.round(height), scale, dy, scene(doc, frame, T, rng));
}
