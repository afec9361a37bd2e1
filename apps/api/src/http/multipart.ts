import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { HttpError, ValidationError } from './errors';
import { commonMessages } from '../i18n/messages';

export const maxUploadBytes = 5 * 1024 * 1024;

/**
 * A file received in a multipart request, spooled to a temporary file at `path` (`size` bytes, at
 * most maxUploadBytes: `tooLarge` when more came). Its name and type are the client's claims only.
 * The temporary file is removed once the request is answered.
 */
export type UploadedFile = { field: string; filename: string; claimedType: string; path: string; size: number; tooLarge: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request by field name (empty for JSON requests); a repeated name keeps its last file. */
    uploads: Map<string, UploadedFile>;
    /** Every file of a multipart request in the order sent, repeated names included (`images` × 5). */
    uploadList: UploadedFile[];
    /** Required files that did not come, reported in the same 422 as the body's field errors. */
    missingUploads: Record<string, ValidationMessageKey[]>;
  }
  interface FastifyContextConfig {
    /** Files a route requires, with the message for a missing one, e.g. `{ flag: 'flagImageRequired' }`. */
    requiredUploads?: Record<string, ValidationMessageKey> | undefined;
  }
}

/** PHP's max_input_nesting_level: a deeper bracket name is refused (400), never parsed. */
export const maxFieldDepth = 64;

export const nestedTooDeeply = () => new HttpError(400, commonMessages.nestedTooDeeply);

/** `features[0][title_en]` → ['features', '0', 'title_en'] */
function fieldPath(name: string): string[] {
  const head = name.split('[')[0] ?? name;
  const rest = [...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
  if (rest.length > maxFieldDepth) throw nestedTooDeeply();
  return [head, ...rest];
}

const forbiddenSegments = new Set(['__proto__', 'constructor', 'prototype']);

function assign(target: Record<string, unknown>, path: string[], value: unknown) {
  if (path.some((segment) => forbiddenSegments.has(segment))) return;
  let node: Record<string, unknown> = target;
  path.forEach((segment, index) => {
    const key = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  });
}

/** Objects whose keys are 0..n-1 become arrays, as PHP reads `a[0]`, `a[1]`. */
function arraysFromIndexedObjects(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const entries = Object.entries(value).map(([k, v]) => [k, arraysFromIndexedObjects(v)] as const);
  const indexed = entries.length > 0 && entries.every(([k], i) => k === String(i));
  return indexed ? entries.map(([, v]) => v) : Object.fromEntries(entries);
}

/** Multipart field names and values → the object Laravel would see (`a[0][b]`, `ids[]`). */
export function nestFields(entries: Array<[string, string]>): unknown {
  const fields: Record<string, unknown> = {};
  for (const [name, value] of entries) assign(fields, fieldPath(name), value);
  return arraysFromIndexedObjects(fields);
}

/**
 * Why a multipart body could not be read, as the client should hear it: a limit (parts, files,
 * fields) stays a 413; anything else — no boundary, a body that is not multipart, truncated or
 * malformed parts, a prototype field name — is the client's malformed request, a 400.
 */
function unreadableMultipart(request: FastifyRequest, error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const statusCode = (error as { statusCode?: unknown | undefined }).statusCode;
  if (statusCode === 413) return new HttpError(413, commonMessages.payloadTooLarge);
  request.log.info({ reason: error instanceof Error ? error.message : String(error) }, 'unreadable multipart body');
  return new HttpError(400, commonMessages.badRequest);
}

type PartStream = NodeJS.ReadableStream & { on(event: 'header' | 'error', listener: () => void): PartStream };
// busboy's own part splitter (the one @fastify/multipart reads with), so both see the same parts.
const Dicer = createRequire(import.meta.url)('@fastify/busboy/deps/dicer/lib/Dicer.js') as new (config: {
  boundary: string;
}) => Writable & { on(event: 'part', listener: (part: PartStream) => void): Writable };

/**
 * Counts the parts of a multipart body as they arrive, beside busboy. busboy silently drops a part it
 * cannot name (no Content-Disposition, not `form-data`), so a body of only such parts, or none, would be
 * read as an empty form; comparing its fields and files with this count tells such a body apart.
 */
function countParts(request: FastifyRequest): () => Promise<{ parts: number; bytes: number }> {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(request.headers['content-type'] ?? '');
  const splitter = new Dicer({ boundary: (boundary?.[1] ?? boundary?.[2] ?? '').trim() });
  let parts = 0;
  let bytes = 0;
  splitter.on('part', (part) => {
    part.on('header', () => parts++);
    // A cut body ends its last part with an error; busboy reports it to the request (400).
    part.on('error', () => undefined);
    part.resume();
  });
  const done = new Promise<{ parts: number; bytes: number }>((resolve) => {
    splitter.on('finish', () => resolve({ parts, bytes }));
    splitter.on('error', () => resolve({ parts, bytes }));
  });
  request.raw.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    splitter.write(chunk);
  });
  request.raw.on('end', () => splitter.end());
  return () => done;
}

