import { z } from 'zod';
import { accountRoleSchema } from './status-codes';
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
});
export type SessionUser = z.infer<typeof sessionUser>;

export const loginResponse = envelope(z.object({ token: z.string(), role: accountRoleSchema, expires_at: z.string(), user: sessionUser }));
export type LoginResponse = z.infer<typeof loginResponse>;

export const meResponse = envelope(sessionUser);
export type MeResponse = z.infer<typeof meResponse>;
