import { useI18n } from '../i18n/i18n.tsx';
import { AppLink } from './AppLink.tsx';
import { PageReady } from '../lib/page-ready.tsx';

/** A page that failed to load (network or server trouble), inside the layout, localized. */
export function ErrorScreen() {
  const { t } = useI18n();
  return (
    <section className="container page narrow" role="alert">
      <h1>{t('API_ERROR')}</h1>
      <p>{t('TRY_AGAIN_LATER')}</p>
      <p>
        <AppLink href="/" className="button">
          {t('BACK_HOME')}
        </AppLink>
      </p>
      {/* An error page is a screen too: interactive once hydrated. */}
      <PageReady />
    </section>
  );
}

/**
 * Last resort when even the layout could not load: there is no dictionary to translate
 * with, so the message is given in the four languages at once.
 */
export function DocumentError() {
  return (
    <html lang="en">
      <body>
        <main style={{ font: '16px/1.5 system-ui', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
          <h1>Temporarily unavailable</h1>
          <p lang="nl">Deze pagina is tijdelijk niet beschikbaar.</p>
          <p lang="fr">Cette page est momentanément indisponible.</p>
          <p lang="de">Diese Seite ist vorübergehend nicht verfügbar.</p>
          <p>
            <a href="/">Home</a>
          </p>
        </main>
      </body>
    </html>
  );
}
