import type { LinkItem, SiteView } from '../../../domain/bundles.ts';
import { AppLink } from '../AppLink.tsx';
import { Icon } from '../Icon.tsx';

function TopBarLink({ item }: { item: LinkItem }) {
  return (
    <AppLink href={item.href} newTab={item.external} className="topbar__link" style={item.color ? { color: item.color } : undefined}>
      {item.icon ? <Icon name={item.icon} /> : null}
      <span>{item.label}</span>
    </AppLink>
  );
}

/** Optional link bar above the header; items are already filtered on status at publish. */
export function TopBar({ site }: { site: SiteView }) {
  const { left, right, bgColor, color, fontSize } = site.topBar;
  if (left.length === 0 && right.length === 0) return null;
  return (
    <div className="topbar" style={{ background: bgColor, color, fontSize }}>
      <div className="container topbar__inner">
        <ul className="topbar__group">
          {left.map((item, i) => (
            <li key={`l${i}`}>
              <TopBarLink item={item} />
            </li>
          ))}
        </ul>
        <ul className="topbar__group">
          {right.map((item, i) => (
            <li key={`r${i}`}>
              <TopBarLink item={item} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
