import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { detectFileFormat, fileNameOf, type Attachment } from './file-format';
import { TruncatedText } from '../text/truncated-text';

type AttachmentListProps = {
  files: Attachment[];
  /** Grid columns from md up: 2 in the viewer dialog, 1 beside a profile. */
  columns?: 1 | 2 | undefined;
};

/** The files of a record, each previewed (images zoomable and rotatable, PDFs inline) with its download link. */
export function AttachmentList({ files, columns = 2 }: AttachmentListProps) {
  const { t } = useTranslation();
  return (
    <ul className={`grid gap-4 ${columns === 2 ? 'md:grid-cols-2' : ''}`}>
      {files.map((file, index) => {
        const name = fileNameOf(file, t('attachments.file', { index: index + 1 }));
        const format = detectFileFormat(file);
        return (
          <li key={`${file.url}-${index}`} className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3" data-format={format}>
            {format === 'image' ? (
              <ImagePreview url={file.url} name={name} />
            ) : (
              <div className="flex h-64 items-center justify-center overflow-hidden rounded bg-slate-50">
                {format === 'pdf' && <iframe src={file.url} title={name} className="size-full" />}
                {format === 'unsupported' && <p className="text-slate-500">{t('attachments.unsupported')}</p>}
              </div>
            )}
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
  );
}

const zoomSteps = [1, 1.5, 2, 3] as const;

/** An image the reviewer can enlarge (scrolling inside its frame) and turn a quarter at a time (a scan sent sideways). */
function ImagePreview({ url, name }: { url: string; name: string }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [turns, setTurns] = useState(0);
  const zoom = zoomSteps[step] ?? 1;
  return (
    <div className="flex flex-col gap-2">
      <div className="h-64 overflow-auto rounded bg-slate-50" data-zoom={zoom} data-rotation={turns * 90}>
        <div
          className="flex min-h-full min-w-full items-center justify-center"
          style={{ width: `${zoom * 100}%`, height: `${zoom * 100}%` }}
        >
          <img
            src={url}
            alt={name}
            className="max-h-full max-w-full object-contain transition-transform"
            style={{ transform: `rotate(${turns * 90}deg)` }}
          />
        </div>
      </div>
      <div className="flex gap-1" role="group" aria-label={t('attachments.imageTools', { name })}>
        <button
          type="button"
          className="btn-secondary min-h-11 min-w-11 px-2"
          aria-label={t('attachments.zoomOut')}
          title={t('attachments.zoomOut')}
          disabled={step === 0}
          onClick={() => setStep((value) => Math.max(0, value - 1))}
        >
          <ZoomOut aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 min-w-11 px-2"
          aria-label={t('attachments.zoomIn')}
          title={t('attachments.zoomIn')}
          disabled={step === zoomSteps.length - 1}
          onClick={() => setStep((value) => Math.min(zoomSteps.length - 1, value + 1))}
        >
          <ZoomIn aria-hidden className="size-4" />
        </button>
        <button
          type="button"
          className="btn-secondary min-h-11 min-w-11 px-2"
          aria-label={t('attachments.rotate')}
          title={t('attachments.rotate')}
          onClick={() => setTurns((value) => (value + 1) % 4)}
        >
          <RotateCw aria-hidden className="size-4" />
        </button>
      </div>
    </div>
  );
}
