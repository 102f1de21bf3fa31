import { describe, expect, it } from 'vitest';
import { compareHref, compareKind, compareTabId, parseComparePair, readCompareLink } from './compareLink.ts';

const A = 'v.11111111-1111-4111-8111-111111111111';
const B = 'v.22222222-2222-4222-8222-222222222222';

describe('compare links', () => {
  it('round-trips a pair through the address', () => {
    const href = compareHref({ baseVersionId: A, headVersionId: B });
    expect(href).toBe(`/main?compare=${A}..${B}`);
    expect(readCompareLink(href.split('?')[1]!)).toEqual({ baseVersionId: A, headVersionId: B });
    expect(compareTabId({ baseVersionId: A, headVersionId: B })).toBe(`compare:${A}..${B}`);
  });

  it('refuses anything but two different version ids', () => {
    expect(parseComparePair(null)).toBeNull();
    expect(parseComparePair(`${A}..${A}`)).toBeNull();
    expect(parseComparePair(`${A}..${B}..${A}`)).toBeNull();
    expect(parseComparePair(`${A}..i.22222222-2222-4222-8222-222222222222`)).toBeNull();
    expect(readCompareLink('view=x')).toBeNull();
  });

  it('tells drawings from models', () => {
    expect(compareKind('pdf', 'PDF')).toBe('drawing');
    expect(compareKind('a.ifc', 'b.IFC')).toBe('model');
    expect(compareKind('a.ifczip', 'b.ifc')).toBe('model');
    expect(compareKind('a.pdf', 'b.ifczip')).toBe('mixed');
    expect(compareKind('a.pdf', 'b.ifc')).toBe('mixed');
    expect(compareKind('a.pdf', 'b.docx')).toBe('unsupported');
  });
});
