import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  exportHeaders,
  exportMessages,
  exportStatusLabels,
  type ExportStatusVocabulary,
  exportPath,
  exportQuery,
  formatOnlyQuery,
  type ExportFormat,
  type ExportHeaderKey,
} from '@sehha/contract/export';
import { adminRoute } from '../auth/admin-scope';
import { captureListSource } from '../db/list-capture';
import type { Database } from '../db/database';
import { requestLanguage, type Language } from '../i18n/messages';
import {
  exportHeadersOf,
  exportRetryAfterSeconds,
  sendExport,
  type ExportCell,
  type ExportColumn,
  type ExportRow,
  type ExportSource,
} from './export';
import { HttpError } from './errors';

type App = Parameters<FastifyPluginAsyncZod>[0];
type PagedQuery = z.ZodObject<{ page: z.ZodType; per_page: z.ZodType } & z.ZodRawShape>;

/**
 * One list's export, declared beside the list route: `GET {list}/export?format=csv|xlsx&…the list's query…`.
 *
 * `rows` is the list route's own service call. For a paged list it is run with page 1 while the list's
 * select is captured (db/list-capture.ts): no page is read, and the export streams that very select, so
 * it has the list's search, filters and order by construction. A list answered whole (plans, change
 * requests) returns its array; a list whose page is not one select (users' seek, appointments' merged
 * walks) returns its own `{ select }` from its repository.
 */
export type ListExport<P extends z.ZodType, Q extends PagedQuery | undefined> = {
  /** The list's contract path, with `:params` as Fastify registers them. */
  list: string;
  params?: P | undefined;
  /** The list's query schema; undefined for a list that takes none. */
  query?: Q | undefined;
  /** The file's name (`doctors` → `doctors-2026-11-24.csv`) and the kind of record, as the access log names it. */
  name: string;
  entity: string;
  /** The person a row is about (an appointment's patient), when the list names people: the access row's subjects. */
  subject?: ((row: ExportRow) => unknown) | undefined;
  tags: string[];
  columns: readonly ExportColumn[];
  rows: (input: {
    params: z.infer<P>;
    query: Q extends PagedQuery ? z.infer<Q> : Record<string, never>;
    language: Language;
    request: FastifyRequest;
  }) => Promise<unknown>;
};

const isSource = (value: unknown): value is ExportSource =>
  typeof value === 'object' && value !== null && ('select' in value || 'items' in value);

/** Registers a list's export route (see ListExport). */
export function exportRoute<P extends z.ZodType, Q extends PagedQuery | undefined>(app: App, db: Database, e: ListExport<P, Q>) {
  const querystring = e.query ? exportQuery(e.query) : formatOnlyQuery;
  app.get(
    adminRoute(exportPath(e.list)),
    {
      schema: {
        tags: e.tags,
        summary: `Every row of ${e.list} under its query, as CSV or XLSX`,
        ...(e.params ? { params: e.params } : {}),
        querystring,
      },
      // Every export is a logged read: the list, its filters, the rows taken (http/export.ts).
      config: { access: { kind: 'export', purpose: 'reporting' } },
    },
    async (request, reply) => {
      const { format, page: _page, per_page: _perPage, ...filters } = request.query as { format: ExportFormat } & Record<string, unknown>;
      // HEAD (Fastify answers it with the GET's handler) says what a GET would send, without writing the file.
      if (request.method === 'HEAD') return exportHeadersOf(reply, e.name, format).send();
      const release = request.server.exportSlots.take();
      if (!release) {
        const seconds = exportRetryAfterSeconds;
        throw new HttpError(429, exportMessages.busy, { 'retry-after': String(seconds) }, { seconds });
      }
      try {
        const language = requestLanguage(request);
        let answer: unknown;
        const captured = await captureListSource(async () => {
          answer = await e.rows({
            params: request.params as z.infer<P>,
            query: (e.query ? { ...filters, page: 1, per_page: 1 } : {}) as Parameters<typeof e.rows>[0]['query'],
            language,
            request,
          });
        });
        const source = captured ?? (Array.isArray(answer) ? { items: answer } : isSource(answer) ? answer : undefined);
        if (!source) throw new Error(`${e.list}: the list's call neither went through selectPage nor returned its rows`);
        const params = typeof request.params === 'object' && request.params !== null ? request.params : {};
        return await sendExport(
          request,
          reply,
          db,
          { name: e.name, list: e.list, entity: e.entity, columns: e.columns, source, subject: e.subject },
          { format, ...params, ...filters },
          release,
        );
      } catch (error) {
        release();
        throw error;
      }
    },
  );
}

/** A value at a dotted path of the row (`user.name`). */
function at(row: ExportRow, path: string): unknown {
  let value: unknown = row;
  for (const key of path.split('.')) value = value === null || value === undefined ? undefined : (value as Record<string, unknown>)[key];
  return value;
}

const asCell = (value: unknown): ExportCell =>
  value === null ||
  value === undefined ||
  typeof value === 'string' ||
  typeof value === 'number' ||
  typeof value === 'boolean' ||
  value instanceof Date
    ? value
    : JSON.stringify(value);

/** A ListExport's `subject`: the person's id at a dotted path of the row (`user.id`). */
export const subjectAt =
  (path: string) =>
  (row: ExportRow): unknown =>
    at(row, path);

/** A vocabulary's words by code, in both languages (a status vocabulary, the roles, the audit log's actions). */
export type ExportLabels = Readonly<Record<string, { en: string; ar: string }>>;

/** A code in the export's language by its labels; an unknown code as it is. */
export const labelOf = (labels: ExportLabels, value: unknown, language: Language): ExportCell =>
  typeof value === 'string' || typeof value === 'number' ? (labels[String(value)]?.[language] ?? value) : asCell(value);

/** A code at a dotted path of the row in the export's language, under one of the contract's headers. */
const labelled = (header: ExportHeaderKey, labels: ExportLabels, path: string = header): ExportColumn => ({
  header: exportHeaders[header],
  value: (row, language) => labelOf(labels, at(row, path), language),
});

/** Column helpers: a field (by dotted path) under one of the contract's headers. */
export const column = {
  /** The field as it is (text, number, yes/no, ISO date); objects as JSON. */
  field: (header: ExportHeaderKey, path: string = header): ExportColumn => ({
    header: exportHeaders[header],
    value: (row) => asCell(at(row, path)),
  }),
  /** A bilingual record (`{ name_ar, name_en }`) by its name in the admin's language. */
  named: (header: ExportHeaderKey, path: string = header, prefix = 'name'): ExportColumn => ({
    header: exportHeaders[header],
    value: (row, language) => {
      const record = path === '' ? row : at(row, path);
      if (record === null || typeof record !== 'object') return null;
      const names = record as Record<string, unknown>;
      return asCell(names[`${prefix}_${language}`] ?? names[`${prefix}_${language === 'ar' ? 'en' : 'ar'}`]);
    },
  }),
  /** A code (a role, an action) in the export's language, in the words its screen uses. */
  labelled,
  /** A status in the export's language, in the words of its vocabulary's screen (an unknown value as it is). */
  status: (vocabulary: ExportStatusVocabulary, header: ExportHeaderKey = 'status', path: string = header): ExportColumn =>
    labelled(header, exportStatusLabels[vocabulary], path),
  /** Any value computed from the row. */
  computed: (header: ExportHeaderKey, value: (row: ExportRow, language: Language) => unknown): ExportColumn => ({
    header: exportHeaders[header],
    value: (row, language) => asCell(value(row, language)),
  }),
};
