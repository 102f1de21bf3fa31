import { describe, expect, it } from 'vitest';
import { suggestTag, tagStem } from './tags.ts';

describe("tag numbering from the project's tags", () => {
  it('looks tags up by the fixed start of the pattern', () => {
    expect(tagStem('{prefix}-{area}{seq:2}', 'P', '1')).toBe('P-1');
    expect(tagStem('{area}-{prefix}{seq}', 'FV', 'A')).toBe('A-FV');
    expect(tagStem('{seq:3}-{prefix}', 'P', '1')).toBe('');
  });

  it("suggests the next free number past the project's tags, not only the sketch's", () => {
    const numbering = { pattern: '{prefix}-{area}{seq:2}', area: '1' };
    // the sketch has P-101; the project's model has P-105 and an unrelated PT-101
    expect(suggestTag('P', numbering, ['P-101'])).toBe('P-102');
    expect(suggestTag('P', numbering, ['P-101', 'P-105', 'PT-101', 'p-1xx'])).toBe('P-106');
    // another scheme's tags that merely start the same are not this pattern's numbers
    expect(suggestTag('P', numbering, ['P-1001', 'P-1002'])).toBe('P-101');
    expect(suggestTag('P', numbering, ['P-1001', 'P-1120'])).toBe('P-1121');
  });
});
