/** Pure markup rules (spec core viewer §2 'Markup toolbar and settings', §4, §5, §9; forms spec §4, §5). */
import { formatDate } from './dates.ts';

export const MARKUP_MODES = [
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
] as const;
export type MarkupMode = (typeof MARKUP_MODES)[number];

export const FONT_FAMILIES = [
  'Arial',
  'Arial Black',
  'Arial Narrow',
  'Century Gothic',
  'Courier New',
  'Georgia',
  'Impact',
  'Lucida Console',
  'Tahoma',
  'Verdana',
] as const;
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const MARKUP_DEFAULTS = {
  fontSize: 1,
  strokeWidth: 1,
  fontFamily: 'Arial' as FontFamily,
  colour: '#0D54FF',
} as const;

export const MARKUP_NUMBER_MIN = 0;
export const MARKUP_NUMBER_MAX = 100;
/** after a card click the viewer state is restored and the markup reloaded after this delay */
export const MARKUP_RELOAD_DELAY_MS = 500;

export const MARKUP_EXIT_CONFIRMATION = 'Are you sure you want to exit? All unsaved markups will be lost';
export const MARKUP_OPEN_MODEL_FIRST = 'Please open a model first to view the associated markups';
/** the mode an Exit that is cancelled returns to */
export const MARKUP_EXIT_CANCEL_MODE: MarkupMode = 'rect';

export const MARKUP_FILTERS = ['No Filter', 'Created by', 'Created for', 'Completed'] as const;
export type MarkupFilter = (typeof MARKUP_FILTERS)[number];

/** Font size and stroke width inputs: numbers from 0 to 100 (not a number → the minimum). */
export function clampMarkupNumber(value: number): number {
  if (!Number.isFinite(value)) return MARKUP_NUMBER_MIN;
  return Math.min(MARKUP_NUMBER_MAX, Math.max(MARKUP_NUMBER_MIN, value));
}

/** The font size is drawn 10 times the chosen size. */
export const drawnFontSize = (size: number): number => 10 * size;

/** dd/mm/yyyy in local time. */
export function formatMarkupDate(date: Date): string {
  return formatDate(date, 'date');
}

/** Settings show when the mode is neither empty nor 'exit'. */
export const showMarkupSettings = (mode: MarkupMode | '' | null | undefined): boolean =>
  !!mode && mode !== 'exit';

export interface FilterableMarkup {
  createdByName: string;
  createdFor: string;
  actioned: boolean;
}

/**
 * The Markup Panel filter: 'Created by' and 'Created for' match a case-insensitive substring of the
 * author's name or the reviewer; 'Completed' matches 'Yes' (actioned) or 'No'; 'No Filter' (or empty
 * criteria for the text filters) keeps everything.
 */
export function filterMarkups<T extends FilterableMarkup>(
  markups: readonly T[],
  filter: MarkupFilter,
  criteria: string,
): T[] {
  const needle = criteria.trim().toLowerCase();
  switch (filter) {
    case 'Created by':
      return markups.filter((m) => m.createdByName.toLowerCase().includes(needle));
    case 'Created for':
      return markups.filter((m) => m.createdFor.toLowerCase().includes(needle));
    case 'Completed':
      if (needle === 'yes') return markups.filter((m) => m.actioned);
      if (needle === 'no') return markups.filter((m) => !m.actioned);
      return [...markups];
    default:
      return [...markups];
  }
}
