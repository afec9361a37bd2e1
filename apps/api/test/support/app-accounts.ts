import { desc, eq } from 'drizzle-orm';
import { appPaths } from '@sehha/contract/app-paths';
import { currentLegalVersion, legalLibrary, type LegalLibrary, type SignUpConsents } from '@sehha/contract/legal';
import { outbox } from '../../src/db/schema/outbox';
import { users } from '../../src/db/schema/accounts';
import type { TestApp } from './test-app';

let serial = Math.floor(Math.random() * 10_000);
const digits4 = (value: number) => String(value % 10_000).padStart(4, '0');

/** A fresh Egyptian mobile number per call, in a block of 10,000 numbers of its own (no send limit is shared). */
export function freshPhone(): string {
  serial += 1;
  return `+2010${digits4(serial)}${digits4(serial * 7919)}`;
}

/** The code of the last text sent to this number, read from the outbox row the API wrote. */
export async function lastCode(t: TestApp, phone: string): Promise<string> {
  const [row] = await t.db.select({ body: outbox.body }).from(outbox).where(eq(outbox.recipient, phone)).orderBy(desc(outbox.id)).limit(1);
  const code = row ? /\d{6}/.exec(row.body)?.[0] : undefined;
  if (!code) throw new Error(`no code was sent to ${phone}`);
  return code;
}

/** The consents a new account sends with its first sign-in: the versions in force (of `library`, the contract's by default). */
export const signUpConsents = (library: LegalLibrary = legalLibrary, marketing?: boolean): SignUpConsents => ({
  privacy: currentLegalVersion(library, 'privacy').version,
  terms: currentLegalVersion(library, 'terms').version,
  ...(marketing === undefined ? {} : { marketing }),
});

/**
 * Signs this number in through the app API (code asked for, read from the outbox, verified): its token and user id.
 * It accepts the texts in force, as the app does at sign-up (an existing account without them accepts them too).
 */
export async function signInApp(t: TestApp, phone = freshPhone(), name?: string, consents: SignUpConsents | null = signUpConsents()) {
  const sent = await t.call(appPaths.otp, { method: 'POST', token: null, json: { phone } });
  if (sent.status !== 200) throw new Error(`otp answered ${sent.status}: ${await sent.text()}`);
  const json = { phone, code: await lastCode(t, phone), name, ...(consents ? { consents } : {}) };
  const verified = await t.call(appPaths.verify, { method: 'POST', token: null, json });
  if (verified.status !== 200) throw new Error(`verify answered ${verified.status}: ${await verified.text()}`);
  const { data } = (await verified.json()) as { data: { token: string; user: { id: number } } };
  return { phone, token: data.token, userId: data.user.id };
}

/** A provider account of this kind with a phone, signed in to the app the same way patients are. */
export async function signInProvider(t: TestApp, role: 'doctor' | 'pharmacy' | 'hospital' | 'medical_center' | 'company') {
  const phone = freshPhone();
  await t.db.insert(users).values({ name: `App ${role}`, email: `${role}-${phone.slice(1)}@sehha.test`, phone, password_hash: '!', role });
  return signInApp(t, phone);
}
