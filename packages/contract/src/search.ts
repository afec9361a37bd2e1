import { z } from 'zod';
import type { ValidationMessageKey } from './validation-messages';
import { envelope } from './envelope';
import { globalSearchKinds } from './search-paths';

const key = (k: ValidationMessageKey) => ({ error: k });

/**
 * The dashboard's global search (⌘K / Ctrl+K): records of every kind an admin looks up by name, email or
 * phone, Arabic-folded as the lists are (احمد finds أحمد), at most `globalSearchPerKind` of each kind.
 */
export { globalSearchKinds, globalSearchPaths, globalSearchPerKind, type GlobalSearchKind } from './search-paths';

/** Two characters at least: one character matches a large part of a million accounts, and no index helps. */
export const globalSearchQuery = z.object({
  q: z.string(key('searchTooShort')).trim().min(2, key('searchTooShort')).max(100, key('searchTooLong')),
});

export const globalSearchHit = z.object({
  kind: z.enum(globalSearchKinds),
  id: z.number().int(),
  /** The account's id: providers are listed (and searched) through their account too. */
  user_id: z.number().int(),
  /** Ordinary users have one name; providers have one per language. */
  name: z.string(),
  name_ar: z.string().nullable(),
  name_en: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type GlobalSearchHit = z.infer<typeof globalSearchHit>;

/** The hits grouped by kind, in `globalSearchKinds` order; kinds without a hit are left out. */
export const globalSearchResponse = envelope(z.array(z.object({ kind: z.enum(globalSearchKinds), hits: z.array(globalSearchHit) })));
export type GlobalSearchGroups = z.infer<typeof globalSearchResponse>['data'];
