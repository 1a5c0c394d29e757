import { useEffect, useState } from 'react';
import type { VisitSlot } from '../../domain/page-data.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { FormView } from './FormView.tsx';
import { rentalConditionsText, type RentalConditions } from '../../domain/rules/rental-conditions.ts';

function isSlots(value: unknown): value is { slots: VisitSlot[] } {
  return typeof value === 'object' && value !== null && 'slots' in value && Array.isArray(value.slots);
}

/**
 * Online visit booking: the open slots are read when the form is drawn in the browser (they
 * change by the minute, so they are not part of the cached page), or come with the page
 * when it was asked with ?book=1 (drawn by the server, for a browser without JavaScript).
 * The visitor chooses one; a property without slots gets a visit request. Loaded with the form (client/components/LazyFormView.tsx), so the slots are
 * fetched when the visitor comes near the form.
 */
export function BookVisit({ propertyId, conditions, initialSlots, slotsLink }: { propertyId: number; conditions: RentalConditions | null; initialSlots?: VisitSlot[] | undefined; slotsLink: string }) {
  const { t } = useI18n();
  const [slots, setSlots] = useState<VisitSlot[]>(initialSlots ?? []);
  const [loaded, setLoaded] = useState(initialSlots !== undefined);
  useEffect(() => {
    if (initialSlots !== undefined) return;
    let live = true;
    fetch(`/api/slots?property=${propertyId}`, { headers: { Accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .then((data: unknown) => {
        if (live && isSlots(data)) setSlots(data.slots);
        if (live) setLoaded(true);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [propertyId, initialSlots]);
  return (
    <>
      {conditions ? <p className="panel__note">{rentalConditionsText(t, conditions)}</p> : null}
      {/* Until its script has fetched the slots, a page offers the link to the slots drawn by the server. */}
      <FormView form="contact-appointment" hidden={{ propertyId }} slots={slots} slotsLink={loaded ? null : slotsLink} submitKey="REQUEST_VISIT" />
    </>
  );
}
