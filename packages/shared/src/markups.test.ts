import { describe, expect, it } from 'vitest';
import {
  FONT_FAMILIES,
  MARKUP_DEFAULTS,
  MARKUP_EXIT_CONFIRMATION,
  MARKUP_MODES,
  MARKUP_OPEN_MODEL_FIRST,
  clampMarkupNumber,
  drawnFontSize,
  filterMarkups,
  formatMarkupDate,
  showMarkupSettings,
} from './markups.ts';
import { isMarkupDate, splitUserName } from './issues.contract.ts';

const markups = [
  { id: 1, createdByName: 'Ada Lovelace', createdFor: 'grace@example.com', actioned: true },
  { id: 2, createdByName: 'Grace Hopper', createdFor: 'ada@example.com', actioned: false },
  { id: 3, createdByName: 'Alan Turing', createdFor: 'ADA@example.com', actioned: false },
];

describe('markup rules', () => {
  it('has the spec modes, fonts and defaults', () => {
    expect(MARKUP_MODES).toEqual([
      'open',
      'text',
      'rect',
      'circ',
      'poly',
      'free',
      'cloud',
      'arrow',
      'exit',
      'save',
    ]);
    expect(FONT_FAMILIES).toHaveLength(10);
    expect(FONT_FAMILIES[0]).toBe('Arial');
    expect(FONT_FAMILIES).toContain('Lucida Console');
    expect(MARKUP_DEFAULTS).toEqual({ fontSize: 1, strokeWidth: 1, fontFamily: 'Arial', colour: '#0D54FF' });
    expect(MARKUP_EXIT_CONFIRMATION).toBe('Are you sure you want to exit? All unsaved markups will be lost');
    expect(MARKUP_OPEN_MODEL_FIRST).toBe('Please open a model first to view the associated markups');
  });

  it('clamps numbers to 0..100 and scales the font size by 10', () => {
    expect(clampMarkupNumber(-5)).toBe(0);
    expect(clampMarkupNumber(50)).toBe(50);
    expect(clampMarkupNumber(101)).toBe(100);
    expect(clampMarkupNumber(Number.NaN)).toBe(0);
    expect(drawnFontSize(1)).toBe(10);
    expect(drawnFontSize(2.5)).toBe(25);
  });

  it('formats dates as dd/mm/yyyy', () => {
    expect(formatMarkupDate(new Date(2026, 0, 5))).toBe('05/01/2026');
    expect(formatMarkupDate(new Date(2025, 11, 31))).toBe('31/12/2025');
    expect(isMarkupDate('31/12/2025')).toBe(true);
    expect(isMarkupDate('31/02/2025')).toBe(false);
    expect(isMarkupDate('2025-12-31')).toBe(false);
  });

  it('shows settings unless the mode is empty or exit', () => {
    expect(showMarkupSettings('rect')).toBe(true);
    expect(showMarkupSettings('save')).toBe(true);
    expect(showMarkupSettings('exit')).toBe(false);
    expect(showMarkupSettings('')).toBe(false);
    expect(showMarkupSettings(null)).toBe(false);
  });

  it('filters by case-insensitive substring and by Completed Yes/No', () => {
    expect(filterMarkups(markups, 'No Filter', 'zzz').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(filterMarkups(markups, 'Created by', 'hoP').map((m) => m.id)).toEqual([2]);
    expect(filterMarkups(markups, 'Created by', '').map((m) => m.id)).toEqual([1, 2, 3]);
    expect(filterMarkups(markups, 'Created for', 'ada@').map((m) => m.id)).toEqual([2, 3]);
    expect(filterMarkups(markups, 'Completed', 'Yes').map((m) => m.id)).toEqual([1]);
    expect(filterMarkups(markups, 'Completed', 'No').map((m) => m.id)).toEqual([2, 3]);
  });

  it('splits user names at the first space', () => {
    expect(splitUserName('Ada Lovelace King')).toEqual({ firstName: 'Ada', lastName: 'Lovelace King' });
    expect(splitUserName('Plato')).toEqual({ firstName: 'Plato', lastName: '' });
  });
});
