import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import ExcelJS from 'exceljs';
import {
  exportBooleanLabels,
  exportColumnWidths,
  exportContentTypes,
  exportHeaders,
  exportSheetNames,
  type ExportFormat,
  type ExportHeader,
  type ExportHeaderKey,
} from '@sehha/contract/export';
import { isEmbedded } from '../db/connection';
import type { Database } from '../db/database';
import { accessed } from '../access-log/declared-reads';
import { heapBound } from '../operations/heap-bound';
import { requestLanguage, type Language } from '../i18n/messages';

/** A row of an export as its list presents it (the list's item, before the service's own touches). */
export type ExportRow = Record<string, unknown>;
export type ExportCell = string | number | boolean | Date | null | undefined;
/** `width`: the XLSX column's width in characters (by default from exportColumnWidths, by header). */
export type ExportColumn = { header: ExportHeader; value: (row: ExportRow, language: Language) => ExportCell; width?: number | undefined };

/**
 * Where an export's rows come from: a list's unpaged select (streamed through a cursor, each row through
 * the list's presenter), or the items of a list that is answered whole anyway (plans, change requests).
 */
export type ExportSource = { select: PgSelect; present?: ((row: never) => unknown) | undefined } | { items: readonly unknown[] };

/**
 * One list's export: its file name, the list's path and the kind of record (the access log's), its columns and its
 * rows; `subject` names the person a row is about (the patient of an appointment), for "who took this person's data".
 */
export type ExportSpec = {
  name: string;
  list: string;
  entity: string;
  columns: readonly ExportColumn[];
  source: ExportSource;
  subject?: ((row: ExportRow) => unknown) | undefined;
};

/** The people an export names, kept up to this many (an access row is not a copy of the export): `subjects_truncated` says so. */
const maxExportSubjects = 10_000;

/** What an export took: told to the access log as the rows go (its row is written once the answer has ended). */
class ExportTally {
  rows = 0;
  subjects = new Set<number>();
  truncated = false;
  constructor(private readonly subject: ExportSpec['subject']) {}
  count(rows: readonly unknown[]) {
    this.rows += rows.length;
    if (!this.subject) return;
    for (const row of rows) {
      const id = this.subject(row as ExportRow);
      if (typeof id !== 'number') continue;
      if (this.subjects.size < maxExportSubjects) this.subjects.add(id);
      else if (!this.subjects.has(id)) this.truncated = true;
    }
  }
}

/** Rows fetched from the cursor per round trip: a few hundred KB of CSV, so memory stays flat whatever the list's size. */
const batchSize = 1000;
/**
 * PGlite runs in this thread: a FETCH there is CPU work that no other request can interleave with. Small
 * batches, each followed by a turn of the event loop, keep the process answering during a long export
 * (a few milliseconds a batch; figures in docs/performance/exports.md).
 */
const embeddedBatchSize = 100;

/**
 * How many exports this process writes at once (EXPORT_CONCURRENCY): on PGlite two (an export holds its
 * only connection, so a second one waits for the first), on PostgreSQL half the pool, so that lists keep
 * connections. Beyond the bound an export is refused with 429 and Retry-After rather than queued.
 */
export class ExportSlots {
  private taken = 0;
  constructor(readonly max: number) {}
  /** A slot and its release (idempotent), or undefined when every slot is taken. */
  take(): (() => void) | undefined {
    if (this.taken >= this.max) return undefined;
    this.taken += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.taken -= 1;
    };
  }
}
export const exportRetryAfterSeconds = 10;

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's export slots (ExportSlots), decorated on the root instance by buildApp. */
    exportSlots: ExportSlots;
  }
}

/** Garbage an export may leave behind before it asks for a collection (operations/heap-bound.ts). */
const heapSlackBytes = 40 * 2 ** 20;

/** Spreadsheets run a cell starting with one of these as a formula (CSV injection, OWASP): such a cell gets a leading apostrophe. */
const formulaStart = /^[=+\-@\t\r]/;
/**
 * A phone number in international form (`+201001234567`): it starts with `+`, but a spreadsheet reads it as a
 * plain number, never as a formula that calls anything, so it is written as it is (docs/exports.md).
 */
const phoneNumber = /^\+[0-9]{6,15}$/;

/** An ISO timestamp as the API answers it (`2026-11-27T18:01:41.000Z`), shown in the platform's time zone. */
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** The platform's zone (APP_TIMEZONE), decorated on the root instance by buildApp. */
declare module 'fastify' {
  interface FastifyInstance {
    platformTimeZone: string;
  }
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();
/** `2026-11-27 20:01` in `timeZone` (sv-SE writes ISO order); one formatter per zone. */
function wallClock(date: Date, timeZone: string): string {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    wallClocks.set(timeZone, format);
  }
  return format.format(date);
}

