import type { LicenseStatus, attachmentKinds } from '@sehha/contract/status-codes';
import { licenses, providerAttachments } from '../db/schema/providers';
import { insertAll } from './batch';
import { DAY_MS, iso } from './clock';
import type { SeedContext } from './context';
import { demoFixtures } from './demo-fixtures';
import { docxDocument, pdfDocument, zipArchive } from './files/documents';
import { documentPng } from './files/pictures';
import type { StoredFile } from './files/uploads';
import type { ProviderKind, SeededProvider, SeededProviders } from './providers';
import { randomFor, type Random } from './random';

type AttachmentKind = (typeof attachmentKinds)[number];
type Format = 'pdf' | 'png' | 'docx' | 'zip' | 'txt';
type Paper = { kind: AttachmentKind; format: Format; name: string };

const TITLES: Record<AttachmentKind, string> = {
  license: 'License to Practise',
  syndicate_card: 'Medical Syndicate Membership Card',
  commercial_register: 'Commercial Register Extract',
  tax_card: 'Tax Card',
  national_id: 'National ID Card',
  other: 'Supporting Document',
};

const LICENSE_PREFIX: Record<ProviderKind, string> = {
  doctor: 'MOH-DR',
  pharmacy: 'MOH-PH',
  hospital: 'MOH-HF',
  medical_center: 'MOH-MC',
  company: 'GAFI-CO',
};

/** The papers each kind of provider uploads; the fixtures get a fixed set. */
function papersOf(provider: SeededProvider, position: number, rng: Random): Paper[] {
  switch (provider.kind) {
    case 'doctor':
      return [
        rng.chance(0.6)
          ? { kind: 'license', format: 'pdf', name: 'medical-license.pdf' }
          : { kind: 'license', format: 'png', name: 'رخصة مزاولة المهنة.png' },
        { kind: 'syndicate_card', format: 'png', name: rng.chance(0.5) ? 'syndicate-card.png' : 'كارنيه النقابة.png' },
        ...(rng.chance(0.5) ? [{ kind: 'national_id', format: 'png', name: 'national-id.png' } as const] : []),
      ];
    case 'pharmacy':
      return [
        { kind: 'license', format: 'pdf', name: demoFixtures.pharmacy.pdfAttachment },
        { kind: 'commercial_register', format: 'png', name: demoFixtures.pharmacy.imageAttachment },
        ...(position === 0 || rng.chance(0.5) ? [{ kind: 'tax_card', format: 'pdf', name: 'tax-card.pdf' } as const] : []),
      ];
    case 'hospital':
      return [
        { kind: 'license', format: 'pdf', name: demoFixtures.hospital.attachments.pdf },
        { kind: 'commercial_register', format: 'png', name: demoFixtures.hospital.attachments.image },
        ...(position === 0 ? [{ kind: 'other', format: 'docx', name: demoFixtures.hospital.attachments.unsupported } as const] : []),
        ...(rng.chance(0.5) ? [{ kind: 'tax_card', format: 'png', name: 'tax-card.png' } as const] : []),
      ];
    case 'medical_center':
      return [
        { kind: 'license', format: 'pdf', name: 'medical-center-license.pdf' },
        { kind: 'commercial_register', format: 'png', name: 'commercial-register.png' },
      ];
    case 'company':
      return [
        { kind: 'commercial_register', format: 'pdf', name: 'commercial-register.pdf' },
        { kind: 'tax_card', format: 'png', name: 'tax-card.png' },
      ];
  }
}

/** An unsupported upload, for the viewer's "Unsupported File Format" state. */
const ODD_PAPERS: readonly Paper[] = [
  { kind: 'other', format: 'zip', name: 'documents.zip' },
  { kind: 'other', format: 'txt', name: 'notes.txt' },
  { kind: 'other', format: 'docx', name: 'cv.docx' },
];

