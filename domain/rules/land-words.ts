/**
 * A fact of the land in words: its topic, its class as the publisher names it, and what it
 * means for a buyer in one plain sentence. Keys of the dictionaries only; each class that a
 * layer can give has its own sentence, so no fact is shown without saying what it means.
 */
import type { LandFactView, LandTopic } from '../land.ts';

export const LAND_TOPIC_KEYS: Record<LandTopic, string> = {
  flood: 'LAND_TOPIC_FLOOD',
  runoff: 'LAND_TOPIC_RUNOFF',
  'p-score': 'LAND_TOPIC_P_SCORE',
  'g-score': 'LAND_TOPIC_G_SCORE',
  zoning: 'LAND_TOPIC_ZONING',
  'noise-road': 'LAND_TOPIC_NOISE_ROAD',
  'noise-rail': 'LAND_TOPIC_NOISE_RAIL',
  radon: 'LAND_TOPIC_RADON',
};

const up = (cls: string) => cls.toUpperCase().replace(/[^A-Z0-9]+/g, '_');

/** The class's label (a key, or text that is the class itself: a zone's own name, a dB band) and its meaning's key; null: no words for it. */
export function landWords(fact: Pick<LandFactView, 'topic' | 'cls' | 'name'>): { label: { key: string } | { text: string }; meaning: string } | null {
  const { topic, cls } = fact;
  switch (topic) {
    case 'flood':
      return ['none', 'very-low', 'low', 'medium', 'high'].includes(cls) ? { label: { key: `LAND_FLOOD_${up(cls)}` }, meaning: `LAND_FLOOD_${up(cls)}_MEANS` } : null;
    case 'runoff':
      return cls === 'runoff' || cls === 'none' ? { label: { key: `LAND_RUNOFF_${up(cls)}` }, meaning: `LAND_RUNOFF_${up(cls)}_MEANS` } : null;
    case 'p-score':
    case 'g-score':
      return ['A', 'B', 'C', 'D'].includes(cls) ? { label: { key: `LAND_SCORE_${cls}` }, meaning: `LAND_${topic === 'p-score' ? 'P' : 'G'}_SCORE_${cls}_MEANS` } : null;
    case 'zoning':
      if (cls === 'other') return fact.name ? { label: { text: fact.name }, meaning: 'LAND_ZONING_OTHER_MEANS' } : null;
      return { label: { key: `ZONING_${up(cls)}` }, meaning: 'LAND_ZONING_MEANS' };
    case 'noise-road':
    case 'noise-rail': {
      if (cls === 'none') return { label: { key: 'LAND_NOISE_NONE' }, meaning: 'LAND_NOISE_NONE_MEANS' };
      const low = Number(cls.slice(0, 2));
      if (!Number.isFinite(low)) return null;
      return { label: { text: `${cls.replace('-', '–')} dB Lden` }, meaning: low >= 70 ? 'LAND_NOISE_VERY_LOUD_MEANS' : low >= 65 ? 'LAND_NOISE_LOUD_MEANS' : 'LAND_NOISE_MODERATE_MEANS' };
    }
    case 'radon':
      return { label: { key: 'LAND_RADON_CLASS' }, meaning: cls === '3' ? 'LAND_RADON_HIGH_MEANS' : cls.startsWith('2') ? 'LAND_RADON_RAISED_MEANS' : 'LAND_RADON_LOW_MEANS' };
  }
}

/**
 * What the agency's file says instead, in the visitor's words: the CRM's codes are the site's
 * own code lists (a flood zone, a zoning), their labels in the dictionaries; a score is its letter.
 */
export function crmWords(fact: Pick<LandFactView, 'topic' | 'crm'>): { key: string } | { text: string } | null {
  if (fact.crm === undefined) return null;
  if (fact.topic === 'flood') return { key: `FLOOD_${up(fact.crm)}` };
  if (fact.topic === 'zoning') return { key: `ZONING_${up(fact.crm)}` };
  return { text: fact.crm };
}

/** Every key landWords can name, for the dictionaries' completeness test. */
export const LAND_WORD_KEYS: readonly string[] = [
  ...Object.values(LAND_TOPIC_KEYS),
  ...['NONE', 'VERY_LOW', 'LOW', 'MEDIUM', 'HIGH'].flatMap((c) => [`LAND_FLOOD_${c}`, `LAND_FLOOD_${c}_MEANS`]),
  ...['RUNOFF', 'NONE'].flatMap((c) => [`LAND_RUNOFF_${c}`, `LAND_RUNOFF_${c}_MEANS`]),
  ...['A', 'B', 'C', 'D'].flatMap((c) => [`LAND_SCORE_${c}`, `LAND_P_SCORE_${c}_MEANS`, `LAND_G_SCORE_${c}_MEANS`]),
  'LAND_ZONING_MEANS',
  'LAND_ZONING_OTHER_MEANS',
  'LAND_NOISE_NONE',
  'LAND_NOISE_NONE_MEANS',
  'LAND_NOISE_MODERATE_MEANS',
  'LAND_NOISE_LOUD_MEANS',
  'LAND_NOISE_VERY_LOUD_MEANS',
  'LAND_RADON_CLASS',
  'LAND_RADON_LOW_MEANS',
  'LAND_RADON_RAISED_MEANS',
  'LAND_RADON_HIGH_MEANS',
];

/** Is a layer's date still good on `today`: shown until its last valid day, gone the next. */
export function landStillValid(validTo: string, today: string): boolean {
  return today <= validTo;
}
