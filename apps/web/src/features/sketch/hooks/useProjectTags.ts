import { useCallback, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { sketchBaseName, tagStem, type PidSpec, type TagsInUseAnswer } from '@penstock/shared';
import { apiFetch } from '../../../base/api.ts';
import { useSavedSketches } from './useSketches.ts';

/**
 * The tags already used in the project for a class's prefix (issue 37 §2): the project's models and asset
 * register (GET /api/projects/:projectId/tags-in-use, asked once a minute per stem) and the project's other
 * saved sketches, so a new symbol gets the project's next free number (P-101 in use: P-102).
 */
export function useProjectTags(
  projectId: string | undefined,
  numbering: PidSpec['numbering'],
  openBase?: string,
) {
  const client = useQueryClient();
  const sketches = useSavedSketches(projectId);
  const sketchTags = useMemo(
    () =>
      (sketches.data ?? [])
        .filter((sketch) => sketchBaseName(sketch.DrawingName) !== openBase)
        .flatMap((sketch) => sketch.Images.flatMap((image) => (image.tag ? [image.tag] : []))),
    [sketches.data, openBase],
  );
  return useCallback(
    async (prefix: string): Promise<string[]> => {
      const stem = tagStem(numbering.pattern, prefix, numbering.area);
      if (!projectId || !stem) return sketchTags;
      const answer = await client
        .fetchQuery({
          queryKey: ['tagsInUse', projectId, stem.toUpperCase()],
          queryFn: () =>
            apiFetch<TagsInUseAnswer>(
              `/api/projects/${encodeURIComponent(projectId)}/tags-in-use?stem=${encodeURIComponent(stem)}`,
            ),
          staleTime: 60_000,
        })
        // the suggestion falls back to the sketch's own tags when the project's cannot be read
        .catch(() => ({ tags: [] as string[] }));
      return [...sketchTags, ...answer.tags];
    },
    [client, projectId, numbering.pattern, numbering.area, sketchTags],
  );
}
