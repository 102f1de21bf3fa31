import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import type { AppearanceSummary, ModelViewer } from '@penstock/viewer';
import { useToolState } from '../useToolState.ts';
import {
  colourOptions,
  fetchColourValues,
  fetchPropertyNames,
  propertyNamesKey,
  propertyValuesKey,
  type ColourOption,
} from './colourBy.ts';

/** The appearance's summary (counts, x-ray, legend, undo/redo), re-read on each of its changes. */
export function useAppearanceSummary(viewer: ModelViewer): AppearanceSummary {
  const { appearance } = viewer;
  return useToolState(appearance.onChange, appearance.summary);
}

/** Whether any object is selected, in any model of the view (a click tells before the viewer has it). */
export function useHasSelection(viewer: ModelViewer, selected: number | null): boolean {
  const [clicked, setClicked] = useState<boolean | null>(null);
  useEffect(() => viewer.onSelect((localId) => setClicked(localId !== null)), [viewer]);
  return selected !== null || clicked === true || viewer.selectedObjects().length > 0;
}

/** The model versions of the view: the tab's own, then the others (federation). */
export function useViewVersions(viewer: ModelViewer, versionId: string): string[] {
  const { federation } = viewer;
  const others = useToolState(federation.onChange, federation.list);
  const key = [versionId, ...others.map((model) => model.versionId).filter((id) => id !== versionId)].join(
    ' ',
  );
  return useMemo(() => key.split(' '), [key]);
}

/** What the view's objects can be coloured by (their property names, read once per model version). */
export function useColourOptions(versions: readonly string[]) {
  return useQueries({
    queries: versions.map((versionId) => ({
      queryKey: propertyNamesKey(versionId),
      queryFn: () => fetchPropertyNames(versionId),
      staleTime: Infinity,
    })),
    combine: (results) => ({
      options: colourOptions(results.map((result) => result.data ?? [])),
      loading: results.some((result) => result.isPending),
      error: results.find((result) => result.error)?.error ?? null,
    }),
  });
}

/** Colour the view's objects by an option: every model's values (read once, kept), then the viewer's colour-by. */
export function useColourBy(viewer: ModelViewer, versions: readonly string[]) {
  const client = useQueryClient();
  return useCallback(
    async (option: ColourOption) => {
      const lists = await Promise.all(
        versions.map((versionId) =>
          client.fetchQuery({
            queryKey: propertyValuesKey(versionId, option.source),
            queryFn: () => fetchColourValues(versionId, option.source),
            staleTime: Infinity,
          }),
        ),
      );
      await viewer.appearance.colourBy(option.label, lists.flat());
    },
    [client, viewer, versions],
  );
}
