import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  TAG_LOOKUP_LIMIT,
  duplicateTags,
  tagKey,
  tagStatus,
  type SketchLists,
  type TagLookupAnswer,
  type TagLookupEntry,
} from '@penstock/shared';
import { apiFetch } from '../../../base/api.ts';
import { pidItemInfo } from '../state/pidItems.ts';
import type { TagMark } from '../components/PidOverlay.tsx';

/**
 * The sketch's tag checks (issue 37 §2): a tag used twice in the sketch, else how it compares with the
 * project's models and asset register (POST /api/projects/:projectId/tag-lookup, asked again when the
 * set of tags changes). Without a project, or while the answer is on its way, only duplicates are marked.
 */
export function useTagChecks(projectId: string | undefined, lists: Pick<SketchLists, 'Images'>) {
  const tags = useMemo(
    () =>
      [...new Set(lists.Images.flatMap((image) => (image.tag?.trim() ? [image.tag.trim()] : [])))]
        .sort()
        .slice(0, TAG_LOOKUP_LIMIT),
    [lists.Images],
  );
  const answer = useQuery({
    queryKey: ['tag-lookup', projectId ?? '', tags],
    queryFn: () =>
      apiFetch<TagLookupAnswer>(`/api/projects/${encodeURIComponent(projectId ?? '')}/tag-lookup`, {
        method: 'POST',
        json: { tags },
      }),
    enabled: !!projectId && tags.length > 0,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
  const lookup = useMemo(() => {
    const byTag = new Map<string, TagLookupEntry>();
    for (const entry of answer.data?.tags ?? []) byTag.set(tagKey(entry.tag), entry);
    return byTag;
  }, [answer.data]);
  const marks = useMemo(() => {
    const out = new Map<string, TagMark>();
    const duplicates = duplicateTags(lists);
    for (const image of lists.Images) {
      const tag = image.tag?.trim();
      if (!tag) continue;
      if (duplicates.has(tagKey(tag))) out.set(image.id, 'duplicate');
      else if (answer.data)
        out.set(image.id, tagStatus(pidItemInfo(image).itemClass, lookup.get(tagKey(tag))));
    }
    return out;
  }, [lists, answer.data, lookup]);
  return { marks, lookup, models: answer.data?.models ?? [], error: answer.error };
}
