import { useState } from 'react';
import { useI18n } from '../i18n/i18n.tsx';
import { parseVideo } from '../../domain/rules/video.ts';

/**
 * The virtual tour and the video of a property: a button each, the third-party player only
 * once asked for. Loaded as an island (client/lib/island-component.tsx) from the property page.
 */
export function PropertyMedia({ virtualTourUrl, videoUrl }: { virtualTourUrl: string | null; videoUrl: string | null }) {
  const { t } = useI18n();
  const [open, setOpen] = useState<string | null>(null);
  const items = [
    { key: 'tour', label: t('VIRTUAL_TOUR'), video: parseVideo(virtualTourUrl) },
    { key: 'video', label: t('VIDEO'), video: parseVideo(videoUrl) },
  ].filter((item) => item.video !== null);
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="media">
      <h2 id="media">{t('VIRTUAL_TOUR')}</h2>
      {items.map((item) =>
        open === item.key && item.video ? (
          item.video.kind === 'file' ? (
            <video key={item.key} className="media-frame" src={item.video.embedUrl} controls />
          ) : (
            <iframe key={item.key} className="media-frame" src={item.video.embedUrl} title={item.label} allow="fullscreen; xr-spatial-tracking" loading="lazy" />
          )
        ) : (
          // Third-party players load only when asked for: no tracking, no weight before a click.
          <button key={item.key} type="button" className="button media-button" onClick={() => setOpen(item.key)}>
            {item.label}
          </button>
        ),
      )}
    </section>
  );
}
