import { useTranslation } from 'react-i18next';
import type { Prescription } from '@sehha/contract/prescriptions';
import { ViewerModal } from '../../components/dialogs/modal';
import { prescriptionImageUrl, pharmacyNameOf } from './prescription-view';
import type { Language } from '../../lib/language';

/** The full prescription image, opened from its thumbnail. */
export function PrescriptionImageDialog({
  prescription,
  lng,
  onClose,
}: {
  prescription: Prescription | null;
  lng: Language;
  onClose: () => void;
}) {
  const { t } = useTranslation('prescriptions');
  const names = prescription ? { user: prescription.user.name, pharmacy: pharmacyNameOf(prescription, lng) } : { user: '', pharmacy: '' };
  return (
    <ViewerModal
      open={prescription !== null}
      onClose={onClose}
      title={t('dialogTitle')}
      description={t('dialogDescription', names)}
      closeLabel={t('close')}
      autoFocusClose
    >
      {prescription && prescriptionImageUrl(prescription) !== null && (
        <img
          src={prescriptionImageUrl(prescription) ?? undefined}
          alt={t('imageAlt', names)}
          className="mx-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain"
        />
      )}
    </ViewerModal>
  );
}
