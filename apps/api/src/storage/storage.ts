import { randomUUID } from 'node:crypto';
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where uploaded files live, whichever driver holds them (a folder, an S3 bucket: see
 * create-storage.ts). Keys are relative paths such as `flags/3f2a….png`.
 */
export interface Storage {
  /**
   * Stores a file under key, replacing any file there; a stream is written as it is read, never
   * collected in memory. `size` (bytes), when known, lets a driver send it in one request.
   * Readers never see half a file, and a failed put leaves none.
   */
  put(key: string, body: Readable | Buffer, options?: { size?: number | undefined }): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** Readiness: resolves when the storage can take writes now (a folder, a bucket), rejects otherwise. */
  ping?(): Promise<void>;
}

/** A storage driver: the modules' Storage, plus what operators' tools need (storage:migrate). */
export interface StorageDriver extends Storage {
  /** Where the files are, for operators' messages: `folder /srv/storage`, `S3 bucket "sehha" at …`. */
  readonly location: string;
  ping(): Promise<void>;
  /** The size in bytes of the file under key, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Every file under a safe key, with its size, in key order. */
  list(): AsyncIterable<{ key: string; size: number }>;
  /** Releases connections (a command-line tool that is done). */
  close(): void;
}

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
};

/** The type a stored file is served with, from its key's extension (keys are server-chosen). */
export const contentTypeOf = (key: string) => contentTypes[extname(key).toLowerCase()] ?? 'application/octet-stream';

/** A key is safe when it is relative, has no `..` segment and no odd characters. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._/-]*$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}

/** A put still being written (LocalStorage), never listed: `….partial`. */
const partialSuffix = '.partial';

export class LocalStorage implements StorageDriver {
  readonly root: string;

  constructor(root: string) {
    this.root = resolve(root);
  }

  /** Resolves a key inside the root, or null for anything that would escape it. */
  resolveKey(key: string): string | null {
    if (!isSafeKey(key)) return null;
    const full = resolve(this.root, key);
    const rel = relative(this.root, full);
    if (rel === '' || rel.startsWith('..') || isAbsolute(rel) || rel.split(sep).includes('..')) return null;
    return full;
  }

  private mustResolve(key: string): string {
    const full = this.resolveKey(key);
    if (!full) throw new Error(`Unsafe storage key: ${key}`);
    return full;
  }

  get location() {
    return `folder ${this.root}`;
  }

  /** Written beside its final name, then renamed into place. */
  async put(key: string, body: Readable | Buffer): Promise<void> {
    const full = this.mustResolve(key);
    await mkdir(dirname(full), { recursive: true });
    const partial = `${full}.${randomUUID()}${partialSuffix}`;
    try {
      if (Buffer.isBuffer(body)) await writeFile(partial, body);
      else await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
      await rename(partial, full);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string) {
    const full = this.resolveKey(key);
    if (!full) return null;
    try {
      const info = await stat(full);
      if (!info.isFile()) return null;
      return { stream: createReadStream(full), size: info.size };
    } catch {
      return null;
    }
  }

  async remove(key: string): Promise<void> {
    const full = this.resolveKey(key);
    if (full) await rm(full, { force: true });
  }

  async exists(key: string): Promise<boolean> {
    const full = this.resolveKey(key);
    if (!full) return false;
    return stat(full).then((s) => s.isFile(), () => false);
  }

  async size(key: string): Promise<number | null> {
    const full = this.resolveKey(key);
    if (!full) return null;
    return stat(full).then((s) => (s.isFile() ? s.size : null), () => null);
  }

  async *list(): AsyncIterable<{ key: string; size: number }> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    });
    const keys = entries
      .filter((entry) => entry.isFile() && !entry.name.endsWith(partialSuffix))
      .map((entry) => relative(this.root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .filter(isSafeKey)
      .sort();
    for (const key of keys) {
      const size = await this.size(key);
      if (size !== null) yield { key, size };
    }
  }

  close(): void {}

  /** The root is a writable folder (created if missing, as the first upload would). */
  async ping(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    if (!(await stat(this.root)).isDirectory()) throw new Error(`${this.root} is not a folder`);
    await access(this.root, constants.W_OK);
  }
}
