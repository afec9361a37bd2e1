import { Link, useSearchParams } from 'react-router';

export type TabItem = { id: string; label: string };

/** The active tab, kept in the URL query (`?tab=`) so it survives reloads and links. */
export function useUrlTab(tabs: readonly TabItem[], fallback: string, param = 'tab'): string {
  const [searchParams] = useSearchParams();
  const value = searchParams.get(param);
  return tabs.some((tab) => tab.id === value) ? (value as string) : fallback;
}

type UrlTabsProps = { tabs: readonly TabItem[]; active: string; label: string; param?: string };

/** Tab links; switching a tab drops the other tab's search and page. */
export function UrlTabs({ tabs, active, label, param = 'tab' }: UrlTabsProps) {
  return (
    <div role="tablist" aria-label={label} className="mb-6 flex gap-2 border-b border-slate-200">
      {tabs.map((tab) => {
        const selected = tab.id === active;
        return (
          <Link
            key={tab.id}
            role="tab"
            aria-selected={selected}
            to={`?${new URLSearchParams({ [param]: tab.id }).toString()}`}
            className={`-mb-px border-b-2 px-4 py-2 font-medium ${
              selected ? 'border-teal-600 text-teal-700' : 'border-transparent text-slate-600 hover:text-slate-800'
            }`}
          >
            {tab.label}
          </Link>
        );
      })}
    </div>
  );
}
