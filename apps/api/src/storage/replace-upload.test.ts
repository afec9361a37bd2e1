import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { withStoredFile, type RemovalLog } from './replace-upload';
import { LocalStorage } from './storage';

/** A real folder whose removals fail for the keys given (a read-only mount, a vanished bucket). */
class StubbornStorage extends LocalStorage {
  constructor(
    root: string,
    private readonly stuck: Set<string>,
  ) {
    super(root);
  }
  override async remove(key: string) {
    if (this.stuck.has(key)) throw new Error(`cannot remove ${key}`);
    return super.remove(key);
  }
}

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function setUp(stuck: string[]) {
  const folder = mkdtempSync(join(tmpdir(), 'sehha-replace-'));
  folders.push(folder);
  const storage = new StubbornStorage(folder, new Set(stuck));
  const logged: Array<{ details: Record<string, unknown>; message: string }> = [];
  const log: RemovalLog = { warn: (details, message) => logged.push({ details, message }) };
  return { storage, logged, log };
}

describe('withStoredFile', () => {
  it('removes the new file when the change fails, and logs (without hiding the failure) a removal that fails', async () => {
    const { storage, logged, log } = setUp(['flags/new.png']);
    await storage.put('flags/new.png', Buffer.from('png'));
    const failure = new Error('unique violation');
    await expect(withStoredFile(storage, log, 'flags/new.png', () => Promise.reject(failure))).rejects.toBe(failure);
    expect(logged).toEqual([{ details: { err: expect.any(Error), file: 'flags/new.png' }, message: 'stored file could not be removed after a database change' }]);
  });

  it('removes the replaced file once the change is committed; a failed removal is logged and the answer stands', async () => {
    const { storage, logged, log } = setUp(['flags/old.png']);
    await storage.put('flags/old.png', Buffer.from('old'));
    await storage.put('flags/other.png', Buffer.from('other'));
    await expect(withStoredFile(storage, log, 'flags/new.png', async () => ({ result: 'saved', replacedKey: 'flags/old.png' }))).resolves.toBe('saved');
    expect(logged.map((entry) => entry.details.file)).toEqual(['flags/old.png']);

    await expect(withStoredFile(storage, log, 'flags/new2.png', async () => ({ result: 'saved', replacedKey: 'flags/other.png' }))).resolves.toBe('saved');
    expect(await storage.exists('flags/other.png')).toBe(false);
    expect(logged).toHaveLength(1);
  });
});
