import { describe, expect, it } from 'vitest';
import type { Prescription } from '@sehha/contract/prescriptions';
import i18n from '../../i18n';
import { renderWithProviders } from '../../test/render';
import { DeletedImage } from './deleted-image';

const purged: Prescription = {
  id: 7,
  image: null,
  image_expires_at: null,
  images_purged_at: '2026-03-01T10:20:00.000Z',
  note: null,
  pharmacy: { id: 1, name: 'Nile Pharmacy', name_en: 'Nile Pharmacy', name_ar: 'صيدلية النيل' },
  user: { id: 2, name: 'Mona' },
  created_at: '2025-11-30T08:00:00.000Z',
  reply_status: 'available',
  replied_at: '2025-12-01T10:00:00.000Z',
};

describe('a prescription whose images were deleted', () => {
  it('says how long after the reply they were deleted, in both languages and their digits', async () => {
    const { container, rerender } = renderWithProviders(<DeletedImage prescription={purged} />);
    expect(container).toHaveTextContent('Image deleted 90 days after the reply');
    await i18n.changeLanguage('ar');
    rerender(<DeletedImage prescription={purged} />);
    expect(container).toHaveTextContent('حُذفت الصورة بعد ٩٠ يومًا من الرد');
    await i18n.changeLanguage('en');
  });

  it('says only that they were deleted when there was no reply (an erasure)', () => {
    const { container } = renderWithProviders(<DeletedImage prescription={{ ...purged, reply_status: null, replied_at: null }} />);
    expect(container).toHaveTextContent('Image deleted');
    expect(container).not.toHaveTextContent('after the reply');
  });
});
