import {
  consentDocuments,
  consentMessages,
  currentLegalVersion,
  requiredConsentPurposes,
  type ConsentInput,
  type ConsentState,
  type LegalLibrary,
  type SignUpConsents,
} from '@sehha/contract/legal';
import { consentPurposes, legalDocuments, type ConsentPurpose, type LegalDocument } from '@sehha/contract/status-codes';
import type { Language } from '@sehha/contract/messages';
import type { Database } from '../../db/database';
import { notFound, ValidationError } from '../../http/errors';
import { localized, type Message } from '../../i18n/messages';
import { consentRepository, type AccountConsentState, type ConsentDecision } from './repository';

/** The account's consent state as the token lookup carries it (auth/app-auth.ts). */
export type ConsentHolder = { privacyVersion: number | null; termsVersion: number | null; marketingOptIn: boolean };

const holderOf = (state: AccountConsentState): ConsentHolder => ({
  privacyVersion: state.privacy_version,
  termsVersion: state.terms_version,
  marketingOptIn: state.marketing_opt_in,
});

/** Has the account given health_data to the privacy notice in force? Booking and prescriptions need it. */
export const hasHealthConsent = (library: LegalLibrary, holder: Pick<ConsentHolder, 'privacyVersion'>) =>
  holder.privacyVersion === currentLegalVersion(library, 'privacy').version;

/** The purposes the app must ask for again: those not given to the current version of their document. */
export function requiredConsents(library: LegalLibrary, holder: ConsentHolder): ConsentPurpose[] {
  const given: Record<(typeof requiredConsentPurposes)[number], number | null> = {
    health_data: holder.privacyVersion,
    terms: holder.termsVersion,
  };
  return requiredConsentPurposes.filter((purpose) => given[purpose] !== currentLegalVersion(library, consentDocuments[purpose]).version);
}

/**
 * The decision a change makes, from the account's state: none when the state is already what is asked (a retry),
 * else one register row and the account's new state. Giving needs the current version of the purpose's document.
 */
function decide(
  library: LegalLibrary,
  state: AccountConsentState,
  change: ConsentInput,
): { decision: ConsentDecision; state: Partial<AccountConsentState> } | undefined {
  const document = consentDocuments[change.purpose];
  const current = currentLegalVersion(library, document).version;
  if (change.given) {
    if (change.version === undefined) throw new ValidationError({ version: [consentMessages.versionRequired] });
    if (change.version !== current)
      throw new ValidationError({ version: [localized(consentMessages.versionNotCurrent, { version: current })] });
  } else if (change.purpose === 'terms') {
    throw new ValidationError({ purpose: [consentMessages.termsCannotBeWithdrawn] });
  }
  const outcome = (next: Partial<AccountConsentState>, version: number) => ({
    decision: { purpose: change.purpose, document, version, given: change.given },
    state: next,
  });
  switch (change.purpose) {
    case 'health_data':
      if (change.given) return state.privacy_version === current ? undefined : outcome({ privacy_version: current }, current);
      return state.privacy_version === null ? undefined : outcome({ privacy_version: null }, state.privacy_version);
    case 'terms':
      return state.terms_version === current ? undefined : outcome({ terms_version: current }, current);
    case 'marketing':
      return state.marketing_opt_in === change.given ? undefined : outcome({ marketing_opt_in: change.given }, current);
  }
}

/** A new account's consents must name the texts in force; the field errors when they do not. */
export function refuseStaleSignUpConsents(library: LegalLibrary, consents: SignUpConsents) {
  const errors: Record<string, Message[]> = {};
  for (const [field, document] of [
    ['privacy', 'privacy'],
    ['terms', 'terms'],
  ] as const) {
    const current = currentLegalVersion(library, document).version;
    if (consents[field] !== current) errors[`consents.${field}`] = [localized(consentMessages.versionNotCurrent, { version: current })];
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
}

/**
 * Records the consents sent with a sign-in (versions already checked by refuseStaleSignUpConsents), in the
 * sign-in's transaction: a new account's health_data, terms and (when opted in) marketing; for an existing
 * account, only what changes its state (accepting a new version while signing in).
 */
export async function recordSignInConsents(tx: Database, library: LegalLibrary, userId: number, consents: SignUpConsents, address: string) {
  const state = await consentRepository.lockAccountState(tx, userId);
  if (!state) return;
  const changes: ConsentInput[] = [
    { purpose: 'health_data', given: true, version: consents.privacy },
    { purpose: 'terms', given: true, version: consents.terms },
    ...(consents.marketing ? [{ purpose: 'marketing' as const, given: true, version: consents.privacy }] : []),
  ];
  const decisions: ConsentDecision[] = [];
  let next: AccountConsentState = state;
  for (const change of changes) {
    const made = decide(library, next, change);
    if (!made) continue;
    decisions.push(made.decision);
    next = { ...next, ...made.state };
  }
  await consentRepository.record(tx, userId, decisions, next, { channel: 'app', address });
}

export function createConsentService(deps: { db: Database; legal: LegalLibrary }) {
  const { db, legal } = deps;

  async function states(userId: number, state: AccountConsentState) {
    const latest = new Map((await consentRepository.latestDecisions(db, userId)).map((row) => [row.purpose, row]));
    const consents = consentPurposes.map((purpose): ConsentState => {
      const row = latest.get(purpose);
      const document = consentDocuments[purpose];
      return {
        purpose,
        document,
        given: row?.given ?? false,
        version: row?.version ?? null,
        at: row ? new Date(row.created_at).toISOString() : null,
        current_version: currentLegalVersion(legal, document).version,
      };
    });
    return { consents, required: requiredConsents(legal, holderOf(state)) };
  }

  return {
    /** The current text of a document in a language; 404 for a name that is not one. */
    document(name: string, language: Language) {
      if (!(legalDocuments as readonly string[]).includes(name)) throw notFound(consentMessages.notFound);
      const document = name as LegalDocument;
      const text = currentLegalVersion(legal, document);
      return {
        document,
        version: text.version,
        published_at: text.published,
        language,
        title: text.title[language],
        body: text.body[language],
      };
    },

    async list(userId: number) {
      const state = await consentRepository.readAccountState(db, userId);
      return states(userId, state!);
    },

    /** Gives or withdraws one consent; a retry that finds the state already so writes nothing and answers the same. */
    async change(userId: number, input: ConsentInput, address: string) {
      const state = await db.transaction(async (tx) => {
        const current = await consentRepository.lockAccountState(tx, userId);
        const made = decide(legal, current!, input);
        if (!made) return current!;
        await consentRepository.record(tx, userId, [made.decision], made.state, { channel: 'app', address });
        return { ...current!, ...made.state };
      });
      return states(userId, state);
    },
  };
}

export type ConsentService = ReturnType<typeof createConsentService>;
