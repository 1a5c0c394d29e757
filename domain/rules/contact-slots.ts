export const CONTACT_SLOT_IDS = ['morning', 'afternoon', 'evening'] as const;
export type ContactSlotId = (typeof CONTACT_SLOT_IDS)[number];

export interface ContactSlot {
  /** Stable value posted by the form and stored with the lead; never changes with the language. */
  id: ContactSlotId;
  label: string;
}

const LABELS: Readonly<Record<ContactSlotId, string>> = {
  morning: '10:00-13:00',
  afternoon: '14:00-16:00',
  evening: '16:00-19:00',
};

/** Dutch pages offer the afternoon slot from 13:00. */
const DUTCH_AFTERNOON = '13:00-16:00';

/**
 * The "when can we call you" choices of the contact forms, in display order.
 * Why: the agency matches leads by slot id, so the id stays the same while the Dutch label starts at 13:00.
 * Any language other than 'nl' (including unknown ones) gets the standard labels.
 */
export function contactTimeSlots(lang: string | null | undefined): ContactSlot[] {
  return CONTACT_SLOT_IDS.map((id) => ({
    id,
    label: id === 'afternoon' && lang === 'nl' ? DUTCH_AFTERNOON : LABELS[id],
  }));
}
