import type { PictureView } from '../../domain/bundles.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { imageUrl, mobileUrl, srcSet } from '../../domain/rules/images.ts';
import { Icon } from './Icon.tsx';

const WIDTHS = [400, 600, 1360];
/** A row of the list's rows view: its thumbnail is this high, its width the photo's own (127–376 px). */
export const ROW_THUMBNAIL_HEIGHT = 250;

/**
 * A responsive photo from our media route; a drawn placeholder, said in words, when there is
 * none. In the rows view (`row`) the thumbnail is cropped to its row's height on wider
 * screens, and a phone asks for the photo in its own proportion (`?scale=1`) instead.
 */
export function Picture({ picture, alt, eager = false, sizes, row = false }: { picture: PictureView | null; alt: string; eager?: boolean; sizes: string; row?: boolean }) {
  const { t } = useI18n();
  if (!picture) {
    return (
      <div className="picture picture--none">
        <Icon name="house" size={48} />
        <span className="picture__none">{t('NO_PHOTOS')}</span>
      </div>
    );
  }
  const img = (
    <img
      className="picture"
      src={row ? imageUrl(picture.url, { width: 400, height: ROW_THUMBNAIL_HEIGHT }) : imageUrl(picture.url, { width: 600 })}
      srcSet={row ? undefined : srcSet(picture.url, WIDTHS)}
      sizes={row ? undefined : sizes}
      width={picture.width}
      height={picture.height}
      alt={alt}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : undefined}
      decoding="async"
    />
  );
  if (!row) return img;
  return (
    <picture>
      <source media="(max-width: 766px)" srcSet={mobileUrl(picture.url, { width: 600 })} />
      {img}
    </picture>
  );
}
