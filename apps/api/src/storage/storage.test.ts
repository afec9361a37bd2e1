import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LocalStorage, isSafeKey } from './storage';
import { createUrlSigner, isPrivateKey } from './signed-urls';
import { attachmentDisposition, safeFileName } from './storage-routes';

describe('storage keys', () => {
  it.each(['flags/eg.png', 'home-ads/1b2c.webp', 'a/b/c.pdf'])('accepts %s', (key) => expect(isSafeKey(key)).toBe(true));
  it.each(['../x', 'a/../../x', '/etc/passwd', 'a//b', './a', 'a/./b', 'a\\b', '', 'a/b/', 'a/%2e%2e/b', 'a b'])('refuses %s', (key) =>
    expect(isSafeKey(key)).toBe(false),
  );

  it('never reads outside its root', async () => {
    const root = mkdtempSync(join(tmpdir(), 'storage-'));
    writeFileSync(join(root, '..', 'outside.txt'), 'secret');
    const storage = new LocalStorage(join(root));
    expect(await storage.read('../outside.txt')).toBeNull();
    await storage.put('inside/file.txt', Buffer.from('ok'));
    expect(await storage.exists('inside/file.txt')).toBe(true);
    await expect(storage.put('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Unsafe/);
  });
});

describe('signed URLs', () => {
  it('verifies its own signature until it expires, for that key only', () => {
    let now = 1_700_000_000_000;
    const signer = createUrlSigner('secret-secret-secret-secret-secret!', () => now);
    const url = new URL(`http://x/storage/${signer.sign('prescriptions/a.png', 60)}`);
    const [expires, signature] = [url.searchParams.get('expires'), url.searchParams.get('signature')];
    expect(signer.verify('prescriptions/a.png', expires, signature)).toBe(true);
    expect(signer.verify('prescriptions/b.png', expires, signature)).toBe(false);
    expect(signer.verify('prescriptions/a.png', Number(expires) + 1, signature)).toBe(false);
    expect(createUrlSigner('another-secret-another-secret-1234').verify('prescriptions/a.png', expires, signature)).toBe(false);
    // Valid from the end of the minute it was signed in for its TTL, then not.
    expect(Number(expires)).toBe((Math.floor(now / 60_000) + 1) * 60 + 60);
    now = Number(expires) * 1000 - 1000;
    expect(signer.verify('prescriptions/a.png', expires, signature)).toBe(true);
    now = Number(expires) * 1000 + 1000;
    expect(signer.verify('prescriptions/a.png', expires, signature)).toBe(false);
  });

  it('knows which folders are private', () => {
    expect(isPrivateKey('prescriptions/a.png')).toBe(true);
    expect(isPrivateKey('attachments/a.pdf')).toBe(true);
    expect(isPrivateKey('flags/eg.png')).toBe(false);
  });

  it('makes download names safe', () => {
    expect(safeFileName('../../etc/passwd')).toBe('etc_passwd');
    expect(safeFileName('رخصة "مزاولة".pdf')).toBe('رخصة_مزاولة_.pdf');
    expect(safeFileName('License 2026 (final).pdf')).toBe('License_2026_final_.pdf');
    expect(safeFileName('a\r\nContent-Type: text/html')).not.toMatch(/[\r\n:" ]/);
    expect(safeFileName('...')).toBe('download');
    expect(attachmentDisposition('رخصة.pdf')).toBe(`attachment; filename="_.pdf"; filename*=UTF-8''${encodeURIComponent('رخصة.pdf')}`);
  });
});
