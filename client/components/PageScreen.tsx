import type { PageData } from '../page-data.ts';
import { useI18n } from '../i18n/i18n.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HomeScreen } from './screens/HomeScreen.tsx';
import { ListScreen } from './screens/ListScreen.tsx';
import { PropertyScreen } from './screens/PropertyScreen.tsx';
import { ContentScreen, FormPageScreen, MessageScreen, TeamScreen, ThanksScreen } from './screens/ContentScreens.tsx';
import { ForgotScreen, LoginScreen, PortalScreen, ResetScreen } from './screens/OwnerScreens.tsx';
import { ProjectsScreen, ProjectScreen } from './screens/ProjectScreens.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';

/** Renders whatever kind of page the path table resolved the path to. */
export function PageScreen({ data }: { data: PageData }) {
  const { t } = useI18n();
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
      <Body data={data} />
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
      return <PropertyScreen property={data.property} />;
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
      return <ThanksScreen form={data.form} messageKey={data.messageKey} />;
    case 'message':
      return <MessageScreen titleKey={data.titleKey} messageKey={data.messageKey} />;
    case 'login':
      return <LoginScreen />;
    case 'owner-forgot':
      return <ForgotScreen sent={data.sent} />;
    case 'owner-reset':
      return <ResetScreen token={data.token} valid={data.valid} />;
    case 'owner-portal':
      return <PortalScreen portal={data.portal} />;
    case 'not-found':
      return <NotFoundScreen what={data.what} listPath={data.listPath} />;
  }
}
