import { useRouterState } from '@tanstack/react-router';
import type { PageData } from '../../domain/page-data.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';
import { lazyComponent } from '../lib/lazy-component.tsx';
import { PageFormView } from './PageFormView.tsx';
import { islandComponent } from '../lib/island-component.tsx';
import { markingReady, markPageReady } from '../lib/page-ready.tsx';
import { hasFavourites } from '../lib/favourites.ts';
import type { ComponentType } from 'react';

// Each screen is its own chunk. Screens that work as HTML alone (links, GET filters, plain
// POST forms) are islands: the page's first load is the frame (React, the router), and a
// screen's code comes when the visitor turns to it; clicks, submits and choices made before
// are held and replayed (client/lib/island.ts). The code comes at once when the server's HTML
// cannot show this visitor the truth: their saved favourites' hearts, a slideshow that plays.
// The server renders every one.
const content = () => import('./screens/ContentScreens.tsx');
const projects = () => import('./screens/ProjectScreens.tsx');
const owners = () => import('./screens/OwnerScreens.tsx');
const neededAtOnce = (element: Element) => hasFavourites() || element.querySelector('[data-live]') !== null;
const screen = <P extends object>(load: () => Promise<ComponentType<P>>) => islandComponent(() => load().then(markingReady), { when: 'interaction', neededAtOnce, onWaiting: markPageReady });
const HomeScreen = screen(() => import('./screens/HomeScreen.tsx').then((m) => m.HomeScreen));
const ListScreen = screen(() => import('./screens/ListScreen.tsx').then((m) => m.ListScreen));
const PropertyScreen = screen(() => import('./screens/PropertyScreen.tsx').then((m) => m.PropertyScreen));
const ProjectsScreen = screen(() => projects().then((m) => m.ProjectsScreen));
const ProjectScreen = screen(() => projects().then((m) => m.ProjectScreen));
const ContentScreen = screen(() => content().then((m) => m.ContentScreen));
const TeamScreen = screen(() => content().then((m) => m.TeamScreen));
const ThanksScreen = screen(() => content().then((m) => m.ThanksScreen));
const MessageScreen = screen(() => content().then((m) => m.MessageScreen));
// The saved favourites are this browser's alone: the server cannot list them.
const FavouritesScreen = islandComponent(() => import('./screens/FavouritesScreen.tsx').then((m) => markingReady(m.FavouritesScreen)));
const AlertsScreen = screen(() => import('./screens/AlertsScreen.tsx').then((m) => m.AlertsScreen));
const PrivacyScreen = screen(() => import('./screens/PrivacyScreen.tsx').then((m) => m.PrivacyScreen));
const AccessibilityScreen = screen(() => import('./screens/AccessibilityScreen.tsx').then((m) => m.AccessibilityScreen));
// A form page's form, and the owner pages, are what the visitor came to use: announced and hydrated at once.
const FormPageScreen = lazyComponent('content', () => content().then((m) => markingReady(m.FormPageScreen)));
const LoginScreen = lazyComponent('owner', () => owners().then((m) => markingReady(m.LoginScreen)));
const ForgotScreen = lazyComponent('owner', () => owners().then((m) => markingReady(m.ForgotScreen)));
const ResetScreen = lazyComponent('owner', () => owners().then((m) => markingReady(m.ResetScreen)));
const PortalScreen = lazyComponent('owner', () => owners().then((m) => markingReady(m.PortalScreen)));

const screenOf: Record<PageData['kind'], { preload: () => Promise<unknown> } | null> = {
  home: HomeScreen,
  list: ListScreen,
  property: PropertyScreen,
  projects: ProjectsScreen,
  project: ProjectScreen,
  content: ContentScreen,
  team: TeamScreen,
  form: FormPageScreen,
  thanks: ThanksScreen,
  message: MessageScreen,
  alerts: AlertsScreen,
  privacy: PrivacyScreen,
  accessibility: AccessibilityScreen,
  favourites: FavouritesScreen,
  login: LoginScreen,
  'owner-forgot': ForgotScreen,
  'owner-reset': ResetScreen,
  'owner-portal': PortalScreen,
  'not-found': null,
};

/** Fetches the screen of a page with its data, so navigating never shows an empty screen. */
export async function preloadScreen(data: PageData): Promise<void> {
  await Promise.all([screenOf[data.kind]?.preload(), data.kind === 'form' ? PageFormView.preload() : null]);
}

// Every screen marks the page interactive once it has hydrated (client/lib/page-ready.tsx).
const NotFound = markingReady(NotFoundScreen);

/** Renders whatever kind of page the path table resolved the path to. */
export function PageScreen({ data }: { data: PageData }) {
  const { t } = useI18n();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const showCrumbs = data.breadcrumb.length > 1 && !('page' in data && data.page && !data.page.showBreadCrumb);
  return (
    <>
      {data.preview ? (
        <p className="preview-ribbon" role="note">
          {t('PREVIEW_NOTICE')}
        </p>
      ) : null}
      {showCrumbs ? <Breadcrumbs items={data.breadcrumb} /> : null}
      {'page' in data && data.page?.css ? <style>{data.page.css}</style> : null}
      {/* Another page (a path, so also another language) is a new screen: a part still holding
          the last page's server HTML must never hydrate with the next page's words. */}
      <Body key={pathname} data={data} />
    </>
  );
}

function Body({ data }: { data: PageData }) {
  switch (data.kind) {
    case 'home':
      return <HomeScreen data={data} />;
    case 'list':
      return <ListScreen list={data.list} page={data.page} title={data.page?.title ?? data.head.title} />;
    case 'property':
      return <PropertyScreen property={data.property} slots={data.slots} />;
    case 'projects':
      return <ProjectsScreen projects={data.projects} page={data.page} />;
    case 'project':
      return <ProjectScreen project={data.project} />;
    case 'content':
      return <ContentScreen page={data.page} blocks={data.blocks} children={data.children} />;
    case 'team':
      return <TeamScreen page={data.page} intro={data.intro} members={data.members} />;
    case 'form':
      return <FormPageScreen form={data.form} page={data.page} article={data.article} />;
    case 'thanks':
      return <ThanksScreen form={data.form} messageKey={data.messageKey} visit={data.visit} />;
    case 'message':
      return <MessageScreen titleKey={data.titleKey} messageKey={data.messageKey} action={data.action} detail={data.detail} />;
    case 'favourites':
      return <FavouritesScreen items={data.items} />;
    case 'alerts':
      return <AlertsScreen manage={data.manage} />;
    case 'privacy':
      return <PrivacyScreen privacy={data.privacy} />;
    case 'accessibility':
      return <AccessibilityScreen statementDate={data.statementDate} />;
    case 'login':
      return <LoginScreen />;
    case 'owner-forgot':
      return <ForgotScreen sent={data.sent} />;
    case 'owner-reset':
      return <ResetScreen token={data.token} valid={data.valid} />;
    case 'owner-portal':
      return <PortalScreen portal={data.portal} />;
    case 'not-found':
      return <NotFound what={data.what} listPath={data.listPath} {...(data.similar ? { similar: data.similar } : {})} />;
    default: {
      // Every kind of page data is drawn above: a kind added to PageData without its screen fails here.
      const unknown: never = data;
      return unknown;
    }
  }
}
