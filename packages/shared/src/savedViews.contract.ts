/**
 * Saved views (issue 33 §1): a named view of a project's models (camera, sections, visibility, colours,
 * measurements and the other model versions), stored per project, listed for the team and opened from a
 * link. The calls of docs/api.md 'Saved views'.
 */
import { z } from 'zod';
import { VERSION_ID_PATTERN } from './ids.ts';
import { MAX_VIEWER_STATE_CHARS, Vector3Schema } from './issues.contract.ts';

export const MAX_SAVED_VIEW_NAME = 120;
/** a view's state as JSON text: the same cap as an issue's viewer state, so any view an issue keeps saves */
export const MAX_SAVED_VIEW_STATE_CHARS = MAX_VIEWER_STATE_CHARS;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
export const SAVED_VIEW_ID_PATTERN = new RegExp(`^sv\\.${UUID}$`);

export const SavedViewIdSchema = z.string().regex(SAVED_VIEW_ID_PATTERN, 'Invalid view id');

const name = z
  .string({ message: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(MAX_SAVED_VIEW_NAME, `name can have at most ${MAX_SAVED_VIEW_NAME} characters`);

const versionId = (field: string) =>
  z
    .string({ message: `${field} is required` })
    .regex(VERSION_ID_PATTERN, `${field} must be a model version id (v.<uuid>)`);

/**
 * An object of a stored view (version 3): its model version and IFC GlobalId, as pins and BCF components
 * name it (issue 33 §1); an object its version's index has no GlobalId for keeps its localId.
 */
export type StoredViewObject =
  { versionId: string; globalId: string } | { versionId: string; localId: number };

const isStoredViewObject = (value: unknown): value is StoredViewObject => {
  if (!value || typeof value !== 'object') return false;
  const o = value as Record<string, unknown>;
  if (typeof o.versionId !== 'string' || !VERSION_ID_PATTERN.test(o.versionId)) return false;
  if (typeof o.globalId === 'string') return o.globalId.trim() !== '' && o.globalId.length <= 64;
  return Number.isInteger(o.localId) && (o.localId as number) >= 0;
};

/**
 * The lists of objects a version-3 state names, with where they are (selection, appearance.hidden,
 * appearance.isolated, appearance.colours.<n>.objects, appearance.solid, appearance.outlined): what is not a list is answered
 * as it is, for the schema to refuse.
 */
export function storedObjectLists(state: Record<string, unknown>): Array<[(string | number)[], unknown]> {
  const lists: Array<[(string | number)[], unknown]> = [[['selection'], state.selection]];
  const appearance = state.appearance;
  if (appearance && typeof appearance === 'object') {
    const a = appearance as Record<string, unknown>;
    lists.push([['appearance', 'hidden'], a.hidden ?? []]);
    if (a.isolated !== null && a.isolated !== undefined) lists.push([['appearance', 'isolated'], a.isolated]);
    if (a.solid !== undefined) lists.push([['appearance', 'solid'], a.solid]);
    if (a.outlined !== undefined) lists.push([['appearance', 'outlined'], a.outlined]);
    const colours = Array.isArray(a.colours) ? a.colours : [];
    colours.forEach((group: unknown, n) =>
      lists.push([
        ['appearance', 'colours', n, 'objects'],
        (group as Record<string, unknown> | null)?.objects,
      ]),
    );
  }
  return lists;
}

/**
 * The stored viewer state: a ModelViewerState (packages/viewer/src/model/types.ts) of kind '3d' with its
 * camera: version 3 (packages/viewer/src/model/storedState.ts) names every model's objects by model version
 * + GlobalId (StoredViewObject); versions 1 and 2, saved before, by localIds. Its other parts (sections,
 * measurements, the rest of the appearance) are the viewer's own and kept as sent; the other model versions
 * it lists (`models[].versionId`) must be the project's.
 */
export const SavedViewStateSchema = z
  .looseObject(
    {
      version: z.union([z.literal(1), z.literal(2), z.literal(3)], { message: 'version must be 1, 2 or 3' }),
      kind: z.literal('3d', { message: "kind must be '3d'" }),
      camera: z.looseObject(
        { position: Vector3Schema, target: Vector3Schema },
        { message: 'camera must be an object with position and target' },
      ),
      models: z
        .array(z.looseObject({ versionId: versionId('versionId') }), {
          message: 'models must be a list',
        })
        .max(50, 'models can have at most 50 models')
        .optional(),
    },
    { message: 'state must be a viewer state: an object with version, kind and camera' },
  )
  .superRefine((state, context) => {
    if (state.version !== 3) return;
    for (const [path, list] of storedObjectLists(state)) {
      if (!Array.isArray(list) || !list.every(isStoredViewObject))
        context.addIssue({
          code: 'custom',
          path,
          message: 'objects must be a list of {versionId, globalId} (or {versionId, localId})',
        });
    }
  });
export type SavedViewState = z.infer<typeof SavedViewStateSchema>;

/**
 * The administrator's alignment of a view's other models (a per-model offset and rotation, issue 33 §1): the
 * models moved or turned, as a comparable key ('' when none is). Saving a view that changes it needs
 * `alignModels`.
 */
export function modelAlignment(state: {
  models?: ReadonlyArray<Record<string, unknown>> | undefined;
}): string {
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
  const moved = (state.models ?? [])
    .map((model) => {
      const offset = (model.offset ?? {}) as Record<string, unknown>;
      const at = [number(offset.x), number(offset.y), number(offset.z), number(model.rotation)];
      return { versionId: String(model.versionId), at };
    })
    .filter((model) => model.at.some((v) => v !== 0))
    .sort((a, b) => a.versionId.localeCompare(b.versionId));
  return moved.length ? JSON.stringify(moved) : '';
}

export const CreateSavedViewBodySchema = z.object({
  name,
  versionId: versionId('versionId'),
  state: SavedViewStateSchema,
});
export type CreateSavedViewBody = z.infer<typeof CreateSavedViewBodySchema>;

export const UpdateSavedViewBodySchema = z
  .object({ name, state: SavedViewStateSchema })
  .partial()
  .refine((body) => body.name !== undefined || body.state !== undefined, 'Nothing to change');
export type UpdateSavedViewBody = z.infer<typeof UpdateSavedViewBodySchema>;

/** A view as the team's list shows it. */
export interface SavedViewSummary {
  id: string;
  projectId: string;
  name: string;
  /** the model version the view opens on (the viewer tab's own model) */
  versionId: string;
  itemId: string;
  /** that version's file name, number and ISO 19650 codes */
  fileName: string;
  versionNumber: number;
  revision: string;
  suitability: string;
  createdById: string;
  createdByName: string;
  createdAt: string;
  updatedAt: string;
  /** whether the asker may rename, update or delete it (its author, or a project manager) */
  mayChange: boolean;
}

/** A view with its state, to restore. */
export interface SavedView extends SavedViewSummary {
  state: SavedViewState;
}
