import type { Storage } from '../../storage/storage';
import { randomFor } from '../random';

export type StoredFile = { key: string; size: number; mime: string };

const MIME: Record<string, string> = {
  png: 'image/png',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  zip: 'application/zip',
  txt: 'text/plain',
};

/**
 * Gives files server-style names (a folder and 40 random letters, deterministic here) and
 * writes them to storage in parallel batches when flushed.
 */
export class Uploads {
  private readonly names = randomFor('file-names');
  private readonly pending: { key: string; data: Buffer }[] = [];
  private written = 0;

  constructor(private readonly storage: Storage) {}

  add(folder: string, extension: keyof typeof MIME & string, data: Buffer): StoredFile {
    const key = `${folder}/${this.names.token(40)}.${extension}`;
    this.pending.push({ key, data });
    return { key, size: data.length, mime: MIME[extension] ?? 'application/octet-stream' };
  }

  get count(): number {
    return this.written + this.pending.length;
  }

  async flush(concurrency = 32): Promise<void> {
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, concurrency);
      await Promise.all(batch.map((file) => this.storage.put(file.key, file.data)));
      this.written += batch.length;
    }
  }
}
