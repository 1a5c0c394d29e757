import type { PictureView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { imageUrl, srcSet } from '../../domain/rules/images.ts';
import { Icon } from './Icon.tsx';

const WIDTHS = [400, 600, 1360];

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
      src={imageUrl(picture.url, { width: 600 })}
      srcSet={srcSet(picture.url, WIDTHS)}
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
