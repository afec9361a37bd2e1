import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';
import type { DefaultValues, FieldValues, UseFormSetError } from 'react-hook-form';
import type { Column } from '../table/data-table';

/**
 * What the API offers on a resource's rows; the list and form offer only these, and of them only what the
 * admin's role allows (the permission of the action's call in the contract's table: see actionCall).
 */
export type ResourceAction = 'create' | 'edit' | 'delete' | 'toggle';

/** The API calls of a resource, as its contract file declares them (`<resource>Paths`). */
export type ResourcePaths = {
  list: string;
  /** One record; without it a form edits only the row passed in navigation state. */
  show?: ((id: number | string) => string) | undefined;
  store: string;
  update: (id: number | string) => string;
  destroy: (id: number | string) => string;
  /** The active toggle (PATCH `{ is_active }`). */
  status?: ((id: number | string) => string) | undefined;
};

/** Texts and the language, as the list's columns and names are given them. */
export type ResourceContext = {
  /** The resource's own texts: `text('listTitle')` reads `<ns>:<prefix>listTitle`, falling back to `<ns>:listTitle`. */
  text: (key: string, options?: Record<string, unknown>) => string;
  lng: string;
};

type Row = { id: number };

/**
 * A resource declared once (see resources/): its names in every layer, its API calls, its texts, what
 * may be done with it, the columns of its list and the fields of its form. One List (resource-list.tsx)
 * and one Form (resource-form-page.tsx) read it; the routes render them (app/routes.tsx).
 */
export type Resource<T extends Row, In extends FieldValues = FieldValues, Out extends FieldValues = In> = {
  /** The registry name and query-key root: every list, option list and record of it starts with it. */
  name: string;
  /** Query-key roots of other resources whose rows show this one's (a country's name in city rows). */
  refreshes?: readonly string[] | undefined;
  /** i18n namespace and key prefix of its texts: listTitle, addButton, addTitle, editTitle, submitAdd, submitUpdate, nameAr, nameEn, searchPlaceholder, empty, fetchError, loadOneError, added, updated, deleted and, with a toggle, status, toggleStatus, statusUpdated. */
  texts: { ns: string; prefix?: string };
  /** Dashboard routes: the list (with its tab when it is one) and the add/edit form. */
  routes: { list: string; form: string };
  paths: ResourcePaths;
  actions: readonly ResourceAction[];
  /** The row's key in the form's navigation state (`navigate(form, { state: { [stateKey]: row } })`). */
  stateKey: string;
  list: {
    /** `data-screen` of the list's section; its heading's id is `<name>-title`. */
    screen: string;
    /** The columns before the status toggle and the row actions. */
    columns: (context: ResourceContext) => Column<T>[];
    /** How a row is named in its actions' labels and the delete dialog. */
    rowName: (row: T, context: ResourceContext) => string;
    /** What the delete dialog shows of the row; its name when not given. */
    deleteDetails?: ((row: T, context: ResourceContext) => ReactNode) | undefined;
    /** The list has a search box (and its title and add button in a toolbar). Default true. */
    search?: boolean | undefined;
    /** Classes of the row-actions column; 'whitespace-nowrap' when not given. */
    actionsClassName?: string | undefined;
    /** The form goes back to the list as it was opened from (its page and search, or another screen showing it). */
    returnToOpener?: boolean | undefined;
  };
  /**
   * The add/edit form, loaded by the form's route only (`resources/<name>.form.tsx`): its inputs, schemas (zod) and
   * react-hook-form stay out of the list's chunk. The form page's `data-screen` is its route; its breadcrumbs pass
   * through the list's screen (`screens:<list>`) when the list is a tab, the list's title otherwise.
   */
  form: () => Promise<ResourceFormPart<T, In, Out>>;
};

/** A resource's add/edit form (see Resource.form). */
export type ResourceFormPart<T extends Row, In extends FieldValues = FieldValues, Out extends FieldValues = In> = {
  /** The row schema: an edited row passed in navigation state is read with it. */
  item: z.ZodType<T>;
  /** The form's schema (it may depend on create vs edit: a file required only when creating). */
  schema: (editing: T | null) => z.ZodType<Out, In>;
  defaults: (editing: T | null) => DefaultValues<In>;
  /** The inputs, inside the form's react-hook-form context. */
  Fields: ComponentType<{ editing: T | null; context: ResourceContext }>;
  /** A check before saving that zod cannot make (e.g. an image's shape); false keeps the form open. */
  check?: ((values: Out, setError: UseFormSetError<In>) => Promise<boolean>) | undefined;
};

/** A resource of any row and form type, as the registry lists them. */
export type ResourceSummary = Pick<Resource<Row>, 'name' | 'refreshes' | 'texts' | 'routes' | 'paths' | 'actions'>;

/** The query keys a change of `resource` refreshes: its own, then those that show it. */
export const refreshKeys = (resource: Pick<ResourceSummary, 'name' | 'refreshes'>): readonly string[] => [
  resource.name,
  ...(resource.refreshes ?? []),
];

/** The key of one of a resource's texts, with the fallback to its namespace's shared keys. */
export const textKeys = (texts: ResourceSummary['texts'], key: string): string[] =>
  texts.prefix ? [`${texts.ns}:${texts.prefix}${key}`, `${texts.ns}:${key}`] : [`${texts.ns}:${key}`];

/**
 * The API call an action makes, as the contract's permission table names routes (method and path with
 * `:id`), so that the dashboard offers an action exactly when the API would let the admin's role call it.
 */
export function actionCall(paths: ResourcePaths, action: ResourceAction): { method: string; path: string } | undefined {
  switch (action) {
    case 'create':
      return { method: 'POST', path: paths.store };
    case 'edit':
      return { method: 'PATCH', path: paths.update(':id') };
    case 'delete':
      return { method: 'DELETE', path: paths.destroy(':id') };
    case 'toggle':
      return paths.status ? { method: 'PATCH', path: paths.status(':id') } : undefined;
  }
}

/** The dashboard URL of a route of a resource. */
export const dashboardPath = (lng: string, route: string) => `/${lng}/dashboard/${route}`;
