import {
  PidSpecSchema,
  SketchListsSchema,
  StageSpecSchema,
  type PidSpec,
  type SketchLists,
  type StageSpec,
} from '@penstock/shared';

/**
 * The unsaved sketch kept in the browser (localStorage) so a crash or a closed tab does not lose it. Like
 * every long-lived JSON payload it carries a version and is checked when read: a draft that does not pass
 * (an older format, a hand-edited or cut-off value) is dropped rather than loaded half.
 */
export const SKETCH_DRAFT_KEY = 'penstock.sketch.draft';
export const SKETCH_DRAFT_VERSION = 1;

export interface SketchDraft {
  version: typeof SKETCH_DRAFT_VERSION;
  /** when the draft was last written (ISO) */
  savedAt: string;
  /** the typed drawing name ('' when none) */
  drawingName: string;
  lists: SketchLists;
  stage: StageSpec;
  /** the P&ID settings (issue 37); a draft written before them has the defaults */
  pid: PidSpec;
}

/** The draft in `text`, or null when there is none or it is not a valid version-1 draft. */
export function parseSketchDraft(text: string | null): SketchDraft | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const draft = value as Record<string, unknown>;
  if (draft.version !== SKETCH_DRAFT_VERSION) return null;
  if (typeof draft.savedAt !== 'string' || Number.isNaN(Date.parse(draft.savedAt))) return null;
  const lists = SketchListsSchema.safeParse(draft.lists);
  const stage = StageSpecSchema.safeParse(draft.stage);
  const pid = PidSpecSchema.safeParse(draft.pid ?? {});
  if (!lists.success || !stage.success || !pid.success) return null;
  const drawingName = typeof draft.drawingName === 'string' ? draft.drawingName.slice(0, 200) : '';
  return {
    version: SKETCH_DRAFT_VERSION,
    savedAt: draft.savedAt,
    drawingName,
    lists: lists.data,
    stage: stage.data,
    pid: pid.data,
  };
}

export function readSketchDraft(storage: Storage = window.localStorage): SketchDraft | null {
  try {
    const draft = parseSketchDraft(storage.getItem(SKETCH_DRAFT_KEY));
    if (!draft) storage.removeItem(SKETCH_DRAFT_KEY);
    return draft;
  } catch {
    return null;
  }
}

/** Keeps the draft; a full storage (large uploaded pictures) only means no draft, never an error. */
export function writeSketchDraft(
  content: Pick<SketchDraft, 'drawingName' | 'lists' | 'stage' | 'pid'>,
  now: Date = new Date(),
  storage: Storage = window.localStorage,
): void {
  const draft: SketchDraft = { version: SKETCH_DRAFT_VERSION, savedAt: now.toISOString(), ...content };
  try {
    storage.setItem(SKETCH_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // quota exceeded or storage disabled: the sketch stays on the page, only the draft is not kept
  }
}

export function clearSketchDraft(storage: Storage = window.localStorage): void {
  try {
    storage.removeItem(SKETCH_DRAFT_KEY);
  } catch {
    // storage disabled: nothing was kept
  }
}
