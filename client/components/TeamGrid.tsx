import type { TeamMemberView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { formatPhone, phoneHref } from '../../domain/rules/phone.ts';

/** Team members with photo, role, languages, phone (phone rule) and e-mail. */
export function TeamGrid({ members }: { members: TeamMemberView[] }) {
  const { t } = useI18n();
  return (
    <ul className="grid grid--4 team">
      {members.map((m) => (
        <li key={m.id} className="team__member">
          <img src={`${m.photo}?width=400`} alt="" width={400} height={400} loading="lazy" className="team__photo" />
          <h2 className="team__name">{m.name}</h2>
          <p className="team__role">{m.role}</p>
          <p className="team__langs">
            {t('LANGUAGES_SPOKEN')}: {m.languages.map((l) => l.toUpperCase()).join(', ')}
          </p>
          <p>
            <a href={phoneHref(m.phone) ?? undefined}>{formatPhone(m.phone)}</a>
            <br />
            <a href={`mailto:${m.email}`}>{m.email}</a>
          </p>
        </li>
      ))}
    </ul>
  );
}
