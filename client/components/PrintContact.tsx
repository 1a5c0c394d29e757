import { formatPhone } from '../../domain/rules/phone.ts';
import { useSite } from './useSite.ts';

/** The agency's contact at the foot of a printed brochure: the phone number as people write it. */
export function PrintContact() {
  const site = useSite();
  const { agency } = site;
  return (
    <footer className="print-only print-contact">
      {agency.name} · {agency.street} {agency.houseNumber}, {agency.zip} {agency.city} · {formatPhone(agency.phone)} · {agency.email}
    </footer>
  );
}
