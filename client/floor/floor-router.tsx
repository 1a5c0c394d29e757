/**
 * The floor page: what React, react-dom and TanStack Router cost on their own. One route,
 * server-rendered and hydrated the way the site's pages are (streaming SSR, RouterClient,
 * a loader's data dehydrated), drawing a tree the size of a list page of the site with
 * nothing of the site's own code. Lighthouse and the render bench measure it beside the
 * real pages, so "the stack" is a number: every page is the floor plus its own part.
 */
import { useEffect } from 'react';
import { createRootRoute, createRoute, createRouter, HeadContent, Outlet, Scripts } from '@tanstack/react-router';

/** A listing as the floor draws it: the fields a card of the list page shows. */
export interface FloorCard {
  id: number;
  title: string;
  city: string;
  price: string;
  facts: string[];
  photo: string;
}

/** As many cards as a list page has, and its header and footer links, with the same kinds of fields. */
export function floorData(): { cards: FloorCard[]; links: string[]; filters: string[] } {
  const towns = ['Namur', 'Ciney', 'Dinant', 'Gembloux', 'Andenne', 'Jambes', 'Wépion', 'Bouge', 'Arlon', 'Marche', 'Rochefort', 'Durbuy'];
  const cards = towns.map((city, i) => ({
    id: 2041 + i,
    title: `Maison ${3 + (i % 3)} façades`,
    city,
    price: `€ ${(245 + i * 17).toString()}.000`,
    facts: [`${2 + (i % 4)} chambres`, `${120 + i * 9} m²`, `PEB ${'ABCDEFG'[i % 7]}`, `${1 + (i % 2)} salles de bain`, `Jardin ${20 + i} m²`, `Réf. VI-${2041 + i}`],
    // The demo's photos (one listing has none; the floor only needs pictures of the same size).
    photo: `/media/demo/${2041 + (i % 10)}/1.jpg?width=400`,
  }));
  const links = Array.from({ length: 90 }, (_, i) => `Lien ${i + 1}`);
  const filters = ['Type', 'Ville', 'Prix minimum', 'Prix maximum', 'Chambres', 'Tri', 'Région', 'Surface'];
  return { cards, links, filters };
}

const rootRoute = createRootRoute({
  head: () => ({
    meta: [{ charSet: 'utf-8' }, { name: 'viewport', content: 'width=device-width, initial-scale=1' }, { title: 'Floor: React and TanStack Router alone' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'icon', href: '/static/favicon.svg', type: 'image/svg+xml' }],
  }),
  component: () => (
    <html lang="fr">
      <head>
        <HeadContent />
      </head>
      <body>
        <Outlet />
        <Scripts />
      </body>
    </html>
  ),
});

const floorRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/bench/floor/',
  loader: () => floorData(),
  component: FloorPage,
});

function FloorPage() {
  // As the site's pages do once hydrated: the measuring scripts wait for it.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  // The app registers its own router type globally; this route belongs to another router.
  const { cards, links, filters } = floorRoute.useLoaderData() as unknown as ReturnType<typeof floorData>;
  return (
    <>
      <header className="header">
        <nav className="container">
          <ul className="menu">
            {links.slice(0, 30).map((label) => (
              <li key={label}>
                <a href="#top">{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="container page">
        <h1>Biens à vendre</h1>
        <form className="filters">
          {filters.map((label) => (
            <label key={label}>
              {label}
              <select name={label}>
                {links.slice(0, 40).map((option) => (
                  <option key={option}>{option}</option>
                ))}
              </select>
            </label>
          ))}
        </form>
        <ul className="cards cols">
          {cards.map((card) => (
            <li key={card.id} className="card">
              <a href={`#${card.id}`}>
                <img src={card.photo} alt={card.title} width={400} height={267} loading={card.id < 2044 ? 'eager' : 'lazy'} />
                <h2>{card.title}</h2>
                <p>{card.city}</p>
                <p className="price">{card.price}</p>
                <ul>
                  {card.facts.map((fact) => (
                    <li key={fact}>{fact}</li>
                  ))}
                </ul>
              </a>
            </li>
          ))}
        </ul>
      </main>
      <footer className="footer">
        <ul>
          {links.slice(30).map((label) => (
            <li key={label}>
              <a href="#top">{label}</a>
            </li>
          ))}
        </ul>
      </footer>
    </>
  );
}

/** One router for the server and the browser, as the site's own. */
export function createFloorRouter(nonce?: string) {
  return createRouter({ routeTree: rootRoute.addChildren([floorRoute]), trailingSlash: 'always', ssr: nonce ? { nonce } : undefined });
}
