import { useI18n } from '../i18n/i18n.tsx';
import type { Crumb } from '../../domain/page-data.ts';
import { AppLink } from './AppLink.tsx';

export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const { t } = useI18n();
  return (
    <nav className="breadcrumbs container" aria-label={t('BREADCRUMB')}>
      <ol>
        {items.map((crumb, i) =>
          i === items.length - 1 ? (
            <li key={crumb.path} aria-current="page">
              {crumb.label}
            </li>
          ) : (
            <li key={crumb.path}>
              <AppLink href={crumb.path}>{crumb.label}</AppLink>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
