import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CHANGED_PAGES_DPI } from '@penstock/shared';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { ChangedPages } from './ChangedPages.tsx';

// the pixel compare (pdf.js and its worker) does not run in jsdom: a session that counts one of two pages
const session = vi.hoisted(() => ({
  pageCount: 2,
  countChangedPages: vi.fn(async (_settings: { dpi: number }, progress?: (d: number, t: number) => void) => {
    progress?.(1, 2);
    progress?.(2, 2);
    return 1;
  }),
  dispose: vi.fn(),
}));
vi.mock('../hooks/compareEngine.ts', () => ({ openDrawingCompare: vi.fn(async () => session) }));

const BASE = 'v.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const HEAD = 'v.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const URL = `/api/compare-files/changed-pages?base=${BASE}&head=${HEAD}`;
const count = (changed: number, by = 'Ada Lovelace') => ({
  count: {
    baseVersionId: BASE,
    headVersionId: HEAD,
    dpi: CHANGED_PAGES_DPI,
    changed,
    pages: 2,
    countedAt: '2026-12-05T10:00:00.000Z',
    countedByName: by,
  },
});

describe('the changed-page count of the version list', () => {
  it('shows the team’s count from the server without counting again', async () => {
    const fetchMock = mockFetch({ [URL]: { json: count(1) } });
    renderWithProviders(<ChangedPages baseVersionId={BASE} headVersionId={HEAD} />);
    expect(await screen.findByTestId('changed-pages')).toHaveTextContent('1 of 2 pages differ');
    expect(screen.getByTestId('changed-pages')).toHaveAttribute(
      'title',
      'At 72 dpi. Counted by Ada Lovelace.',
    );
    expect(calls(fetchMock)).toEqual([`GET ${URL}`]);
    expect(session.countChangedPages).not.toHaveBeenCalled();
  });

  it('counts in the browser when nobody has, and posts the count for the team', async () => {
    const posted: unknown[] = [];
    mockFetch({
      [URL]: { json: { count: null } },
      'PUT /api/compare-files/changed-pages': (init) => {
        posted.push(JSON.parse(String(init?.body)));
        // another browser was first: its count is the team's
        return { json: count(0, 'Grace Hopper') };
      },
    });
    renderWithProviders(<ChangedPages baseVersionId={BASE} headVersionId={HEAD} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Count changed pages' }));
    expect(await screen.findByTestId('changed-pages')).toHaveTextContent('No page differs');
    expect(session.countChangedPages).toHaveBeenCalledWith({ dpi: CHANGED_PAGES_DPI }, expect.any(Function));
    expect(posted).toEqual([{ base: BASE, head: HEAD, changed: 1, pages: 2 }]);
    expect(session.dispose).toHaveBeenCalled();
    expect(localStorage.length).toBe(0);
  });

  it('says when the count cannot be kept', async () => {
    mockFetch({
      [URL]: { json: { count: null } },
      'PUT /api/compare-files/changed-pages': {
        status: 404,
        error: 'That version does not exist, or it was deleted',
      },
    });
    renderWithProviders(<ChangedPages baseVersionId={BASE} headVersionId={HEAD} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Count changed pages' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Not counted: That version does not exist, or it was deleted',
      ),
    );
  });
});
