import { useTranslation } from 'react-i18next';
import type { ProviderKindSlug } from '@sehha/contract/providers';
import { AttachmentViewer } from '../dialogs/attachment-viewer';
import { useProviderAttachments } from './providers-api';

type ProviderAttachmentsDialogProps = {
  slug: ProviderKindSlug;
  providerId: number | null;
  providerName?: string | undefined;
  onClose: () => void;
};

/** "You can view and download … Attachments from here": a provider's documents in the shared viewer. */
export function ProviderAttachmentsDialog({ slug, providerId, providerName, onClose }: ProviderAttachmentsDialogProps) {
  const { t } = useTranslation('providers');
  const query = useProviderAttachments(providerId);
  const owner = t(`kinds.${slug}.one`);
  return (
    <AttachmentViewer
      open={providerId !== null}
      onClose={onClose}
      title={providerName ? `${t('attachmentsTitle', { owner })} — ${providerName}` : t('attachmentsTitle', { owner })}
      description={t('common:attachments.description', { owner })}
      loading={query.isPending}
      errorMessage={query.isError ? t('attachmentsError') : undefined}
      files={(query.data ?? []).map((file) => ({
        url: file.url,
        downloadUrl: file.download_url,
        name: file.name,
        mimeType: file.mime_type,
      }))}
    />
  );
}
