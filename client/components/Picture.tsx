import type { PictureView } from '../../content/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Icon } from './Icon.tsx';

const WIDTHS = [400, 600, 1360];

function sized(url: string, width: number): string {
  return `${url}${url.includes('?') ? '&' : '?'}width=${width}`;
}

/** A responsive photo from our media route; a drawn placeholder when there is none. */
export function Picture({ picture, alt, eager = false, sizes }: { picture: PictureView | null; alt: string; eager?: boolean; sizes: string }) {
  const { t } = useI18n();
  if (!picture) {
    return (
      <div className="picture picture--none" role="img" aria-label={t('NO_PHOTOS')}>
        <Icon name="house" size={48} />
      </div>
    );
  }
  return (
    <img
      className="picture"
      src={sized(picture.url, 600)}
      srcSet={WIDTHS.map((w) => `${sized(picture.url, w)} ${w}w`).join(', ')}
      sizes={sizes}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
}
