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
 * The stored viewer state: a ModelViewerState (packages/viewer/src/model/types.ts), version 1 or 2 of kind
 * '3d', with its camera. Its other parts (sections, measurements, appearance, selection) are the viewer's
 * own and kept as sent; the other model versions it lists (`models[].versionId`) must be the project's.
 */
export const SavedViewStateSchema = z.looseObject(
  {
    version: z.union([z.literal(1), z.literal(2)], { message: 'version must be 1 or 2' }),
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
);
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
