import type { ReactNode } from 'react';
import { FormProvider, type FieldValues, type SubmitHandler, type UseFormReturn } from 'react-hook-form';

type ResourceFormProps<TInput extends FieldValues, TOutput extends FieldValues> = {
  /** Input and output types differ when the zod schema transforms (e.g. 1/0 → boolean). */
  form: UseFormReturn<TInput, unknown, TOutput>;
  onSubmit: SubmitHandler<TOutput>;
  children: ReactNode;
  /** Accessible name of the form (usually the page title). */
  label: string;
};

/** A react-hook-form provider plus <form>: the field components read register/errors from it. */
export function ResourceForm<TInput extends FieldValues, TOutput extends FieldValues = TInput>({
  form,
  onSubmit,
  children,
  label,
}: ResourceFormProps<TInput, TOutput>) {
  return (
    <FormProvider {...form}>
      <form
        aria-label={label}
        noValidate
        onSubmit={form.handleSubmit(onSubmit)}
        className="flex max-w-3xl flex-col gap-5 rounded-xl border border-slate-200 bg-white p-6"
      >
        {children}
      </form>
    </FormProvider>
  );
}
