import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';

/** Where uploaded files live. Keys are relative paths such as `flags/3f2a….png`. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  read(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
}

/** A key is safe when it is relative, has no `..` segment and no odd characters. */
export function isSafeKey(key: string): boolean {
  return /^[A-Za-z0-9][A-Za-z0-9._\/-]*$/.test(key) && !key.split('/').some((part) => part === '..' || part === '.' || part === '');
}

export class LocalStorage implements Storage {
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

  async put(key: string, data: Buffer): Promise<void> {
    const full = this.mustResolve(key);
    await mkdir(dirname(full), { recursive: true });
    await writeFile(full, data);
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
}

export const storageKey = (...parts: string[]) => join(...parts).split(sep).join('/');