/**
 * A cell as the export's reader sees it: yes/no in the export's language, a moment as the platform's local date
 * and time (the dashboard shows Africa/Cairo's), anything else as the list gives it.
 */
export function presentCell(value: ExportCell, language: Language, timeZone: string): ExportCell {
  if (typeof value === 'boolean') return exportBooleanLabels[value ? 'true' : 'false'][language];
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : wallClock(value, timeZone);
  if (typeof value === 'string' && isoTimestamp.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : wallClock(date, timeZone);
  }
  return value;
}

/** Whether a spreadsheet opening the CSV would take this text for a formula (a phone number it would not). */
export const readsAsFormula = (text: string) => formulaStart.test(text) && !phoneNumber.test(text);

export function csvCell(value: ExportCell): string {
  if (value === null || value === undefined) return '';
  const text = value instanceof Date ? value.toISOString() : String(value);
  const safe = typeof value === 'string' && readsAsFormula(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

const csvLine = (cells: ExportCell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/**
 * Resolves when `stream` can take more (its 'drain'), or when the response is gone (the client
 * disconnected: nothing will drain any more, and the pump must get to see that and stop).
 */
function drained(stream: EventEmitter, needsDrain: boolean, out: PassThrough): Promise<void> {
  if (!needsDrain || out.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      out.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    out.on('close', done);
  });
}

/** A file being written: the header line, then batches of rows (each resolving once the response can take more), then the end. */
type FileWriter = { rows: (rows: ExportCell[][]) => Promise<void>; end: () => Promise<void> };

function csvWriter(out: PassThrough, header: string[]): FileWriter {
  // The BOM makes Excel read the file as UTF-8 (Arabic intact); CRLF and RFC 4180 quoting.
  out.write(`\uFEFF${csvLine(header)}`);
  return {
    rows: async (rows) => {
      out.write(rows.map(csvLine).join(''));
      await drained(out, out.writableNeedDrain, out);
    },
    end: async () => {
      out.end();
    },
  };
}

/**
 * XLSX through exceljs's streaming writer: each row is committed (serialised into the zip) as it comes, so
 * the workbook is never held whole. Cells are written as text, numbers, booleans or dates, never formulas,
 * so a value starting with `=` is shown, not run.
 */
function xlsxWriter(out: PassThrough, header: string[], sheet: { name: string; widths: number[]; rightToLeft: boolean }): FileWriter {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  // The header stays in view while scrolling and carries the filter buttons; an Arabic sheet reads right to left.
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', rightToLeft: sheet.rightToLeft }],
  });
  worksheet.columns = sheet.widths.map((width) => ({ width }));
  worksheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, header.length) } };
  worksheet.addRow(header).commit();
  // exceljs's sheet stream does not pass back-pressure on: it pushes its XML into its zip entry (a stream
  // into archiver's deflate) however much that entry holds already, and rows are made faster than they are
  // compressed (docs/performance/exports.md). The entry's own write state says when it has caught up.
  const entry = (worksheet as unknown as { stream: { pipes?: Array<EventEmitter & { _writableState?: { needDrain?: boolean } }> } }).stream
    .pipes?.[0];
  if (!entry?._writableState) throw new Error('exceljs: the worksheet stream has no zip entry to wait for (a changed exceljs?)');
  return {
    rows: async (rows) => {
      for (const cells of rows) worksheet.addRow(cells.map((cell) => cell ?? null)).commit();
      await drained(entry, entry._writableState?.needDrain === true, out);
      await drained(out, out.writableNeedDrain, out);
    },
    end: async () => {
      worksheet.commit();
      await workbook.commit();
    },
  };
}

/**
 * Reads a select through a cursor in a read-only transaction (the same statements on node-postgres and
 * PGlite), a batch at a time, each batch mapped by Drizzle exactly as the select itself would be
 * (nested objects of joins included). `rows` is awaited before the next FETCH, so a slow client holds
 * the loop rather than memory; ending the transaction closes the cursor and releases the connection.
 */
async function readThroughCursor(db: Database, select: PgSelect, each: (rows: unknown[]) => Promise<boolean>): Promise<void> {
  // Drizzle's own row mapping for this select (its fields, in order), applied to the FETCH below.
  const { fields, joinsNotNullableMap } = (
    select as unknown as { _prepare: () => { fields: unknown; joinsNotNullableMap: unknown } }
  )._prepare();
  const embedded = isEmbedded(db);
  await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`declare sehha_export no scroll cursor for ${select}`);
    type Session = {
      prepareQuery: (
        query: { sql: string; params: unknown[] },
        fields: unknown,
        name: undefined,
        arrayMode: boolean,
      ) => { joinsNotNullableMap: unknown; execute: () => Promise<unknown[]> };
    };
    const fetch = (tx as unknown as { session: Session }).session.prepareQuery(
      { sql: `fetch forward ${embedded ? embeddedBatchSize : batchSize} from sehha_export`, params: [] },
      fields,
      undefined,
      true,
    );
    fetch.joinsNotNullableMap = joinsNotNullableMap;
    for (;;) {
      const batch = await fetch.execute();
      if (batch.length === 0 || !(await each(batch))) break;
      if (embedded) await nextTurn();
    }
  });
}

