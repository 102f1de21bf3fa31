import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { createQueryClient } from '../../base/queryClient.ts';
import { mockFetch } from '../../test/fetchMock.ts';
import { PROJECT_ID } from '../../test/fixtures.ts';
import { DeletedItemsDialog } from './DeletedItemsDialog.tsx';
import { VersionsDialog } from './VersionsDialog.tsx';

function Where() {
  const location = useLocation();
  return <span data-testid="where">{`${location.pathname}${location.search}`}</span>;
}
const wrap = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/main']}>
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
        {ui}
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => vi.unstubAllGlobals());

const version = (n: number, extra: Record<string, unknown>) => ({
  id: `v.${n}`,
  itemId: 'i.1',
  number: n,
  fileName: 'PID-0101.pdf',
  size: 10,
  contentType: 'application/pdf',
  sha256: 'x',
  createdAt: '2026-11-23T10:00:00.000Z',
  createdBy: 'u.1',
  ...extra,
});

describe('document versions and deleted items', () => {
  it('lists versions with revision, suitability and where each came from', async () => {
    mockFetch({
      '/api/items/i.1/versions': {
        json: [
          version(2, {
            revision: 'C02',
            suitability: 'A1',
            derivedFrom: {
              versionId: 'v.9',
              fileName: 'PID-0101.pdf',
              folderPath: 'Shared/Process',
              revision: 'P02',
            },
          }),
          version(1, { revision: 'C01', suitability: 'A1', derivedFrom: null }),
        ],
      },
    });
    const closed = vi.fn();
    wrap(<VersionsDialog itemId="i.1" name="PID-0101.pdf" onClose={closed} />);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[1]!).getByText('C02')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('from Shared/Process/PID-0101.pdf P02')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('C01')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('A1')).toHaveAttribute(
      'title',
      expect.stringMatching(/Authorised and accepted/),
    );
    // the newer version compares with the one before it (issue 34 §3); the first has nothing before it
    expect(within(rows[2]!).queryByRole('button', { name: /Compare/ })).toBeNull();
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Compare V2 with V1' }));
    expect(closed).toHaveBeenCalled();
    expect(screen.getByTestId('where')).toHaveTextContent('/main?compare=v.1..v.2');
  });

  it('restores a deleted item for a manager and says so', async () => {
    const user = userEvent.setup();
    const restored: string[] = [];
    mockFetch({
      [`/api/projects/${PROJECT_ID}/deleted`]: {
        json: [
          {
            itemId: 'i.7',
            name: 'Notes.txt',
            folderId: 'f.1',
            folderPath: 'WIP/Process',
            deletedAt: '2026-11-23T10:00:00.000Z',
            deletedBy: 'Erin Walsh',
          },
        ],
      },
      'POST /api/items/i.7/restore': () => {
        restored.push('i.7');
        return { json: { id: 'i.7', text: 'Notes.txt', type: 'item', children: false, hrefbim360: '/x' } };
      },
    });
    wrap(<DeletedItemsDialog projectId={PROJECT_ID} onClose={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Restore' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Notes.txt has been restored to WIP/Process');
    expect(restored).toEqual(['i.7']);
  });
});
