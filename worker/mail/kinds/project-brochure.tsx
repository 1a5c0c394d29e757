import { formatEuro } from '../../../domain/rules/price.ts';
import { Address, Lines, Notice, Signature, type NoticeFrame } from './notice.tsx';

/** One unit of the price list as it is today. */
export interface BrochureUnit {
  name: string;
  bedrooms: number | null;
  surface: number | null;
  price: number | null;
  status: string;
}

export interface ProjectBrochureProps {
  notice: NoticeFrame;
  project: { name: string; url: string };
  units: BrochureUnit[];
}

/** A new-build project's brochure, to the visitor: its page and its price list. */
export function ProjectBrochureMail({ notice, project, units }: ProjectBrochureProps) {
  const { t, brand } = notice;
  const unitLine = (u: BrochureUnit) =>
    [
      `- ${u.name}`,
      u.bedrooms ? t('BEDROOM_COUNT', { count: u.bedrooms }) : '',
      u.surface ? `${u.surface} m²` : '',
      u.price ? formatEuro(u.price) : t('PRICE_ON_DEMAND'),
      t(`STATUS_${u.status.replace(/-/g, '_').toUpperCase()}`),
    ]
      .filter(Boolean)
      .join(' · ');
  const intro = t('PROJECT_BROCHURE_MAIL_TEXT', { name: project.name });
  return (
    <Notice notice={notice} preheader={intro}>
      <Lines lines={[intro, <Address key="url" href={project.url} brand={brand} />]} />
      <Lines lines={[t('PRICE_LIST'), ...units.map(unitLine)]} />
      <Signature notice={notice} phone />
    </Notice>
  );
}
