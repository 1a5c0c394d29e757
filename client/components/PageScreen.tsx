import type { PageData } from '../page-data.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { HomeScreen } from './screens/HomeScreen.tsx';
import { ListScreen } from './screens/ListScreen.tsx';
import { PropertyScreen } from './screens/PropertyScreen.tsx';
import { ContentScreen, FormPageScreen, TeamScreen, ThanksScreen, LoginScreen } from './screens/ContentScreens.tsx';
import { ProjectsScreen, ProjectScreen } from './screens/ProjectScreens.tsx';
import { NotFoundScreen } from './screens/NotFoundScreen.tsx';

/** Renders whatever kind of page the path table resolved the path to. */
export function PageScreen({ data }: { data: PageData }) {
  return (
    <>
      {data.breadcrumb.length > 1 ? <Breadcrumbs items={data.breadcrumb} /> : null}
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
      return <ContentScreen page={data.page} articles={data.articles} children={data.children} />;
    case 'team':
      return <TeamScreen page={data.page} intro={data.intro} members={data.members} />;
    case 'form':
      return <FormPageScreen form={data.form} page={data.page} article={data.article} />;
    case 'thanks':
      return <ThanksScreen form={data.form} />;
    case 'login':
      return <LoginScreen />;
    case 'not-found':
      return <NotFoundScreen what={data.what} listPath={data.listPath} />;
  }
}
