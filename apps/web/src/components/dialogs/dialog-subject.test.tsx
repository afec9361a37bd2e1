import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import i18n from '../../i18n';
import { AccountSubject, SearchScopeNote, SubjectSentence, subjectSlot } from './dialog-subject';

describe('dialog subjects', () => {
  it('isolates a name and its email inside a sentence', () => {
    const { container } = render(
      <SubjectSentence text={`Reject ${subjectSlot} now.`} subject={<AccountSubject name="أحمد" email="a@x.test" />} />,
    );
    expect(container).toHaveTextContent('Reject أحمد (a@x.test) now.');
    const isolated = container.querySelectorAll('bdi');
    expect([...isolated].map((b) => b.textContent)).toEqual(['أحمد', 'a@x.test']);
    expect(isolated[1]).toHaveAttribute('dir', 'ltr');
  });

  it('names the search a bulk action is limited to, in both languages, and nothing without one', async () => {
    const { container, rerender } = render(<SearchScopeNote search="  omar " />);
    expect(container).toHaveTextContent('Only those matching the search “omar”.');
    expect(container.querySelector('bdi')).toHaveTextContent('omar');
    await i18n.changeLanguage('ar');
    rerender(<SearchScopeNote search="omar" />);
    expect(container).toHaveTextContent('يقتصر ذلك على ما يطابق البحث «omar».');
    await i18n.changeLanguage('en');
    rerender(<SearchScopeNote search="" />);
    expect(container).toBeEmptyDOMElement();
  });
});
