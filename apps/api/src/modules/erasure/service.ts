import type { AppDeps } from '../../app-deps';

export type ErasureActor = {
  /** The admin who ran the erasure of a request received by another channel; null when the person asked in the app. */
  adminId: number | null;
  /** The data request the erasure answers. */
  requestId: number;
};

export type ErasureOutcome = { userId: number; pseudonym: string; filesDeleted: number };

/**
 * Erases an account (issue 28): its name, phone, email and images are deleted or pseudonymised everywhere; the
 * providers' appointments, the platform's payments and audit stay, pointing at the pseudonym; its tokens are revoked.
 * A provider account with future appointments is refused with a 409.
 *
 * Foundation stub: the erasure helper implements it.
 */
export async function eraseAccount(
  _deps: Pick<AppDeps, 'db' | 'storage' | 'clock'>,
  _userId: number,
  _actor: ErasureActor,
): Promise<ErasureOutcome> {
  throw new Error('eraseAccount is not implemented yet');
}
