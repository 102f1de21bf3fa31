import { describe, expect, it } from 'vitest';
import { findAssetType, MISSING_PID_CLASS_CATEGORY } from './index.ts';
import { categoryFromIfcClass, classifyObject, effectiveIfcClass, IFC_CATEGORY_RULES } from './ifcClasses.ts';

describe('IFC class to catalogue category', () => {
  it('maps every rule to a category of the catalogue', () => {
    for (const rule of IFC_CATEGORY_RULES)
      expect(findAssetType(rule.category)?.category, rule.category).toBe(rule.category);
  });

  it('maps entities and predefined types', () => {
    expect(categoryFromIfcClass({ ifcClass: 'IfcPump' })).toBe('Pump');
    expect(categoryFromIfcClass({ ifcClass: 'IfcTank', predefinedType: 'STORAGE' })).toBe('Tank');
    expect(categoryFromIfcClass({ ifcClass: 'IfcPipeSegment', predefinedType: 'RIGIDSEGMENT' })).toBe(
      'Major Pipeline',
    );
    expect(categoryFromIfcClass({ ifcClass: 'IfcPipeSegment', predefinedType: 'FLEXIBLESEGMENT' })).toBe(
      'Flexible Hose',
    );
    expect(categoryFromIfcClass({ ifcClass: 'IfcFlowMeter' })).toBe('Flow Instrument');
    expect(categoryFromIfcClass({ ifcClass: 'IfcSensor', predefinedType: 'LEVELSENSOR' })).toBe(
      'Level Instrument',
    );
    expect(categoryFromIfcClass({ ifcClass: 'IfcSensor', predefinedType: 'PHSENSOR' })).toBe(
      'Quality Instrument',
    );
    expect(categoryFromIfcClass({ ifcClass: 'IfcController' })).toBe('Control Panel');
    expect(categoryFromIfcClass({ ifcClass: 'IfcActuator', predefinedType: 'HANDOPERATEDACTUATOR' })).toBe(
      'Manual Actuator',
    );
    expect(categoryFromIfcClass({ ifcClass: 'IfcValve', predefinedType: 'CHECK' })).toBe('Non-Return Valve');
    expect(categoryFromIfcClass({ ifcClass: 'IfcValve', predefinedType: 'ISOLATING' })).toBe('Valve');
    expect(categoryFromIfcClass({ ifcClass: 'IfcWallStandardCase' })).toBe('Wall');
    expect(categoryFromIfcClass({ ifcClass: 'IfcDoor' })).toBeUndefined();
    expect(categoryFromIfcClass({ ifcClass: 'IfcDuctSegment' })).toBeUndefined();
  });

  it('reads the kind of valve from a user-defined type or the name (IFC has no GATE valve type)', () => {
    expect(categoryFromIfcClass({ ifcClass: 'IfcValve', words: ['Gate valve DN300'] })).toBe('Gate Valve');
    expect(
      categoryFromIfcClass({ ifcClass: 'IfcValve', predefinedType: 'ISOLATING', words: ['BUTTERFLY'] }),
    ).toBe('Butterfly Valve');
    expect(categoryFromIfcClass({ ifcClass: 'IfcTank', words: ['Final Settlement Clarifier'] })).toBe(
      'Clarifier',
    );
  });

  it("takes IFC2X3's generic elements for what their type object says", () => {
    expect(effectiveIfcClass('IfcFlowController', 'IfcValveType')).toBe('IfcValve');
    expect(effectiveIfcClass('IfcFlowMovingDevice', 'IfcPumpType')).toBe('IfcPump');
    expect(effectiveIfcClass('IfcDoor', 'IfcDoorStyle')).toBe('IfcDoor');
    expect(effectiveIfcClass('IfcFlowSegment', 'IfcFlowSegmentType')).toBe('IfcFlowSegment');
    expect(
      categoryFromIfcClass({
        ifcClass: 'IfcFlowMovingDevice',
        typeClass: 'IfcPumpType',
        predefinedType: 'CIRCULATOR',
      }),
    ).toBe('Pump');
    expect(
      categoryFromIfcClass({ ifcClass: 'IfcFlowController', typeClass: 'IfcValveType', words: ['Gate'] }),
    ).toBe('Gate Valve');
  });

  it("keeps the P&ID Class first, then the IFC class, then the spec's error", () => {
    expect(classifyObject('gate valve', { ifcClass: 'IfcPump' })).toEqual({
      category: 'Gate Valve',
      source: 'pid',
    });
    expect(classifyObject('Custom Thing', { ifcClass: 'IfcPump' })).toEqual({
      category: 'Custom Thing',
      source: 'pid',
    });
    expect(classifyObject('  ', { ifcClass: 'IfcPump' })).toEqual({ category: 'Pump', source: 'ifc' });
    expect(classifyObject('', { ifcClass: 'IfcDoor' })).toEqual({
      category: MISSING_PID_CLASS_CATEGORY,
      source: '',
    });
    expect(classifyObject(undefined, undefined)).toEqual({
      category: MISSING_PID_CLASS_CATEGORY,
      source: '',
    });
  });
});

describe('docs/ifc-categories.md', () => {
  it('is the table of the mapping data (regenerate with npx tsx tools/docs/ifcCategories.ts)', async () => {
    const fs = await import('node:fs');
    const path = await import('node:path');
    const { ifcCategoriesMarkdown } = await import('./ifcClassesDoc.ts');
    const doc = fs.readFileSync(
      path.resolve(import.meta.dirname, '../../../../docs/ifc-categories.md'),
      'utf8',
    );
    expect(doc).toBe(ifcCategoriesMarkdown());
  });
});
