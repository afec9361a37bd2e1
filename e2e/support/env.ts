/** The product under test: the built API serving the built dashboard (see playwright.config.ts). */
/** E2E_PORT lets several engineers run browser tests side by side, each against its own server. */
export const port = Number(process.env.E2E_PORT ?? 3217);
export const baseURL = `http://127.0.0.1:${port}`;
export const admin = { email: 'admin@sehha.test', password: 'Admin-e2e-Password-1' };
export const languages = ['en', 'ar'] as const;
export type Lng = (typeof languages)[number];

/** A name no other test (or earlier run) uses. */
export const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;
