import { eq, sql } from 'drizzle-orm';
import type { ConsentPurpose, LegalDocument, PrivacyChannel } from '@sehha/contract/status-codes';
import { queryRows, type Database } from '../../db/database';
import { users } from '../../db/schema/accounts';
import { consents } from '../../db/schema/privacy';

/** The consent state kept on the account, which every request reads with its token (auth-repository.ts). */
export type AccountConsentState = { privacy_version: number | null; terms_version: number | null; marketing_opt_in: boolean };

/** One decision of the register. */
export type ConsentDecision = { purpose: ConsentPurpose; document: LegalDocument; version: number; given: boolean };

export const consentRepository = {
  /** The account's state, locked until the transaction ends: two decisions of one account are taken one after the other. */
  lockAccountState(tx: Database, userId: number) {
    return tx
      .select({ privacy_version: users.privacy_version, terms_version: users.terms_version, marketing_opt_in: users.marketing_opt_in })
      .from(users)
      .where(eq(users.id, userId))
      .for('update')
      .then((rows): AccountConsentState | undefined => rows[0]);
  },

  readAccountState(db: Database, userId: number) {
    return db
      .select({ privacy_version: users.privacy_version, terms_version: users.terms_version, marketing_opt_in: users.marketing_opt_in })
      .from(users)
      .where(eq(users.id, userId))
      .then((rows): AccountConsentState | undefined => rows[0]);
  },

  /** The last decision of each purpose (the register's newest row per purpose). */
  latestDecisions(db: Database, userId: number) {
    return queryRows<{ purpose: ConsentPurpose; version: number; given: boolean; created_at: string | Date }>(
      db,
      sql`select distinct on (purpose) purpose, version, given, created_at
          from ${consents}
          where user_id = ${userId}
          order by purpose, created_at desc, id desc`,
    );
  },

  /** Writes decisions to the register and the account's state, in the caller's transaction. */
  async record(
    tx: Database,
    userId: number,
    decisions: readonly ConsentDecision[],
    state: Partial<AccountConsentState>,
    origin: { channel: PrivacyChannel; address: string | null; recordedBy?: number | null | undefined },
  ) {
    if (decisions.length === 0) return;
    await tx.insert(consents).values(
      decisions.map((decision) => ({
        user_id: userId,
        purpose: decision.purpose,
        document: decision.document,
        version: decision.version,
        given: decision.given,
        channel: origin.channel,
        recorded_by: origin.recordedBy ?? null,
        address: origin.address,
      })),
    );
    await tx
      .update(users)
      .set({ ...state, updated_at: sql`now()` })
      .where(eq(users.id, userId));
  },
};
