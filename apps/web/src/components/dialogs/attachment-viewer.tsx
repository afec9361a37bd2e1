import { useTranslation } from 'react-i18next';
import { ViewerModal } from './modal';
import { Spinner } from '../feedback/spinner';
import { detectFileFormat, fileNameOf, type Attachment } from './file-format';
import { TruncatedText } from '../text/truncated-text';

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

/** Previews images and PDFs; every file can be downloaded, previewable or not. */
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
        <ul className="grid gap-4 md:grid-cols-2">
          {files.map((file, index) => {
            const name = fileNameOf(file, t('attachments.file', { index: index + 1 }));
            const format = detectFileFormat(file);
            return (
              <li key={`${file.url}-${index}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-format={format}>
                <div className="flex h-64 items-center justify-center overflow-hidden rounded bg-slate-50">
                  {format === 'image' && <img src={file.url} alt={name} className="max-h-full max-w-full object-contain" />}
                  {format === 'pdf' && <iframe src={file.url} title={name} className="size-full" />}
                  {format === 'unsupported' && <p className="text-slate-500">{t('attachments.unsupported')}</p>}
                </div>
                <div className="flex items-center justify-between gap-2">
                  <TruncatedText text={name} className="text-sm text-slate-700" />
                  <a href={file.downloadUrl ?? file.url} download={name} className="text-sm font-medium text-teal-700 hover:underline">
                    {t('attachments.download')}
                  </a>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </ViewerModal>
  );
}
