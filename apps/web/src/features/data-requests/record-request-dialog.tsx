import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { dataRequestStore, type DataRequestStore } from '@sehha/contract/data-requests';
import { dataRequestKinds, privacyChannels } from '@sehha/contract/status-codes';
import { Modal } from '../../components/dialogs/modal';
import { TextField } from '../../components/form/text-field';
import { FormField } from '../../components/form/field-error';
import { useRecordDataRequest } from './data-requests-api';

type RecordForm = z.input<typeof dataRequestStore>;
const empty: RecordForm = { user_id: '', kind: 'access', channel: 'phone', note: '' };

/** "Record a request": a request that came by phone, email, letter or in person, for the account with this id. */
export function RecordRequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('data-requests');
  const formId = useId();
  const kindId = useId();
  const channelId = useId();
  const noteId = useId();
  const form = useForm<RecordForm, unknown, DataRequestStore>({ resolver: zodResolver(dataRequestStore), defaultValues: empty });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  const record = useRecordDataRequest(form.setError, close);
  // Channels other than the app: the app's own requests arrive by themselves.
  const channels = privacyChannels.filter((channel) => channel !== 'app');
  return (
    <Modal
      open={open}
      onClose={close}
      busy={record.isPending}
      title={t('recordTitle')}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={record.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={record.isPending} aria-busy={record.isPending || undefined}>
            {t('record')}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          aria-label={t('recordTitle')}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => record.mutate(values))}
        >
          <TextField name="user_id" label={t('personId')} inputMode="numeric" dir="ltr" autoComplete="off" />
          <FormField id={kindId} name="kind" label={t('kind')}>
            <select id={kindId} className="input" {...form.register('kind')}>
              {dataRequestKinds.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`kinds.${kind}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={channelId} name="channel" label={t('channel')}>
            <select id={channelId} className="input" {...form.register('channel')}>
              {channels.map((channel) => (
                <option key={channel} value={channel}>
                  {t(`channels.${channel}`)}
                </option>
              ))}
            </select>
          </FormField>
          <FormField id={noteId} name="note" label={t('note')}>
            <textarea id={noteId} className="input min-h-20" dir="auto" maxLength={1000} {...form.register('note')} />
          </FormField>
        </form>
      </FormProvider>
    </Modal>
  );
}
