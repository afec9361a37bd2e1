import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "Name (email)" inside a sentence: each part is bidi-isolated, so a Latin name in an Arabic
 * sentence (or the reverse) does not reorder the brackets and punctuation around it.
 */
export function AccountSubject({ name, email }: { name: string; email?: string | null | undefined }) {
  return (
    <>
      <bdi>{name}</bdi>
      {email ? (
        <>
          {' ('}
          <bdi dir="ltr">{email}</bdi>
          {')'}
        </>
      ) : null}
    </>
  );
}

/** Names the list filter a bulk action is limited to: "Only those matching the search “x”." */
export function SearchScopeNote({ search }: { search?: string }) {
  const { t } = useTranslation();
  const term = search?.trim();
  if (!term) return null;
  return (
    <span data-scope="search">
      {' '}
      <SubjectSentence text={t('confirmDialog.searchScope', { search: subjectSlot })} subject={<bdi>{term}</bdi>} />
    </span>
  );
}

/** Placeholder handed to `t()` for a React node that the sentence then takes in its place. */
export const subjectSlot = '\u0000';

/**
 * A translated sentence with one React node in it (e.g. `t('x', { subject: subjectSlot })` and an
 * <AccountSubject>): the translation keeps the word order of its language, the node stays isolated.
 */
export function SubjectSentence({ text, subject }: { text: string; subject: ReactNode }) {
  const [before, ...after] = text.split(subjectSlot);
  return (
    <>
      {before}
      {after.length > 0 ? subject : null}
      {after.join('')}
    </>
  );
}
