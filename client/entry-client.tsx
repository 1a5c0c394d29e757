import { hydrateRoot } from 'react-dom/client';
import { RouterClient } from '@tanstack/react-router/ssr/client';
import { isLang } from '../content/lang.ts';
import { createRouter } from './router.tsx';
import { browserContentLoader } from './browser-loader.ts';
import './styles/app.css';

const htmlLang = document.documentElement.lang;
const router = createRouter({
  content: browserContentLoader(() => router.state.matches[0]?.loaderData),
  negotiatedLang: isLang(htmlLang) ? htmlLang : 'fr',
});

hydrateRoot(document, <RouterClient router={router} />);
