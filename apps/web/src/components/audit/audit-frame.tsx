import type { ReactNode } from 'react';

/** A table of the audit dialogs: its hidden caption, its column headers (a header given as `{ hidden }` is for screen readers only) and rows. */
export function AuditTable({
  caption,
  headers,
  children,
  ...data
}: { caption: string; headers: (string | { hidden: string })[]; children: ReactNode } & Record<`data-${string}`, boolean>) {
  return (
    <table className="w-full text-start text-sm" {...data}>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-slate-50 text-slate-600">
        <tr>
          {headers.map((header) =>
            typeof header === 'string' ? (
              <th key={header} scope="col" className="px-3 py-2 text-start font-medium">
                {header}
              </th>
            ) : (
              <th key={header.hidden} scope="col" className="px-3 py-2">
                <span className="sr-only">{header.hidden}</span>
              </th>
            ),
          )}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">{children}</tbody>
    </table>
  );
}
