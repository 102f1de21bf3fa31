import { useState } from 'react';
import type { CompareFiles } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { CreateMarkupModal } from '../../markups/components/CreateMarkupModal.tsx';
import type { PageClouds } from '../hooks/useDrawingCompare.ts';
import { pagesWithClouds, useSaveClouds } from '../hooks/useSaveClouds.ts';

/**
 * The clouds of the page shown (drop the ones that do not matter, keep them again) and the saving of the
 * kept clouds of every page looked at as markups on the newer version.
 */
export function CloudsPanel({
  files,
  projectName,
  pageIndex,
  clouds,
  busy,
  onToggle,
  previewOf,
}: {
  files: CompareFiles;
  projectName: string;
  pageIndex: number;
  clouds: Record<number, PageClouds>;
  busy: boolean;
  onToggle: (cloud: number) => void;
  previewOf: (pageIndex: number) => Promise<string>;
}) {
  const { users, save } = useSaveClouds(files, previewOf);
  const [open, setOpen] = useState(false);
  const [savedCount, setSavedCount] = useState<number | null>(null);
  const page = clouds[pageIndex];
  const pages = pagesWithClouds(clouds);
  const kept = pages.reduce(
    (sum, index) => sum + clouds[index]!.regions.length - clouds[index]!.dropped.length,
    0,
  );
  return (
    <section aria-labelledby="clouds-title">
      <h2 id="clouds-title" className="h6">
        Change clouds
      </h2>
      {!page || busy ? (
        <p className="small text-body-secondary">Finding the changes…</p>
      ) : page.regions.length === 0 ? (
        <p className="small">No differences on this page.</p>
      ) : (
        <>
          <p className="small mb-1" data-testid="cloud-count">
            {page.regions.length} {page.regions.length === 1 ? 'cloud' : 'clouds'} on page {pageIndex + 1}
            {page.dropped.length > 0 ? `, ${page.dropped.length} dropped` : ''}
          </p>
          <ol className="list-unstyled small mb-2">
            {page.regions.map((rect, index) => {
              const dropped = page.dropped.includes(index);
              return (
                <li key={`${rect.x},${rect.y}`} className="d-flex align-items-center gap-2 mb-1">
                  <span className={dropped ? 'text-decoration-line-through text-body-secondary' : ''}>
                    Cloud {index + 1}
                  </span>
                  <button
                    type="button"
                    className="btn btn-sm btn-link p-0 ms-auto"
                    onClick={() => onToggle(index)}
                    aria-label={`${dropped ? 'Keep' : 'Drop'} cloud ${index + 1}`}
                  >
                    {dropped ? 'Keep' : 'Drop'}
                  </button>
                </li>
              );
            })}
          </ol>
        </>
      )}
      <button
        type="button"
        className="btn btn-sm btn-primary"
        disabled={kept === 0 || save.isPending}
        onClick={() => {
          setSavedCount(null);
          setOpen(true);
        }}
      >
        Save as markups
      </button>
      <p className="small text-body-secondary mt-1 mb-0">
        {kept} kept {kept === 1 ? 'cloud' : 'clouds'} on {pages.length}{' '}
        {pages.length === 1 ? 'page' : 'pages'} looked at, saved on V{files.head.number} of{' '}
        {files.head.fileName}.
      </p>
      {savedCount !== null && (
        <p role="status" className="small text-success mt-1 mb-0">
          Saved {savedCount} {savedCount === 1 ? 'markup' : 'markups'} on V{files.head.number}: open the file
          to see
          {savedCount === 1 ? ' it' : ' them'} in the Markup Panel.
        </p>
      )}
      {users.isError && (
        <p role="alert" className="small text-danger mt-1 mb-0">
          The project's users could not be loaded: {errorMessage(users.error)}
        </p>
      )}
      <CreateMarkupModal
        show={open}
        users={users.data ?? []}
        saving={save.isPending}
        error={save.isError ? `The markups could not be saved: ${errorMessage(save.error)}` : null}
        onClose={() => setOpen(false)}
        onCreate={(title, reviewer) =>
          save.mutate(
            { title, reviewer, clouds, projectName },
            {
              onSuccess: (saved) => {
                setOpen(false);
                setSavedCount(saved.length);
              },
            },
          )
        }
      />
    </section>
  );
}
