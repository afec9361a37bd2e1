import type { Database } from '../db/database';
import { unauthenticated } from '../http/errors';
import type { accountRoles } from '@sehha/contract/status-codes';
import { authRepository } from './auth-repository';
import { hashToken } from './tokens';

/** The app account behind an app token (a patient, or a provider's account), as `request.account` carries it. */
export type AppAccount = {
  id: number;
  name: string;
  phone: string | null;
  role: Exclude<(typeof accountRoles)[number], 'admin'>;
  language: 'en' | 'ar';
  tokenId: number;
  /** The consent state (users.privacy_version …), read with the token: booking checks it without another query. */
  privacyVersion: number | null;
  termsVersion: number | null;
  marketingOptIn: boolean;
};

/**
 * The app side of bearer tokens: only tokens of the `app` audience, of an active non-admin account. A
 * deactivated account is refused at once (its tokens are also deleted by the deactivation).
 */
export function createAppAuthenticator(db: Database) {
  return async function authenticate(token: string | undefined): Promise<AppAccount> {
    if (!token) throw unauthenticated();
    const found = await authRepository.findByTokenHash(db, hashToken(token), 'app');
    if (!found || !found.is_active || found.role === 'admin') throw unauthenticated();
    // Touch at most once a minute, as the admin side does.
    const lastUsed = found.last_used_at ? Date.parse(found.last_used_at) : 0;
    if (Date.now() - lastUsed > 60_000) await authRepository.touchToken(db, found.token_id);
    return {
      id: found.id,
      name: found.name,
      phone: found.phone,
      role: found.role,
      language: found.language,
      tokenId: found.token_id,
      privacyVersion: found.privacy_version,
      termsVersion: found.terms_version,
      marketingOptIn: found.marketing_opt_in,
    };
  };
}

export type AppAuthenticator = ReturnType<typeof createAppAuthenticator>;
