import { useForm, type FieldValues, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Screen } from '../layout/screen';
import { ResourceForm } from '../form/resource-form';
import { FormActions } from '../form/form-actions';
import { useResourceMutation } from '../form/use-resource-mutation';
import { useEditRecord } from '../form/use-edit-record';
import { Spinner } from '../feedback/spinner';
import { EmptyState } from '../feedback/empty-state';
import type { FormValues } from '../../lib/form-data';
import { useReturnTo } from './return-to';
import { actionCall, dashboardPath, refreshKeys, textKeys, type Resource, type ResourceFormPart } from './resource';
import { useAdminRole } from '../../lib/permissions';
import { useCanCall } from '../../lib/can-call';
import { ShieldX } from 'lucide-react';
import { useResourceContext } from './use-resource-text';

type Row = { id: number };

/**
 * The one add/edit page of a declared resource: creates, or edits the row passed in navigation
 * state or named by `?id=` (loaded when the resource has a show call). After saving, a toast and
 * back to the list (or, for a list shown on two screens, to the one it was opened from).
 */
export function ResourceFormPage<T extends Row, In extends FieldValues, Out extends FieldValues>({
  resource,
  form,
}: {
  resource: Resource<T, In, Out>;
  /** The resource's form, loaded with this page (Resource.form). */
  form: ResourceFormPart<T, In, Out>;
}) {
  const { text, lng } = useResourceContext(resource.texts);
  const { t } = useTranslation();
  const edit = useEditRecord<T>({
    stateKey: resource.stateKey,
    schema: form.item,
    resourceKey: resource.name,
    showPath: resource.paths.show,
  });
  const ownList = dashboardPath(lng, resource.routes.list);
  const opener = useReturnTo(ownList, lng);
  const listPath = resource.list.returnToOpener ? opener : ownList;
  const title = edit.record || edit.loading ? text('editTitle') : text('addTitle');
  // A form of a tab's list (`locations?tab=cities`) is under that screen in the breadcrumbs.
  const [listScreen, tab] = resource.routes.list.split('?tab=');
  const tabOf = tab ? listScreen : undefined;
  // Opened by URL by a role that may not save it: say so rather than offer a form the API would refuse.
  const role = useAdminRole();
  const canCall = useCanCall();
  const call = actionCall(resource.paths, edit.record || edit.loading ? 'edit' : 'create')!;
  const allowed = canCall(call.method, call.path);

  return (
    <Screen name={resource.routes.form} title={title} trail={[{ label: tabOf ? t(`screens:${tabOf}`) : text('listTitle'), to: listPath }]}>
      {edit.loading || role === undefined ? (
        <Spinner />
      ) : !allowed ? (
        <EmptyState message={t('notAllowedScreen')} icon={ShieldX} />
      ) : edit.error ? (
        <EmptyState tone="error" message={text('loadOneError')} />
      ) : (
        <RecordForm
          key={edit.record?.id ?? 'new'}
          resource={resource}
          declared={form}
          editing={edit.record}
          listPath={listPath}
          title={title}
        />
      )}
    </Screen>
  );
}

function RecordForm<T extends Row, In extends FieldValues, Out extends FieldValues>({
  resource,
  declared,
  editing,
  listPath,
  title,
}: {
  resource: Resource<T, In, Out>;
  declared: ResourceFormPart<T, In, Out>;
  editing: T | null;
  listPath: string;
  title: string;
}) {
  const context = useResourceContext(resource.texts);
  const { text } = context;
  const navigate = useNavigate();
  const { paths } = resource;
  const form = useForm<In, unknown, Out>({
    resolver: zodResolver(declared.schema(editing) as never) as unknown as Resolver<In, unknown, Out>,
    defaultValues: declared.defaults(editing),
  });
  const save = useResourceMutation<Out, unknown, In>({
    resourceKey: refreshKeys(resource),
    request: (values) => {
      // A file not chosen (null) is not sent: an edit without a new image keeps the stored one.
      const body = values as FormValues;
      return editing ? { path: paths.update(editing.id), body, methodOverride: 'Patch' } : { path: paths.store, body };
    },
    successMessage: textKeys(resource.texts, editing ? 'updated' : 'added')[0],
    setError: form.setError,
    onSuccess: () => navigate(listPath),
  });
  const submit = async (values: Out) => {
    if (declared.check && !(await declared.check(values, form.setError))) return;
    save.mutate(values);
  };
  return (
    <ResourceForm form={form} onSubmit={submit} label={title}>
      <declared.Fields editing={editing} context={context} />
      <FormActions submitLabel={text(editing ? 'submitUpdate' : 'submitAdd')} cancelTo={listPath} busy={save.isPending} />
    </ResourceForm>
  );
}
