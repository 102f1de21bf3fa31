import { describe, expect, it } from 'vitest';
import { chooseSidePanel, widthClass } from './sidePanels.ts';

describe('side panels', () => {
  it('replaces the open panel with another and closes the active one when chosen again', () => {
    expect(chooseSidePanel(null, 'metaProperties', false)).toBe('metaProperties');
    expect(chooseSidePanel('markup', 'metaProperties', false)).toBe('metaProperties');
    expect(chooseSidePanel('metaProperties', 'markup', false)).toBe('markup');
    expect(chooseSidePanel('metaProperties', 'metaProperties', false)).toBeNull();
  });

  it('opens nothing on mobile widths', () => {
    expect(chooseSidePanel(null, 'pdf', true)).toBeNull();
    expect(chooseSidePanel('pdf', 'markup', true)).toBeNull();
  });

  it('tells mobile and desktop widths from the settings', () => {
    expect(widthClass(400, 576, 992)).toEqual({ mobile: true, desktop: false });
    expect(widthClass(800, 576, 992)).toEqual({ mobile: false, desktop: false });
    expect(widthClass(992, 576, 992)).toEqual({ mobile: false, desktop: true });
  });
});