async function pump(
  db: Database,
  spec: ExportSpec,
  writer: FileWriter,
  language: Language,
  timeZone: string,
  out: PassThrough,
  log: FastifyBaseLogger,
  tally: ExportTally,
) {
  const cells = (items: readonly unknown[]) =>
    items.map((item) => spec.columns.map((column) => presentCell(column.value(item as ExportRow, language), language, timeZone)));
  try {
    const { source } = spec;
    if ('items' in source) {
      for (let i = 0; i < source.items.length && !out.destroyed; i += batchSize) {
        const batch = source.items.slice(i, i + batchSize);
        tally.count(batch);
        await writer.rows(cells(batch));
      }
    } else {
      const present = (source.present ?? ((row: unknown) => row)) as (row: unknown) => unknown;
      const heap = heapBound(heapSlackBytes);
      await readThroughCursor(db, source.select, async (batch) => {
        const presented = batch.map(present);
        tally.count(presented);
        await writer.rows(cells(presented));
        heap.check();
        return !out.destroyed;
      });
    }
    if (!out.destroyed) await writer.end();
  } catch (error) {
    // The headers are gone already: all that is left is to cut the download short, so that it is not taken as complete.
    log.error({ err: error, export: spec.name, rows: tally.rows }, 'export failed');
    out.destroy(error as Error);
  }
}

/** The list's name in the export's language, as Excel allows a sheet's name (31 characters, no `: \\ / ? * [ ]`). */
export const sheetNameOf = (name: string, language: Language) =>
  (exportSheetNames[name]?.[language] ?? name).replace(/[:\\/?*[\]]/g, ' ').slice(0, 31);

/** Widths by header text, so the users lists' own headers (same words) get them too. */
const widthsByHeader = new Map(
  Object.entries(exportColumnWidths).map(([key, width]) => [exportHeaders[key as ExportHeaderKey].en, width] as const),
);
const widthOf = (header: ExportHeader) => widthsByHeader.get(header.en) ?? Math.max(12, header.en.length + 4, header.ar.length + 4);

/** `users-2026-11-24.csv`: the list's name and today's date (UTC), ASCII only. */
export const exportFilename = (name: string, format: ExportFormat, now = new Date()) =>
  `${name}-${now.toISOString().slice(0, 10)}.${format}`;

/**
 * Answers an export: streams the file with headers in the admin's language, and tells the access log which list,
 * under which filters, how many rows and whose data (the route declares `kind: export`; the row is written when the
 * answer has ended, with the rows actually sent).
 */
export async function sendExport(
  request: FastifyRequest & { admin: { id: number } },
  reply: FastifyReply,
  db: Database,
  spec: ExportSpec,
  { format, ...filters }: { format: ExportFormat } & Record<string, unknown>,
  release: () => void = () => undefined,
) {
  const language = requestLanguage(request);
  const tally = new ExportTally(spec.subject);
  // Read when the answer has ended (the file sent, or the client gone): the rows actually taken.
  accessed(request, () => ({
    entity: spec.entity,
    subjectUserIds: [...tally.subjects],
    details: { list: spec.list, format, filters, rows: tally.rows, ...(tally.truncated ? { subjects_truncated: true } : {}) },
  }));
  const out = new PassThrough();
  // The slot is free once the file is written, or the client has gone.
  out.once('close', release);
  const header = spec.columns.map((column) => column.header[language]);
  const writer =
    format === 'xlsx'
      ? xlsxWriter(out, header, {
          name: sheetNameOf(spec.name, language),
          widths: spec.columns.map((column) => column.width ?? widthOf(column.header)),
          rightToLeft: language === 'ar',
        })
      : csvWriter(out, header);
  void pump(db, spec, writer, language, request.server.platformTimeZone, out, request.log, tally);
  return exportHeadersOf(reply, spec.name, format).send(out);
}

/** The headers of an export's answer (a HEAD gets them alone: nothing is read, written or logged). */
export const exportHeadersOf = (reply: FastifyReply, name: string, format: ExportFormat) =>
  reply
    .header('content-type', exportContentTypes[format])
    .header('content-disposition', `attachment; filename="${exportFilename(name, format)}"`)
    .header('cache-control', 'no-store');
