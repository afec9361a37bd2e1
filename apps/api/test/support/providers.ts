import { users } from '../../src/db/schema/accounts';
import { providers } from '../../src/db/schema/providers';
import type { Database } from '../../src/db/database';

let counter = 0;

export type ProviderKind = 'doctor' | 'pharmacy' | 'hospital' | 'medical_center' | 'company';
export type MadeProvider = { id: number; userId: number; email: string; name_en: string; name_ar: string };

/** A provider profile with its account, as sign-up leaves it (pending, active) unless told otherwise. */
export async function makeProvider(
  db: Database,
  kind: ProviderKind,
  values: Partial<typeof providers.$inferInsert> & {
    email?: string | undefined;
    phone?: string | undefined;
    is_active?: boolean | undefined;
  } = {},
): Promise<MadeProvider> {
  counter += 1;
  const {
    email = `${kind}-${counter}-${Date.now()}@sehha.test`,
    phone = `+2010${String(counter).padStart(8, '0')}`,
    is_active = true,
    ...profile
  } = values;
  const name_en = profile.name_en ?? `${kind} ${counter}`;
  const name_ar = profile.name_ar ?? `مقدم ${counter}`;
  const [account] = await db
    .insert(users)
    .values({
      name: name_en,
      email,
      phone,
      password_hash: 'x',
      role: kind,
      is_active,
      deactivated_at: is_active ? null : new Date().toISOString(),
    })
    .returning({ id: users.id });
  const [provider] = await db
    .insert(providers)
    .values({ kind, user_id: account!.id, ...profile, name_en, name_ar })
    .returning({ id: providers.id });
  return { id: provider!.id, userId: account!.id, email, name_en, name_ar };
}
