import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  SKETCH_MESSAGES,
  dexpiExportUrl,
  dexpiImportUrl,
  sketchBaseName,
  type DexpiImportAnswer,
  type SavedSketch,
} from '@penstock/shared';
import { apiFetch, apiSend } from '../../../base/api.ts';
import { downloadBlob } from '../../../base/download.ts';
import type { Notice, SavedAs } from '../components/SketchLeftPanel.tsx';
import { fetchSavedSketches, sketchesKey } from './useSketches.ts';

/** GET …/sketches/:sketchId/export-dexpi: the saved sketch as a DEXPI XML download. */
export async function downloadDexpi(projectId: string, sketchId: string, name: string): Promise<void> {
  const response = await apiSend(dexpiExportUrl(projectId, sketchId), {
    headers: { Accept: 'application/xml, application/json' },
  });
  downloadBlob(await response.blob(), `${name || 'sketch'}.dexpi.xml`);
}

/** POST …/sketches/import-dexpi: a DEXPI file as a new sketch of the project, with the import's report. */
export function useImportDexpi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, file, name }: { projectId: string; file: File; name: string }) => {
      const form = new FormData();
      if (name.trim()) form.append('name', name.trim());
      form.append('file', file);
      return apiFetch<DexpiImportAnswer>(dexpiImportUrl(projectId), { method: 'POST', form });
    },
    onSuccess: (_answer, { projectId }) => client.invalidateQueries({ queryKey: sketchesKey(projectId) }),
  });
}

/**
 * The editor's DEXPI actions: Export DEXPI downloads the saved sketch (so unsaved changes must be saved
 * first), and a sketch just imported is opened like a loaded one (asking first about unsaved work).
 */
export function useDexpiActions({
  projectId,
  savedAs,
  dirty,
  setNotice,
  onLoad,
  setDrawingName,
}: {
  projectId: string | undefined;
  savedAs: SavedAs | null;
  dirty: boolean;
  setNotice: (notice: Notice) => void;
  onLoad: (sketch: SavedSketch) => Promise<boolean>;
  setDrawingName: (name: string) => void;
}) {
  const exportDexpi = () => {
    const warn = (text: string) => setNotice({ variant: 'warning', text, where: 'canvas' });
    if (!projectId) return warn(SKETCH_MESSAGES.noProjectSelected);
    if (!savedAs?.sketchId) return warn('Save the sketch first: the DEXPI export writes the saved sketch.');
    if (dirty)
      return warn('Save your changes first: the DEXPI export writes the saved sketch, without them.');
    downloadDexpi(projectId, savedAs.sketchId, savedAs.base).catch((error: unknown) =>
      setNotice({
        variant: 'danger',
        text: `The DEXPI export failed: ${error instanceof Error ? error.message : String(error)}`,
        where: 'canvas',
      }),
    );
  };

  const openImported = async (answer: DexpiImportAnswer): Promise<boolean> => {
    if (!projectId) return false;
    const sketch = (await fetchSavedSketches(projectId)).find((saved) => saved.id === answer.sketchId);
    if (!sketch || !(await onLoad(sketch))) return false;
    setDrawingName(sketchBaseName(sketch.DrawingName));
    return true;
  };

  return { exportDexpi, openImported };
}