/** Temporary files of a request's uploads, to remove once it is answered. */
const spooledFiles = new WeakMap<FastifyRequest, string[]>();

/** Writing a temporary file failed (a full disk): the server's failure, not the client's. */
class SpoolError extends Error {}

/**
 * Writes a file part to a new temporary file as it arrives, so that an upload is never held in
 * memory whole. Beyond maxUploadBytes the part is cut (`tooLarge`) and the rest discarded.
 */
async function spool(request: FastifyRequest, part: MultipartFile): Promise<UploadedFile> {
  const path = join(tmpdir(), `sehha-upload-${randomUUID()}`);
  const paths = spooledFiles.get(request) ?? [];
  spooledFiles.set(request, paths);
  paths.push(path);
  const out = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  try {
    await pipeline(part.file, out);
  } catch (error) {
    // Also removed here: a client gone mid-part may never get the answer that would remove it.
    await rm(path, { force: true });
    // A file system error (ENOSPC, EACCES: it has a syscall) is ours; a malformed or cut body is the client's.
    const ours = typeof (error as NodeJS.ErrnoException).syscall === 'string';
    throw ours ? new SpoolError('Cannot write an upload to a temporary file', { cause: error }) : error;
  }
  return {
    field: part.fieldname,
    filename: part.filename,
    claimedType: part.mimetype,
    path,
    size: out.bytesWritten,
    tooLarge: part.file.truncated,
  };
}

async function removeSpooledFiles(request: FastifyRequest) {
  const paths = spooledFiles.get(request)?.splice(0) ?? [];
  await Promise.all(
    paths.map((path) =>
      rm(path, { force: true }).catch((error: unknown) => request.log.warn({ err: error }, 'temporary upload not removed')),
    ),
  );
}

/**
 * Accepts multipart bodies (files at most 5 MB each) and turns them into plain objects:
 * fields become strings (bracket names become nested objects/arrays), files go to `request.uploads`.
 */
export async function registerMultipart(app: FastifyInstance) {
  // Bodies are JSON or multipart. Fastify would also read text/plain, as a string no route takes: it is
  // refused with every other type instead (a 400, see the error handler), before any handler runs.
  app.removeContentTypeParser('text/plain');
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxUploadBytes, files: 10, fields: 200, fieldSize: 64 * 1024, parts: 220 },
  });
  app.decorateRequest('uploads', null as unknown as Map<string, UploadedFile>);
  app.decorateRequest('missingUploads', null as unknown as Record<string, ValidationMessageKey[]>);
  app.decorateRequest('uploadList', null as unknown as UploadedFile[]);
  app.addHook('onRequest', async (request) => {
    request.uploads = new Map();
    request.uploadList = [];
    request.missingUploads = {};
  });
  // The parts are read here rather than by the plugin's attachFieldsToBody, so that every failure
  // of a malformed body is answered as the client's error (see unreadableMultipart).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.isMultipart()) return;
    const fields: Array<[string, string]> = [];
    const counted = countParts(request);
    let read = 0;
    try {
      for await (const part of request.parts()) {
        read++;
        if (part.type === 'file') {
          const file = await spool(request, part);
          request.uploads.set(part.fieldname, file);
          request.uploadList.push(file);
        } else {
          fields.push([part.fieldname, String(part.value)]);
        }
      }
    } catch (error) {
      throw error instanceof SpoolError ? error : unreadableMultipart(request, error);
    }
    // No body at all, or a part busboy could not name: not a form this API can read (never "no fields").
    // A form of no parts (`--boundary--`, an empty FormData) is an empty form, as the browser meant it.
    const { parts, bytes } = await counted();
    if (bytes === 0 || parts !== read)
      throw unreadableMultipart(request, new Error(`${bytes} bytes, ${parts} parts sent, ${read} readable`));
    request.body = nestFields(fields);
  });
  // After the files are read and before the body is validated: note the required files that are
  // missing, so that one 422 lists them with the body's errors (see the error handler).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [field, message] of Object.entries(request.routeOptions.config.requiredUploads ?? {})) {
      if (!request.uploads.get(field)?.size) request.missingUploads[field] = [message];
    }
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (Object.keys(request.missingUploads).length > 0) throw new ValidationError(request.missingUploads);
  });
  // Temporary files go once the answer is sent, whatever it was (stored, 422, 400, 500), or when
  // the client leaves first.
  app.addHook('onResponse', removeSpooledFiles);
  app.addHook('onRequestAbort', removeSpooledFiles);
}
