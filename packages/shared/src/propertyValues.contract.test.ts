import { describe, expect, it } from 'vitest';
import {
  DynamicEntrySchema,
  DynamicRecordSchema,
  ElementPropertySchema,
  GetDynamicBodySchema,
  MAX_PROPERTY_RECORDS,
  ModelInfoSchema,
  ObjectIndexSchema,
  StaticRecordListSchema,
  StaticRecordSchema,
} from './propertyValues.contract.ts';

const record = {
  projectName: 'Riverside',
  fileName: 'P-001.ifc',
  tag: 'V-101',
  guId: 'g-1',
  category: 'Gate Valve',
  propValueList: [{ propName: 'Size (mm)', propValue: '150' }],
};

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('property value contract', () => {
  it('accepts static and dynamic records', () => {
    expect(StaticRecordSchema.parse(record)).toEqual(record);
    expect(DynamicRecordSchema.parse({ ...record, locked: true }).locked).toBe(true);
    expect(DynamicRecordSchema.safeParse(record).success).toBe(false);
  });

  it('needs a tag and limits text and lists with clear messages', () => {
    expect(messages(StaticRecordSchema.safeParse({ ...record, tag: '' }))).toEqual(['tag is required']);
    expect(messages(StaticRecordSchema.safeParse({ ...record, guId: 'x'.repeat(10_001) }))).toEqual([
      'guId can have at most 10000 characters',
    ]);
    const many = Array.from({ length: MAX_PROPERTY_RECORDS + 1 }, () => record);
    expect(messages(StaticRecordListSchema.safeParse(many))).toEqual([
      'Records can have at most 200000 entries',
    ]);
  });

  it('accepts the getdynamic body and entries', () => {
    expect(GetDynamicBodySchema.parse({ projectName: 'Riverside', fileName: 'P-001.ifc' })).toBeTruthy();
    const entry = { Tag: 'V-101', ProjectName: 'Riverside', Locked: false, PropertyValueData: [] };
    expect(DynamicEntrySchema.parse(entry)).toEqual(entry);
    expect(messages(DynamicEntrySchema.safeParse({ ...entry, Locked: 'no' }))).toEqual([
      'Locked must be true or false',
    ]);
  });

  it('accepts element properties', () => {
    const prop = { displayName: 'Tag', displayValue: 'V-101', displayCategory: 'Asset', units: '', dbId: 7 };
    expect(ElementPropertySchema.parse(prop)).toEqual(prop);
    expect(ElementPropertySchema.safeParse({ ...prop, dbId: 1.5 }).success).toBe(false);
  });

  it('accepts an object index whose columns line up', () => {
    const index = {
      localIds: [1, 2],
      parents: [-1, 1],
      guids: ['a', 'b'],
      tags: ['V-101', 'V-101'],
      categories: ['Gate Valve', 'Error - Object needs a P&ID Class'],
      hazard: [0, 1],
    };
    expect(ObjectIndexSchema.parse(index)).toEqual(index);
    expect(messages(ObjectIndexSchema.safeParse({ ...index, tags: ['V-101'] }))).toEqual([
      'Every column of the object index must have one entry per object',
    ]);
  });

  it('accepts model information', () => {
    const info = {
      versionId: 'v.1',
      itemId: 'i.1',
      projectId: 'b.1',
      projectName: 'Riverside',
      fileName: 'P-001.ifc',
      fileType: 'ifc',
      conversion: { state: 'done', progress: 1, error: null },
      objectCount: 2,
      viewables: [
        { guid: 'g3', name: '3D', role: '3d' },
        { guid: 'g2', name: 'Ground floor', role: '2d', storey: 'Ground floor' },
      ],
      georeference: null,
    };
    expect(ModelInfoSchema.parse(info)).toEqual(info);
    const bad = { ...info, conversion: { state: 'paused', progress: 2, error: null } };
    expect(messages(ModelInfoSchema.safeParse(bad))).toEqual([
      'conversion state must be one of queued, running, done, failed, none',
      'progress is from 0 to 1',
    ]);
    expect(
      ModelInfoSchema.safeParse({ ...info, viewables: [{ guid: 'p', name: 'Page 1', role: '2d', page: 0 }] })
        .success,
    ).toBe(true);
  });
});
