import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TAG_FALLBACK,
  resolveTags,
  tagFallbackOf,
  tagSourceLabel,
  type TagCandidate,
} from './tagSources.ts';

const prop = (displayName: string, displayValue: string, displayCategory = 'Identity Data') => ({
  displayName,
  displayValue,
  displayCategory,
});
const object = (id: number, parent: number, extra: Partial<TagCandidate> = {}): TagCandidate => ({
  id,
  parent,
  spatial: false,
  attributeTag: '',
  properties: [],
  ...extra,
});

describe('tag fallback order', () => {
  it("keeps the spec's rule first: own Tag property, then the nearest tagged parent's", () => {
    const tags = resolveTags([
      object(1, -1, { spatial: true, properties: [prop('Tag', 'SITE')] }),
      object(2, 1, { properties: [prop('Tag', 'P-101')], attributeTag: '4711' }),
      object(3, 2, { attributeTag: '4712' }),
      object(4, 3, { properties: [prop('Mark', 'M-4')] }),
    ]);
    expect(tags.get(2)).toEqual({ tag: 'P-101', source: 'property' });
    expect(tags.get(3)).toEqual({ tag: 'P-101', source: 'parent' });
    expect(tags.get(4)).toEqual({ tag: 'P-101', source: 'parent' });
    // spatial containers never carry or pass on a tag
    expect(tags.get(1)).toEqual({ tag: '', source: '' });
  });

  it('falls back to the IFC Tag attribute, then a named property, then none', () => {
    const tags = resolveTags([
      object(1, -1, { spatial: true, properties: [prop('Tag', 'STOREY')] }),
      object(2, 1, { attributeTag: '348798', properties: [prop('Mark', 'D-01')] }),
      object(3, 1, { properties: [prop('Mark', ' D-02 ')] }),
      object(4, 1, { properties: [prop('TagNumber', 'TN-9'), prop('Mark', '')] }),
      object(5, 1),
    ]);
    expect(tags.get(2)).toEqual({ tag: '348798', source: 'attribute' });
    expect(tags.get(3)).toEqual({ tag: 'D-02', source: 'named:Mark' });
    expect(tags.get(4)).toEqual({ tag: 'TN-9', source: 'named:TagNumber' });
    expect(tags.get(5)).toEqual({ tag: '', source: '' });
  });

  it('follows an order an administrator sets, optionally naming the property set', () => {
    const objects = [
      object(1, -1, {
        attributeTag: '348798',
        properties: [prop('Mark', 'OTHER', 'Other'), prop('Mark', 'D-01', 'Identity Data')],
      }),
    ];
    expect(resolveTags(objects, [{ property: 'Mark' }, { attribute: 'Tag' }]).get(1)).toEqual({
      tag: 'OTHER',
      source: 'named:Mark',
    });
    expect(
      resolveTags(objects, [{ property: 'Mark', propertySet: 'Identity Data' }, { attribute: 'Tag' }]).get(1),
    ).toEqual({ tag: 'D-01', source: 'named:Mark' });
    expect(resolveTags(objects, []).get(1)).toEqual({ tag: '', source: '' });
  });

  it('survives parent cycles and long chains', () => {
    const chain = Array.from({ length: 5000 }, (_, i) => object(i, i + 1));
    chain.push(object(5000, -1, { properties: [prop('Tag', 'ROOT')] }));
    const tags = resolveTags([...chain, object(9001, 9002), object(9002, 9001)]);
    expect(tags.get(0)).toEqual({ tag: 'ROOT', source: 'parent' });
    expect(tags.get(9001)).toEqual({ tag: '', source: '' });
  });

  it('reads the order from the general settings, and keeps the shipped one when it is missing or wrong', () => {
    expect(tagFallbackOf({})).toBe(DEFAULT_TAG_FALLBACK);
    expect(tagFallbackOf(undefined)).toBe(DEFAULT_TAG_FALLBACK);
    expect(tagFallbackOf({ tagFallback: [{ property: 'Mark' }] })).toEqual([{ property: 'Mark' }]);
    expect(tagFallbackOf({ tagFallback: [] })).toEqual([]);
    expect(tagFallbackOf({ tagFallback: [{ attribute: 'Name' }] })).toBe(DEFAULT_TAG_FALLBACK);
    expect(tagFallbackOf({ tagFallback: 'Mark' })).toBe(DEFAULT_TAG_FALLBACK);
    expect(DEFAULT_TAG_FALLBACK[0]).toEqual({ attribute: 'Tag' });
  });

  it('says where a tag came from', () => {
    expect(tagSourceLabel('property')).toBe('from its Tag property');
    expect(tagSourceLabel('parent')).toBe("from its parent's Tag property");
    expect(tagSourceLabel('attribute')).toBe('from the IFC Tag attribute');
    expect(tagSourceLabel('named:Mark')).toBe("from its 'Mark' property");
    expect(tagSourceLabel('')).toBe('');
  });
});
