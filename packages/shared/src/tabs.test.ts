import { describe, expect, it } from 'vitest';
import {
  TAB_LIMIT_MESSAGE,
  canOpenNewTab,
  classifyClick,
  closeTab,
  deviceClass,
  maxViewersFor,
  openModelTab,
  replaceWithOpened,
  selectTab,
  selectedTab,
  tabLabel,
  type ModelTab,
} from './tabs.ts';

const tab = (id: string, selected = false): ModelTab => ({ id, name: `${id}.ifc`, number: 0.5, selected });
const ids = (tabs: ModelTab[]) => tabs.map((t) => `${t.id}${t.selected ? '*' : ''}`).join(' ');
const settings = { mobileWidth: 600, tabletWidth: 1024, maxViewers: 3 };

describe('tab limit', () => {
  it('has the exact message of the spec', () => {
    expect(TAB_LIMIT_MESSAGE).toBe(
      'Please note you have reached the maximum number of tabs allowed, this is limited to 1 on mobile devices and dependant on the size of 3D model you are viewing on PC.',
    );
  });

  it('classifies widths against mobileWidth first, then tabletWidth', () => {
    expect(deviceClass(400, settings)).toBe('mobile');
    expect(deviceClass(600, settings)).toBe('mobile');
    expect(deviceClass(601, settings)).toBe('tablet');
    expect(deviceClass(1024, settings)).toBe('tablet');
    expect(deviceClass(1025, settings)).toBe('desktop');
  });

  it('allows 1 viewer on mobile, settings.maxViewers elsewhere, default 1', () => {
    expect(maxViewersFor(400, settings)).toBe(1);
    expect(maxViewersFor(800, settings)).toBe(3);
    expect(maxViewersFor(1600, settings)).toBe(3);
    expect(maxViewersFor(1600, { mobileWidth: 600, tabletWidth: 1024 })).toBe(1);
  });

  it('opens a new tab only below the maximum and when additional tabs are allowed', () => {
    expect(canOpenNewTab(0, 1, true)).toBe(true);
    expect(canOpenNewTab(1, 1, true)).toBe(false);
    expect(canOpenNewTab(2, 3, true)).toBe(true);
    expect(canOpenNewTab(0, 3, false)).toBe(false);
  });
});

describe('openModelTab', () => {
  const options = { mode: 'new' as const, maxViewers: 3, allowAdditionalTabs: true };

  it('adds a selected tab at the end on a single click', () => {
    const result = openModelTab([tab('a', true)], tab('b'), options);
    expect(result.outcome).toBe('opened');
    expect(ids(result.tabs)).toBe('a b*');
  });

  it('does not add a model twice: it selects its tab', () => {
    const result = openModelTab([tab('a'), tab('b', true)], tab('a'), options);
    expect(result.outcome).toBe('selected');
    expect(ids(result.tabs)).toBe('a* b');
  });

  it('refuses a new tab at the limit and leaves the tabs unchanged', () => {
    const tabs = [tab('a'), tab('b', true), tab('c')];
    const result = openModelTab(tabs, tab('d'), options);
    expect(result.outcome).toBe('limit');
    expect(ids(result.tabs)).toBe('a b* c');
    expect(openModelTab([], tab('a'), { ...options, allowAdditionalTabs: false }).outcome).toBe('limit');
  });

  it('replaces the selected tab in place on a double click, even at the limit', () => {
    const result = openModelTab([tab('a'), tab('b', true), tab('c')], tab('d'), {
      ...options,
      mode: 'replace',
    });
    expect(result.outcome).toBe('replaced');
    expect(ids(result.tabs)).toBe('a d* c');
  });

  it('opens a new tab on a double click when no tab is open', () => {
    const result = openModelTab([], tab('a'), { ...options, mode: 'replace' });
    expect(result.outcome).toBe('opened');
    expect(ids(result.tabs)).toBe('a*');
  });
});

describe('replaceWithOpened (a double click whose first click opened a tab at once)', () => {
  const options = { mode: 'new' as const, maxViewers: 4, allowAdditionalTabs: true };

  it('ends with the tabs a replace would have left', () => {
    const before = [tab('a'), tab('b', true), tab('c')];
    const afterFirst = openModelTab(before, tab('d'), options).tabs;
    expect(ids(afterFirst)).toBe('a b c d*');
    const replaced = openModelTab(before, tab('d'), { ...options, mode: 'replace' }).tabs;
    expect(ids(replaceWithOpened(afterFirst, 'd', 'b'))).toBe(ids(replaced));
    expect(ids(replaced)).toBe('a d* c');
  });

  it('only selects the opened tab when there is nothing to replace', () => {
    expect(ids(replaceWithOpened([tab('a')], 'a', null))).toBe('a*');
    // the tab selected before the first click was closed in between
    expect(ids(replaceWithOpened([tab('a'), tab('d', true)], 'd', 'b'))).toBe('a d*');
    expect(ids(replaceWithOpened([tab('a', true)], 'a', 'a'))).toBe('a*');
  });

  it('keeps the opened tab itself (the same object fields) in its new place', () => {
    const opened = { ...tab('d', true), number: 0.25 };
    const result = replaceWithOpened([tab('a', true), opened], 'd', 'a');
    expect(result).toEqual([{ ...opened, selected: true }]);
  });
});

describe('closeTab', () => {
  it('selects the next tab when the selected one closes', () => {
    expect(ids(closeTab([tab('a'), tab('b', true), tab('c')], 'b'))).toBe('a c*');
  });

  it('selects the previous tab when the selected last tab closes', () => {
    expect(ids(closeTab([tab('a'), tab('b'), tab('c', true)], 'c'))).toBe('a b*');
  });

  it('keeps the selection when another tab closes', () => {
    expect(ids(closeTab([tab('a'), tab('b', true), tab('c')], 'a'))).toBe('b* c');
  });

  it('selects the first tab left when none was selected', () => {
    expect(ids(closeTab([tab('a'), tab('b'), tab('c')], 'b'))).toBe('a* c');
  });

  it('leaves an empty list when the last tab closes, and ignores unknown ids', () => {
    expect(closeTab([tab('a', true)], 'a')).toEqual([]);
    expect(ids(closeTab([tab('a', true)], 'x'))).toBe('a*');
  });
});

describe('selection, labels and clicks', () => {
  it('selects exactly one tab', () => {
    expect(ids(selectTab([tab('a', true), tab('b')], 'b'))).toBe('a b*');
    expect(ids(selectTab([tab('a', true)], 'x'))).toBe('a*');
    expect(selectedTab([tab('a'), tab('b', true)])?.id).toBe('b');
    expect(selectedTab([tab('a'), tab('b')])?.id).toBe('a');
    expect(selectedTab([])).toBeUndefined();
  });

  it('cuts tab names with an ellipsis', () => {
    expect(tabLabel('Treatment works.ifc', 9)).toBe('Treatment...');
    expect(tabLabel('Pump.ifc', 20)).toBe('Pump.ifc');
  });

  it('treats a second click on the same file within 300 ms as a double click', () => {
    expect(classifyClick(null, 'a', 1000)).toBe('single');
    expect(classifyClick({ id: 'a', at: 1000 }, 'a', 1300)).toBe('double');
    expect(classifyClick({ id: 'a', at: 1000 }, 'a', 1301)).toBe('single');
    expect(classifyClick({ id: 'a', at: 1000 }, 'b', 1100)).toBe('single');
  });
});
