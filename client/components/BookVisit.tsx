import { useEffect, useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { FormView } from './FormView.tsx';
import { rentalConditionsText, type RentalConditions } from '../../domain/rules/rental-conditions.ts';

interface Slot {
  id: string;
  startsAt: string;
  left: number;
}

function isSlots(value: unknown): value is { slots: Slot[] } {
  return typeof value === 'object' && value !== null && 'slots' in value && Array.isArray(value.slots);
}

/**
 * Online visit booking: the open slots are read when the form is drawn in the browser (they
 * change by the minute, so they are not part of the cached page); without slots it is a
 * visit request. Loaded with the form (client/components/LazyFormView.tsx), so the slots are
 * fetched when the visitor comes near the form.
 */
export function BookVisit({ propertyId, conditions }: { propertyId: number; conditions: RentalConditions | null }) {
  const { t, lang } = useI18n();
  const [slots, setSlots] = useState<Slot[]>([]);
  useEffect(() => {
    let live = true;
    fetch(`/api/slots?property=${propertyId}`, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((data: unknown) => {
        if (live && isSlots(data)) setSlots(data.slots);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [propertyId]);
  const format = new Intl.DateTimeFormat(`${lang}-BE`, { weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Brussels' });
  const options = slots.map((s) => ({ id: s.id, label: `${format.format(new Date(s.startsAt))} · ${t('PLACES_LEFT', { count: s.left })}` }));
  return (
    <>
      {conditions ? <p className="panel__note">{rentalConditionsText(t, conditions)}</p> : null}
      <FormView form="contact-appointment" hidden={{ propertyId }} slots={options} submitKey="REQUEST_VISIT" />
    </>
  );
}
