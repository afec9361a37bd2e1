import { describe, expect, it } from 'vitest';
import { createScrubber, searchable } from './scrub';

const { scrub, scrubText } = createScrubber([
  { value: 'Mona "M" Hassan', exact: 'Deleted patient #7', within: 'Deleted patient #7' },
  { value: 'Ali', exact: 'Deleted patient #7', within: 'Deleted patient #7' },
  { value: 'Mona@Example.com', exact: 'deleted-7@erased.invalid', within: 'deleted-7@erased.invalid' },
  { value: '+201012345678', exact: null, within: 'Deleted patient #7' },
  { value: '201012345678', exact: null, within: 'Deleted patient #7' },
]);

describe('the erasure scrubber', () => {
  it('replaces whole values and values inside texts, in parsed JSON, never keys, whatever the quotes in a value', () => {
    const before = {
      name: 'Mona "M" Hassan',
      email: 'MONA@example.com',
      phone: '+201012345678',
      note: 'Call Mona "M" Hassan at +201012345678',
      list: ['Ali', 'Alia', 42, null, true, { nested: '201012345678' }],
      'Mona "M" Hassan': 'kept key',
    };
    const after = scrub(before);
    expect(after).toEqual({
      name: 'Deleted patient #7',
      email: 'deleted-7@erased.invalid',
      phone: null,
      note: 'Call Deleted patient #7 at Deleted patient #7',
      list: ['Deleted patient #7', 'Alia', 42, null, true, { nested: null }],
      'Mona "M" Hassan': 'kept key',
    });
    // Still JSON, and the same JSON once more (a retry changes nothing).
    expect(JSON.parse(JSON.stringify(after))).toEqual(after);
    expect(scrub(after)).toEqual(after);
  });

  it('replaces a short name only as a whole value', () => {
    expect(scrubText('Ali')).toBe('Deleted patient #7');
    expect(scrubText('Alexandria, Ali Street')).toBe('Alexandria, Ali Street');
    expect(scrubText(null)).toBeNull();
  });

  it('looks for values of 3 characters and more, inside texts from 5', () => {
    expect(searchable(['Al', 'Ali', 'Ali', 'Mona Hassan'])).toEqual(['Ali', 'Mona Hassan']);
    expect(searchable(['Ali', 'Mona Hassan'], { within: true })).toEqual(['Mona Hassan']);
  });
});
