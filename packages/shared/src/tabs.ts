import { truncateLabel } from './truncate.ts';

/** Rules of the model tabs of the main workspace (spec 1, §2 'Main workspace and tabs', §4, §5, §9). */

/** An open model tab: the spec's {id, name, number (random), selected}. Apps may carry more fields. */
export interface ModelTab {
  id: string;
  name: string;
  number: number;
  selected: boolean;
}

export const TAB_LIMIT_MESSAGE =
  'Please note you have reached the maximum number of tabs allowed, this is limited to 1 on mobile devices and dependant on the size of 3D model you are viewing on PC.';

/** Two clicks on the same file within this window are a double click (replace the selected tab). */
export const DOUBLE_CLICK_WINDOW_MS = 300;

export interface ScreenSettings {
  mobileWidth: number;
  tabletWidth: number;
  maxViewers?: number | undefined;
}

export type DeviceClass = 'mobile' | 'tablet' | 'desktop';

/** The screen width is compared against mobileWidth first, then tabletWidth (widths up to the limit count). */
export function deviceClass(width: number, settings: ScreenSettings): DeviceClass {
  if (width <= settings.mobileWidth) return 'mobile';
  if (width <= settings.tabletWidth) return 'tablet';
  return 'desktop';
}

/** Maximum viewers: always 1 on mobile; tablet and desktop use settings.maxViewers when set, else 1. */
export function maxViewersFor(width: number, settings: ScreenSettings): number {
  if (deviceClass(width, settings) === 'mobile') return 1;
  return settings.maxViewers ?? 1;
}

/** A new tab opens only when the open count is below the maximum and additional tabs are allowed. */
export function canOpenNewTab(openCount: number, maxViewers: number, allowAdditionalTabs: boolean): boolean {
  return allowAdditionalTabs && openCount < maxViewers;
}

/** Tab names are cut to maxTabNameLength and end in an ellipsis. */
export function tabLabel(name: string, maxTabNameLength: number | undefined): string {
  return truncateLabel(name, maxTabNameLength);
}

export interface OpenTabOptions {
  /** 'new' for a single click, 'replace' for a double click */
  mode: 'new' | 'replace';
  maxViewers: number;
  allowAdditionalTabs: boolean;
}

export type OpenTabOutcome = 'opened' | 'replaced' | 'selected' | 'limit';

export interface OpenTabResult<T extends ModelTab> {
  tabs: T[];
  outcome: OpenTabOutcome;
}

const selectOnly = <T extends ModelTab>(tabs: readonly T[], id: string): T[] =>
  tabs.map((tab) => (tab.selected === (tab.id === id) ? tab : { ...tab, selected: tab.id === id }));

/**
 * Open a model. A model already open is never added twice: its tab is selected instead. A double click
 * replaces the selected tab (in place); a single click adds a tab at the end when the tab limit allows,
 * otherwise nothing changes and the outcome is 'limit' (the caller shows TAB_LIMIT_MESSAGE).
 */
export function openModelTab<T extends ModelTab>(
  tabs: readonly T[],
  model: T,
  options: OpenTabOptions,
): OpenTabResult<T> {
  if (tabs.some((tab) => tab.id === model.id))
    return { tabs: selectOnly(tabs, model.id), outcome: 'selected' };
  const opened: T = { ...model, selected: true };
  const selectedIndex = tabs.findIndex((tab) => tab.selected);
  if (options.mode === 'replace' && selectedIndex >= 0) {
    return { tabs: tabs.map((tab, index) => (index === selectedIndex ? opened : tab)), outcome: 'replaced' };
  }
  if (!canOpenNewTab(tabs.length, options.maxViewers, options.allowAdditionalTabs)) {
    return { tabs: [...tabs], outcome: 'limit' };
  }
  return { tabs: [...selectOnly(tabs, ''), opened], outcome: 'opened' };
}

/**
 * The second click of a double click, when the first already opened the model in a new tab (the app opens
 * at once rather than waiting out the window): the tab opened takes the place of the tab that was selected
 * before the first click, which is closed, so the tabs end as openModelTab's 'replace' leaves them. With no
 * tab to replace (none was selected, or it has gone since), the opened tab is only selected.
 */
export function replaceWithOpened<T extends ModelTab>(
  tabs: readonly T[],
  openedId: string,
  replacedId: string | null,
): T[] {
  const opened = tabs.find((tab) => tab.id === openedId);
  const replacedIndex = tabs.findIndex((tab) => tab.id === replacedId);
  if (!opened || replacedIndex < 0 || replacedId === openedId) return selectTab(tabs, openedId);
  return tabs.flatMap((tab, index) => {
    if (index === replacedIndex) return [{ ...opened, selected: true }];
    if (tab.id === openedId) return [];
    return [tab.selected ? { ...tab, selected: false } : tab];
  });
}

/** Clicking a tab selects it. An unknown id changes nothing. */
export function selectTab<T extends ModelTab>(tabs: readonly T[], id: string): T[] {
  return tabs.some((tab) => tab.id === id) ? selectOnly(tabs, id) : [...tabs];
}

/**
 * Close a tab. Closing the selected tab selects the next tab, or the previous one if it was last, or the
 * first one left; closing another tab keeps the selection (or selects the first tab if none was selected).
 */
export function closeTab<T extends ModelTab>(tabs: readonly T[], id: string): T[] {
  const index = tabs.findIndex((tab) => tab.id === id);
  if (index < 0) return [...tabs];
  const remaining = tabs.filter((tab) => tab.id !== id);
  if (remaining.some((tab) => tab.selected)) return remaining;
  const next = tabs[index]?.selected ? (remaining[index] ?? remaining[index - 1]) : remaining[0];
  return next ? selectOnly(remaining, next.id) : remaining;
}

/** The tab shown in the workspace: the selected one, else the first. */
export function selectedTab<T extends ModelTab>(tabs: readonly T[]): T | undefined {
  return tabs.find((tab) => tab.selected) ?? tabs[0];
}

export type ClickKind = 'single' | 'double';

/**
 * Tell a double click from a single one: a click on the same target within DOUBLE_CLICK_WINDOW_MS of a
 * pending first click is a double click. The app opens on the first click and, on a second, puts the model in
 * the place of the tab selected before (replaceWithOpened); at the tab limit it waits out the window instead.
 */
export function classifyClick(
  pending: { id: string; at: number } | null,
  id: string,
  now: number,
  windowMs: number = DOUBLE_CLICK_WINDOW_MS,
): ClickKind {
  return pending !== null && pending.id === id && now - pending.at <= windowMs ? 'double' : 'single';
}
