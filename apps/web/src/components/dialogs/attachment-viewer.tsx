import { useTranslation } from 'react-i18next';
import { ViewerModal } from './modal';
import { Spinner } from '../feedback/spinner';
import type { Attachment } from './file-format';
import { AttachmentList } from './attachment-list';

type AttachmentViewerProps = {
  open: boolean;
  onClose: () => void;
  title: string;
  /** e.g. t('common:attachments.description', { owner: 'Doctor' }) */
  description?: string | undefined;
  files: Attachment[];
  /** While the list of files loads: a spinner instead of the files. */
  loading?: boolean | undefined;
  /** The list could not be loaded: this message instead of the files. */
  errorMessage?: string | undefined;
};

/** Previews images (zoomable, rotatable) and PDFs; every file can be downloaded, previewable or not. */
export function AttachmentViewer({ open, onClose, title, description, files, loading = false, errorMessage }: AttachmentViewerProps) {
  const { t } = useTranslation();
  return (
    <ViewerModal open={open} onClose={onClose} title={title} description={description}>
      {loading ? (
        <Spinner />
      ) : errorMessage ? (
        <p role="alert" className="text-red-700">
          {errorMessage}
        </p>
      ) : files.length === 0 ? (
        <p className="text-slate-500">{t('attachments.empty')}</p>
      ) : (
        <AttachmentList files={files} />
      )}
    </ViewerModal>
  );
}
