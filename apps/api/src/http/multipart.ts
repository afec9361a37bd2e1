import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart, { type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { ValidationMessageKey } from '@sehha/contract/validation-messages';
import { ValidationError } from './errors';

export const maxUploadBytes = 5 * 1024 * 1024;

/** A file received in a multipart request; its name and type are the client's claims only. */
export type UploadedFile = { field: string; filename: string; claimedType: string; data: Buffer; tooLarge: boolean };

declare module 'fastify' {
  interface FastifyRequest {
    /** Files of a multipart request by field name (empty for JSON requests). */
    uploads: Map<string, UploadedFile>;
    /** Required files that did not come, reported in the same 422 as the body's field errors. */
    missingUploads: Record<string, ValidationMessageKey[]>;
  }
  interface FastifyContextConfig {
    /** Files a route requires, with the message for a missing one, e.g. `{ flag: 'flagImageRequired' }`. */
    requiredUploads?: Record<string, ValidationMessageKey>;
  }
}

type Part = (MultipartFile & { _buf?: Buffer }) | MultipartValue;

/** `features[0][title_en]` → ['features', '0', 'title_en'] */
function fieldPath(name: string): string[] {
  const head = name.split('[')[0] ?? name;
  const rest = [...name.matchAll(/\[([^\]]*)\]/g)].map((m) => m[1] ?? '');
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
 * Accepts multipart bodies (files at most 5 MB each) and turns them into plain objects:
 * fields become strings (bracket names become nested objects/arrays), files go to `request.uploads`.
 */
export async function registerMultipart(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: true,
    throwFileSizeLimit: false,
    limits: { fileSize: maxUploadBytes, files: 10, fields: 200, fieldSize: 64 * 1024, parts: 220 },
  });
  app.decorateRequest('uploads', null as unknown as Map<string, UploadedFile>);
  app.decorateRequest('missingUploads', null as unknown as Record<string, ValidationMessageKey[]>);
  app.addHook('onRequest', async (request) => {
    request.uploads = new Map();
    request.missingUploads = {};
  });
  app.addHook('preValidation', async (request: FastifyRequest) => {
    if (!request.isMultipart() || !request.body || typeof request.body !== 'object') return;
    const fields: Array<[string, string]> = [];
    for (const [name, raw] of Object.entries(request.body as Record<string, Part | Part[]>)) {
      for (const part of Array.isArray(raw) ? raw : [raw]) {
        if (part.type === 'file') {
          const data = part._buf ?? (await part.toBuffer());
          request.uploads.set(name, { field: name, filename: part.filename, claimedType: part.mimetype, data, tooLarge: part.file.truncated });
        } else {
          fields.push([name, String(part.value)]);
        }
      }
    }
    request.body = nestFields(fields);
  });
  // After the files are read and before the body is validated: note the required files that are
  // missing, so that one 422 lists them with the body's errors (see the error handler).
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [field, message] of Object.entries(request.routeOptions.config.requiredUploads ?? {})) {
      if (!request.uploads.get(field)?.data.length) request.missingUploads[field] = [message];
    }
  });
  app.addHook('preHandler', async (request: FastifyRequest) => {
    if (Object.keys(request.missingUploads).length > 0) throw new ValidationError(request.missingUploads);
  });
}
