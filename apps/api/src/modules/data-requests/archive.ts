import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import archiver from 'archiver';
import { dataArchiveReadme } from '@sehha/contract/data-requests';
import type { Storage } from '../../storage/storage';
import { translate } from '../../i18n/messages';
import type { PersonData } from './archive-repository';

/** Where archives are kept: a private folder (storage/signed-urls.ts privateFolders), never served without a signature. */
export const archiveFolder = 'data-exports';

const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/**
 * Writes one person's data as a zip to storage, streamed (the images are read as the zip is written, never held
 * in memory): JSON files per area, the prescriptions' images under prescriptions/<id>/, and a README.txt in English
 * and Arabic. Returns the private key it is stored under.
 */
export async function storeArchive(storage: Storage, requestId: number, data: PersonData, madeAt: Date): Promise<string> {
  const key = `${archiveFolder}/${requestId}-${randomUUID()}.zip`;
  const zip = archiver('zip', { zlib: { level: 6 } });
  const failed = new Promise<never>((_resolve, reject) => zip.on('error', reject));
  // Awaited below through the race; an error after the archive is stored is no one's to handle.
  failed.catch(() => undefined);
  const stored = storage.put(key, zip);
  try {
    const date = madeAt.toISOString().slice(0, 10);
    zip.append(`${translate(dataArchiveReadme.text, 'en', { date })}\n\n${translate(dataArchiveReadme.text, 'ar', { date })}\n`, {
      name: 'README.txt',
    });
    zip.append(json(data.profile), { name: 'profile.json' });
    zip.append(json(data.appointments), { name: 'appointments.json' });
    const prescriptions = [];
    for (const prescription of data.prescriptions) {
      const files: string[] = [];
      for (const [index, image] of prescription.images.entries()) {
        const file = await storage.read(image);
        if (!file) continue;
        const name = `prescriptions/${prescription.id}/${index + 1}-${basename(image)}`;
        zip.append(file.stream, { name });
        files.push(name);
      }
      prescriptions.push({ ...prescription, image_files: files });
    }
    zip.append(json(prescriptions), { name: 'prescriptions.json' });
    zip.append(json(data.subscriptions), { name: 'subscriptions.json' });
    zip.append(json(data.consents), { name: 'consents.json' });
    zip.append(json(data.dataRequests), { name: 'data-requests.json' });
    zip.append(json(data.accessLog), { name: 'access-log.json' });
    zip.append(json(data.messages), { name: 'messages.json' });
    await Promise.race([Promise.all([zip.finalize(), stored]), failed]);
  } catch (error) {
    zip.abort();
    await stored.catch(() => undefined);
    await storage.remove(key);
    throw error;
  }
  return key;
}
