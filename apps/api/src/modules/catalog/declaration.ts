import type { SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ListQuery } from '@sehha/contract/fields';
import type { AuditEntity } from '@sehha/contract/audit-logs';
import type { Message } from '@sehha/contract/messages';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import type { Database } from '../../db/database';
import type { Total } from '../../db/totals';
import type { ExportColumn } from '../../http/export';

/** A catalog's table: an id, a folded search key and timestamps; `is_active` when it has a status toggle. */
export type CatalogTable = PgTable & { id: PgColumn; search: PgColumn; updated_at: PgColumn; is_active?: PgColumn | undefined };

/** Laravel-style paths of the contract: `show` and `status` only where the spec has them. */
export type CatalogPaths = {
  list: string;
  show?: ((id: string) => string) | undefined;
  store: string;
  update: (id: string) => string;
  status?: ((id: string) => string) | undefined;
  destroy: (id: string) => string;
};

/** The texts of a catalog, from its contract file: `inUse` where usage is counted, `statusUpdated` with a status toggle. */
export type CatalogMessages = {
  added: Message;
  updated: Message;
  deleted: Message;
  notFound: Message;
  inUse?: Message | undefined;
  statusUpdated?: Message | undefined;
};

/**
 * One catalog-like resource, declared once: its table and record query, contract (paths, schemas,
 * texts), what still uses an entry, the parents its form points at, and its file field, if any.
 * `defineCatalog` turns it into list / show / store / update / status / delete routes, a service
 * (audited changes, usage checks) and a repository.
 */
export type CatalogDeclaration<Q extends PgSelect, L extends ListQuery, I extends object> = {
  /** The audit log's entity name (`speciality`, `country` …): one of the contract's `auditEntities`, so tsc refuses a catalog whose entity the log's filter would reject. */
  entity: AuditEntity;
  /** The OpenAPI tag. */
  tag: string;
  table: CatalogTable;
  /**
   * The record as the API answers it, when it is more than the table's columns: the joins it needs
   * (`….$dynamic()`), its columns carrying the list's `total` (`withTotal`, db/totals.ts).
   */
  select?: ((db: Database, total: Total) => Q) | undefined;
  /** List filters beyond `search` (a parent's id), from the list query. */
  filter?: (query: L) => SQL | undefined;
  /** The contract's side of the resource (`specialityCatalog` …): paths, schemas and texts. */
  contract: {
    paths: CatalogPaths;
    input: z.ZodType<I>;
    listQuery: z.ZodType<L>;
    item: z.ZodType;
    list: z.ZodType;
    /** The body of the status route (`{ is_active }`); with `paths.status`, the catalog has a status toggle. */
    statusInput?: z.ZodType<{ is_active: boolean }> | undefined;
    messages: CatalogMessages;
  };
  /**
   * What still points at an entry, counted in one query (`{ count }`, or `{ cities, others }`): a delete
   * is refused with `contract.messages.inUse` (the counts are its params) while any of them is above zero.
   */
  usage?: ((db: Database, id: number) => Promise<Record<string, number>>) | undefined;
  /** Parents the form points at: a missing one is an error of the field (checked on create, and on update when it changes). */
  parents?: Array<{ field: keyof I & string; table: CatalogTable; error: ValidationMessageKey }> | undefined;
  /**
   * An image uploaded as the multipart file `field`, kept in the column of the same name (required on
   * create), answered as `<field>_url`; the replaced or deleted file is removed once the change commits.
   */
  file?: { field: string; folder: string; required: ValidationMessageKey } | undefined;
  /** Its list's export (`{list}/export?format=csv|xlsx`): the file's name and columns (http/export-route.ts). */
  export: { name: string; columns: readonly ExportColumn[] };
};
