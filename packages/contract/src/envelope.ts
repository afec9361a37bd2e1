import { z } from 'zod';

/** Laravel's JSON envelope: `{message?, data}`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ message: z.string().optional(), data });

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

/** Laravel's 422 body: the first message plus every field's messages. */
export const validationErrorResponse = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorResponse = z.infer<typeof validationErrorResponse>;

export const paginatorLink = z.object({
  url: z.string().nullable(),
  label: z.string(),
  active: z.boolean(),
});

/**
 * A free-text search counts its matches up to this many: when more match, `total` is
 * searchCountCap + 1 (10,001), meaning "more than 10,000" (the dashboard shows "10,000+"), and
 * last_page follows from it. Lists without a search, or filtered by a status only, count exactly.
 */
export const searchCountCap = 10_000;

/** Laravel's LengthAwarePaginator as JSON. */
export const paginator = <T extends z.ZodType>(item: T) =>
  z.object({
    current_page: z.number().int(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    last_page: z.number().int(),
    last_page_url: z.string(),
    links: z.array(paginatorLink),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
    total: z
      .number()
      .int()
      .describe(
        `Rows in the list. Exact, except under a free-text search (search, pharmacy_name) with more than ${searchCountCap} matches: then ${searchCountCap + 1}, meaning "${searchCountCap.toLocaleString('en')}+".`,
      ),
  });

export type Paginator<T> = Omit<z.infer<ReturnType<typeof paginator<z.ZodUnknown>>>, 'data'> & { data: T[] };
export type Envelope<T> = { message?: string | undefined; data: T };

/**
 * Laravel's simplePaginate() as JSON: a page and whether another follows (`next_page_url`), with no total,
 * for lists that need no count (the app directory's doctors: "more results" is enough).
 */
export const simplePaginator = <T extends z.ZodType>(item: T) =>
  z.object({
    current_page: z.number().int(),
    data: z.array(item),
    first_page_url: z.string(),
    from: z.number().int().nullable(),
    next_page_url: z.string().nullable(),
    path: z.string(),
    per_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    to: z.number().int().nullable(),
  });
export type SimplePaginator<T> = Omit<z.infer<ReturnType<typeof simplePaginator<z.ZodUnknown>>>, 'data'> & { data: T[] };
