import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createAdminInput, type CreateAdminInput } from '@sehha/contract/admins';
import { Modal } from '../../components/dialogs/modal';
import { TextField } from '../../components/form/text-field';
import { FieldError } from '../../components/form/field-error';
import { RoleSelect } from './role-field';
import { useCreateAdmin, type WithTemporaryPassword } from './admins-api';

const empty: CreateAdminInput = { name: '', email: '', admin_role: 'viewer' };

/** Name, email and role of a new admin; on success the parent shows the temporary password. */
export function CreateAdminDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (result: WithTemporaryPassword) => void;
}) {
  const { t } = useTranslation('admins');
  const formId = useId();
  const form = useForm<CreateAdminInput>({ resolver: zodResolver(createAdminInput), defaultValues: empty });
  const create = useCreateAdmin(form.setError, (result) => {
    form.reset(empty);
    onCreated(result);
  });
  const close = () => {
    form.reset(empty);
    onClose();
  };
  return (
    <Modal
      open={open}
      onClose={close}
      busy={create.isPending}
      title={t('addTitle')}
      footer={
        <>
          <button type="button" className="btn-secondary" onClick={close} disabled={create.isPending}>
            {t('common:cancel')}
          </button>
          <button type="submit" form={formId} className="btn-primary" disabled={create.isPending} aria-busy={create.isPending || undefined}>
            {t('create')}
          </button>
        </>
      }
    >
      <FormProvider {...form}>
        <form
          id={formId}
          aria-label={t('addTitle')}
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((values) => create.mutate(values))}
        >
          <TextField name="name" label={t('name')} autoComplete="off" />
          <TextField name="email" label={t('email')} type="email" dir="ltr" autoComplete="off" />
          <Controller
            control={form.control}
            name="admin_role"
            render={({ field }) => <RoleSelect value={field.value} onChange={field.onChange} error={<FieldError name="admin_role" />} />}
          />
        </form>
      </FormProvider>
    </Modal>
  );
}
