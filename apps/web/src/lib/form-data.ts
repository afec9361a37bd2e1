/** Values a resource form may send. Booleans go as 1/0 (Laravel), files as parts, arrays as `key[]`. */
export type FormValue = string | number | boolean | Blob | null | undefined | readonly FormValue[];
export type FormValues = Record<string, FormValue>;

function appendValue(formData: FormData, key: string, value: FormValue): void {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    for (const item of value as readonly FormValue[]) appendValue(formData, `${key}[]`, item);
    return;
  }
  if (typeof value === 'boolean') formData.append(key, value ? '1' : '0');
  else if (value instanceof Blob) formData.append(key, value);
  else formData.append(key, String(value));
}

/** Multipart body for Laravel: `_method` carries the real verb when updates go through POST. */
export function toFormData(values: FormValues, methodOverride?: string): FormData {
  const formData = new FormData();
  for (const [key, value] of Object.entries(values)) appendValue(formData, key, value);
  if (methodOverride) formData.append('_method', methodOverride);
  return formData;
}

/** JSON body with the same boolean convention (1/0). */
export function toJsonBody(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([key, value]) => [key, typeof value === 'boolean' ? (value ? 1 : 0) : value]),
  );
}
