import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { signedInRoutes } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const counts = { pendingReview: 1, pendingApproval: 1, markups: 1, dsear: 0, total: 3 };

describe('the header bell', () => {
  it('shows the number of items waiting, with the breakdown, and links to the personal hub', async () => {
    mockFetch({ ...signedInRoutes(), '/api/hub/counts': { json: counts } });
    renderApp({ path: '/feedback' });
    const link = await screen.findByRole('link', {
      name: '3 items waiting for you: 1 review, 1 approval, 1 markup',
    });
    expect(link).toHaveAttribute('href', '/personalHub');
    expect(link).toHaveAttribute('title', '3 items waiting for you: 1 review, 1 approval, 1 markup');
    expect(link).toHaveTextContent('3');
    await userEvent.click(link);
    expect(screen.getByTestId('location')).toHaveTextContent('/personalHub');
    expect(await screen.findByRole('heading', { level: 1, name: 'Personal Hub' })).toBeInTheDocument();
  });

  it('shows no badge when nothing is waiting, or when the count cannot load', async () => {
    const fetchMock = mockFetch({
      ...signedInRoutes(),
      '/api/hub/counts': { json: { pendingReview: 0, pendingApproval: 0, markups: 0, dsear: 0, total: 0 } },
    });
    const { unmount } = renderApp({ path: '/feedback' });
    const link = await screen.findByRole('link', { name: 'Personal hub: nothing is waiting for you' });
    expect(within(link).queryByText('0')).not.toBeInTheDocument();
    expect(link.textContent).toBe('');
    expect(calls(fetchMock)).toContain('GET /api/hub/counts');
    unmount();

    mockFetch({ ...signedInRoutes(), '/api/hub/counts': { status: 500, error: 'down' } });
    renderApp({ path: '/feedback' });
    await waitFor(() =>
      expect(
        screen.getByRole('link', { name: 'Personal hub (the pending count could not be loaded)' }),
      ).toHaveTextContent(''),
    );
  });
});
