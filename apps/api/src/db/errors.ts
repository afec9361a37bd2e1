/** The PostgreSQL error behind a driver or Drizzle error (PGlite and node-postgres alike). */
export function postgresError(error: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return { code: candidate.code, constraint: typeof candidate.constraint === 'string' ? candidate.constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresError(error)?.code === '23505';
export const isForeignKeyViolation = (error: unknown) => postgresError(error)?.code === '23503';

/** The input field a unique index guards, read from the index name (`…_name_ar_unique` → name_ar). */
export function uniqueViolationField(error: unknown): string | undefined {
  const constraint = postgresError(error)?.constraint ?? '';
  const match = /(name_ar|name_en|email|mobile_prefix|phone|title_ar|title_en)/.exec(constraint);
  return match?.[1];
}
