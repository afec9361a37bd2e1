import { z } from 'zod';
import { accountRoleSchema, adminRoleSchema } from './status-codes';
import { envelope } from './envelope';

export const loginRequest = z.object({
  email: z
    .string({ error: 'emailRequired' })
    .trim()
    .min(1, { error: 'emailRequired' })
    .max(255)
    .pipe(z.email({ error: 'emailInvalid' })),
  password: z.string({ error: 'passwordRequired' }).min(1, { error: 'passwordRequired' }).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const sessionUser = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: accountRoleSchema,
  /** What this admin may do (permissions.ts); `role` stays `admin`, as the specified login stores it. */
  admin_role: adminRoleSchema,
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = envelope(z.object({ token: z.string(), role: accountRoleSchema, expires_at: z.string(), user: sessionUser }));
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * `two_factor_required_setup`: REQUIRE_2FA is on and this super admin has no second factor yet, so every
 * admin route but their own security and sessions answers 403 until they enrol. The API always sends it;
 * optional so that a session user (the login's `user`) is also a valid "me".
 */
export const meResponse = envelope(sessionUser.extend({ two_factor_required_setup: z.boolean().optional() }));
export type MeResponse = z.infer<typeof meResponse>;
