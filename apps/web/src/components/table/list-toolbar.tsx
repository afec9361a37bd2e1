import type { ReactNode } from 'react';
import { SearchBox } from './search-box';

type ListToolbarProps = {
  /** Id of the heading, for the list section's aria-labelledby. */
  headingId: string;
  title: string;
  searchPlaceholder: string;
  /** Actions beside the search box, such as the add button. */
  children?: ReactNode | undefined;
};

/** The heading row of a list inside a tab: its title, the search box and its actions. */
export function ListToolbar({ headingId, title, searchPlaceholder, children }: ListToolbarProps) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h2 id={headingId} className="text-xl font-semibold">
        {title}
      </h2>
      <div className="flex flex-1 flex-wrap items-center justify-end gap-3">
        <SearchBox placeholder={searchPlaceholder} />
        {children}
      </div>
    </div>
  );
}
