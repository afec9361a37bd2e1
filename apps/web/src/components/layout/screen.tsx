import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/use-language';
import { PageHeader } from './page-header';
import type { BreadcrumbItem } from './breadcrumbs';
import { UrlTabs, useUrlTab, type TabItem } from './tabs';
import { paths } from '../../config/paths';

type ScreenProps = {
  /** `data-screen` of the screen's section. */
  name: string;
  title: string;
  /** Under the title. */
  description?: string | undefined;
  /** Crumbs between Home and the title (the screen a sub-screen belongs to). */
  trail?: BreadcrumbItem[] | undefined;
  actions?: ReactNode | undefined;
  children: ReactNode;
};

/** A screen reached from the sidebar: its title under the Home › title breadcrumbs, then its content. */
export function Screen({ name, title, description, trail = [], actions, children }: ScreenProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  return (
    <section data-screen={name}>
      <PageHeader
        title={title}
        description={description}
        breadcrumbs={[{ label: t('screens:home'), to: paths.home.getHref(lng) }, ...trail, { label: title }]}
        actions={actions}
      />
      {children}
    </section>
  );
}

type TabbedScreenProps = Pick<ScreenProps, 'name' | 'title'> & {
  /** The tabs and what each shows; the first is shown when `?tab=` names none. */
  tabs: readonly [ScreenTab, ...ScreenTab[]];
  /** Accessible name of the tab list. */
  tabsLabel: string;
};

type ScreenTab = TabItem & { content: ReactNode };

/** A screen of tabs, the active one in `?tab=` (it survives a reload and can be linked to). */
export function TabbedScreen({ tabs, tabsLabel, ...screen }: TabbedScreenProps) {
  const activeId = useUrlTab(tabs, tabs[0].id);
  const active = tabs.find((tab) => tab.id === activeId) ?? tabs[0];
  return (
    <Screen {...screen}>
      <UrlTabs tabs={tabs} active={active.id} label={tabsLabel} />
      <Fragment key={active.id}>{active.content}</Fragment>
    </Screen>
  );
}