function render(paper: Paper, provider: SeededProvider, number: string, colour: number): Buffer {
  const issuer = provider.country?.code === 'eg' || !provider.country ? 'Arab Republic of Egypt' : provider.country.en;
  const lines = [`Issued by: ${issuer}`, `Holder: ${provider.en}`, `Reference: ${number}`, `Address: ${provider.address?.en ?? '-'}`];
  switch (paper.format) {
    case 'pdf':
      return pdfDocument(TITLES[paper.kind], lines);
    case 'png':
      return documentPng(colour, paper.kind === 'syndicate_card' || paper.kind === 'national_id' || paper.kind === 'tax_card');
    case 'docx':
      return docxDocument([TITLES[paper.kind], ...lines]);
    case 'zip':
      return zipArchive([{ name: 'notes.txt', data: Buffer.from(lines.join('\n')) }]);
    case 'txt':
      return Buffer.from(`${TITLES[paper.kind]}\n${lines.join('\n')}\n`);
  }
}

/** Every provider's uploaded papers, and a license row (with expiry) for each license paper. */
export async function seedProviderDocuments(ctx: SeedContext, seeded: SeededProviders): Promise<{ attachments: number; licenses: number }> {
  const rng = randomFor('provider-documents');
  const { clock, uploads } = ctx;
  const oddOnes = new Set(
    rng
      .sample(
        seeded.all.filter((p) => p.kind !== 'hospital' && p.kind !== 'pharmacy'),
        4,
      )
      .map((p) => p.id),
  );
  const positions = new Map<number, number>();
  for (const list of [seeded.doctors, seeded.pharmacies, seeded.hospitals, seeded.centers, seeded.companies])
    list.forEach((p, i) => positions.set(p.id, i));

  const attachmentRows: (typeof providerAttachments.$inferInsert)[] = [];
  const licenseRows: (typeof licenses.$inferInsert)[] = [];
  for (const provider of seeded.all) {
    const position = positions.get(provider.id) ?? 0;
    const papers = papersOf(provider, position, rng);
    if (oddOnes.has(provider.id)) papers.push(rng.pick(ODD_PAPERS));
    const year = new Date(provider.createdAt.getTime() - rng.int(30, 900) * DAY_MS).getUTCFullYear();
    const number = `${LICENSE_PREFIX[provider.kind]}-${year}-${rng.digits(6)}`;
    papers.forEach((paper, i) => {
      const file: StoredFile = uploads.add('attachments', paper.format, render(paper, provider, number, rng.int(0, 9)));
      const uploadedAt = iso(new Date(provider.createdAt.getTime() + (i + 1) * 60_000));
      attachmentRows.push({
        provider_id: provider.id,
        kind: paper.kind,
        path: file.key,
        original_name: paper.name,
        mime_type: file.mime,
        size: file.size,
        created_at: uploadedAt,
      });
      if (paper.kind !== 'license') return;
      licenseRows.push({
        provider_id: provider.id,
        number,
        path: file.key,
        original_name: paper.name,
        mime_type: file.mime,
        expires_on: expiry(rng, clock.now, provider.status === 'approved' ? 0.12 : 0.25),
        status: licenseStatus(rng, provider.status),
        created_at: uploadedAt,
        updated_at: uploadedAt,
      });
    });
  }
  await insertAll(ctx.db, providerAttachments, attachmentRows);
  await insertAll(ctx.db, licenses, licenseRows);
  return { attachments: attachmentRows.length, licenses: licenseRows.length };
}

/** Mostly one to three years ahead; some already past (expired) or due within a month. */
function expiry(rng: Random, now: Date, expiredShare: number): string {
  const days = rng.chance(expiredShare) ? -rng.int(5, 400) : rng.chance(0.1) ? rng.int(3, 30) : rng.int(120, 1100);
  return new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

function licenseStatus(rng: Random, providerStatus: SeededProvider['status']): LicenseStatus {
  switch (providerStatus) {
    case 'approved':
      return rng.chance(0.9) ? 'approved' : 'pending';
    case 'pending':
      return 'pending';
    case 'rejected':
      return 'rejected';
    case 'onHold':
      return rng.chance(0.5) ? 'pending' : 'rejected';
  }
}
