import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CompareFiles, ProjectUser } from '@penstock/shared';
import { formatMarkupDate } from '@penstock/shared';
import { toPageFractions } from '@penstock/viewer/compare';
import { DEFAULT_MARKUP_STYLE, type MarkupDrawing } from '@penstock/viewer/markup';
import {
  fetchProjectUsers,
  markupsKey,
  projectUsersKey,
  saveMarkup,
  type MarkupDraft,
} from '../../markups/api.ts';
import type { PageClouds } from './useDrawingCompare.ts';

/** The clouds' markup colour: revision-cloud red. */
export const CLOUD_STYLE = { ...DEFAULT_MARKUP_STYLE, stroke: '#E0001B', strokeWidth: 2 };

/** The kept clouds of a page as a markup drawing ('fill' frame: fractions of the page, as PDF markups). */
export function cloudsDrawing(page: PageClouds, pageIndex: number): MarkupDrawing {
  return {
    version: 1,
    frame: 'fill',
    shapes: page.regions
      .filter((_, index) => !page.dropped.includes(index))
      .map((rect, index) => ({
        id: `compare-${pageIndex + 1}-${index + 1}`,
        type: 'cloud' as const,
        ...toPageFractions(rect, page.width, page.height),
        style: CLOUD_STYLE,
      })),
  };
}

/** The pages with kept clouds, in page order. */
export const pagesWithClouds = (clouds: Record<number, PageClouds>): number[] =>
  Object.keys(clouds)
    .map(Number)
    .filter((index) => clouds[index]!.regions.some((_, cloud) => !clouds[index]!.dropped.includes(cloud)))
    .sort((a, b) => a - b);

/**
 * Save the kept clouds as markups on the newer version (one markup a page, named '<title> (page n)' when
 * there are several), for the reviewer chosen as in Create Markup. `preview` gives a page's PNG preview
 * (the page shown) or '' (the others: their images were let go).
 */
export function useSaveClouds(files: CompareFiles, previewOf: (pageIndex: number) => Promise<string>) {
  const projectId = files.head.projectId;
  const queryClient = useQueryClient();
  const users = useQuery({
    queryKey: projectUsersKey(projectId),
    queryFn: () => fetchProjectUsers(projectId),
  });
  const save = useMutation({
    mutationFn: async ({
      title,
      reviewer,
      clouds,
      projectName,
    }: {
      title: string;
      reviewer: ProjectUser;
      clouds: Record<number, PageClouds>;
      projectName: string;
    }) => {
      const pages = pagesWithClouds(clouds);
      if (pages.length === 0) throw new Error('There are no clouds to save: every cloud was dropped.');
      const saved = [];
      for (const pageIndex of pages) {
        const markupTitle = pages.length > 1 ? `${title} (page ${pageIndex + 1})` : title;
        const record: MarkupDraft = {
          projectId,
          projectName,
          documentId: files.head.id,
          itemId: files.head.itemId,
          documentName: files.head.fileName,
          createdDate: new Date().toISOString(),
          createdByUserId: '',
          createdByName: '',
          createdFor: reviewer.email,
          actioned: false,
          title: markupTitle,
          markupData: [
            {
              markupTitle,
              markupData: JSON.stringify(cloudsDrawing(clouds[pageIndex]!, pageIndex)),
              markupstate: JSON.stringify({
                version: 1,
                kind: 'pdf',
                page: pageIndex,
                zoom: 1,
                scroll: { left: 0, top: 0 },
              }),
              imagePreview: await previewOf(pageIndex),
              documentName: files.head.fileName,
              documentVersion: `V${files.head.number}`,
              userName: '',
              created: formatMarkupDate(new Date()),
              createdFor: reviewer.email,
              actioned: false,
            },
          ],
        };
        saved.push(await saveMarkup(record));
      }
      return saved;
    },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: markupsKey(projectId, files.head.id) });
    },
  });
  return { users, save };
}
