import { useTranslation } from 'react-i18next';
import type { Prescription } from '@sehha/contract/prescriptions';
import { Modal } from '../../components/dialogs/modal';
import { prescriptionImageUrl, pharmacyNameOf } from './prescription-view';
import type { Language } from '../../lib/language';

/** The full prescription image, opened from its thumbnail. */
export function PrescriptionImageDialog({ prescription, lng, onClose }: { prescription: Prescription | null; lng: Language; onClose: () => void }) {
  const { t } = useTranslation('prescriptions');
  const names = prescription ? { user: prescription.user.name, pharmacy: pharmacyNameOf(prescription, lng) } : { user: '', pharmacy: '' };
  return (
    <Modal
      open={prescription !== null}
      onClose={onClose}
      size="lg"
      title={t('dialogTitle')}
      description={t('dialogDescription', names)}
      footer={
        <button type="button" className="btn-secondary" onClick={onClose} data-autofocus>
          {t('close')}
        </button>
      }
    >
      {prescription && (
        <img src={prescriptionImageUrl(prescription)} alt={t('imageAlt', names)} className="mx-auto max-h-[70vh] w-auto max-w-full rounded-lg object-contain" />
      )}
    </Modal>
  );
}
