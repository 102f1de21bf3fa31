import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../base/browser.ts';
import { initialAppState } from '../../base/store.tsx';
import { calls, deferred, mockFetch, type Reply } from '../../test/fetchMock.ts';
import { PROJECT_ID, admin, project, signedInRoutes, user } from '../../test/fixtures.ts';
import { renderApp, storeState } from '../../test/render.tsx';

const withProject = {
  ...initialAppState(),
  selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '/projectLog?projectId=b.1' },
};

describe('signed-in shell', () => {
  it("waits for the user, then shows the user's name", async () => {
    const userReply = deferred<Reply>();
    mockFetch({ ...signedInRoutes(), '/api/user': () => userReply.promise });
    renderApp({ path: '/main' });
    expect(screen.getByText('Waiting for user information...')).toBeInTheDocument();
    userReply.resolve({ json: user });
    expect(await screen.findByRole('button', { name: /Ada Lovelace/ })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for user information...')).not.toBeInTheDocument();
    expect(screen.getByText('AL')).toBeInTheDocument(); // initials avatar without a picture
  });

  it('redirects to / when the user request fails', async () => {
    mockFetch({ ...signedInRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
    renderApp({ path: '/main' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });

  it('keeps a deep link through the sign-in page when the user is signed out', async () => {
    mockFetch({ ...signedInRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
    renderApp({ path: '/main?view=sv.00000000-0000-4000-8000-000000000001' });
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(screen.getByTestId('location-search')).toHaveTextContent(
      `?returnTo=${encodeURIComponent('/main?view=sv.00000000-0000-4000-8000-000000000001')}`,
    );
  });

  it('has the header links, the home link and the footer credit', async () => {
    mockFetch(signedInRoutes());
    renderApp({ path: '/feedback' });
    await screen.findByRole('button', { name: /Ada Lovelace/ });
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect([...pages.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Project Page', '/main'],
      ['Engineering Page', '/engineering'],
      ['Supplier Zone', '/supplier'],
      ['Feedback', '/feedback'],
      ['Training', '/training'],
    ]);
    expect(screen.getByRole('link', { name: 'Penstock home' })).toHaveAttribute('href', '/main');
    expect(screen.getByText('Icons by Font Awesome, via react-icons')).toBeInTheDocument();
  });

  it('shows Project log only when a project is selected', async () => {
    mockFetch(signedInRoutes());
    const { unmount } = renderApp({ path: '/main' });
    await screen.findByRole('button', { name: /Ada Lovelace/ });
    expect(screen.queryByRole('link', { name: 'Project log' })).not.toBeInTheDocument();
    unmount();
    renderApp({ path: '/main', initialState: withProject });
    expect(await screen.findByRole('link', { name: 'Project log' })).toHaveAttribute(
      'href',
      '/projectLog?projectId=b.1',
    );
  });

  it('offers Administration only to administrators', async () => {
    mockFetch(signedInRoutes());
    const { unmount } = renderApp({ path: '/main' });
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    expect(await screen.findByRole('button', { name: 'Sign out' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Administration' })).not.toBeInTheDocument();
    unmount();

    mockFetch(signedInRoutes(admin));
    renderApp({ path: '/main' });
    await userEvent.click(await screen.findByRole('button', { name: /Grace Hopper/ }));
    await userEvent.click(await screen.findByRole('link', { name: 'Administration' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin');
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeInTheDocument();
  });

  it('opens and closes the 340 px left navigation', async () => {
    mockFetch(signedInRoutes());
    renderApp({ path: '/main' });
    const toggle = await screen.findByRole('button', { name: 'Hide project navigation' });
    const nav = screen.getByRole('complementary', { name: 'Project navigation' });
    expect(nav).toBeVisible();
    expect(nav).toHaveStyle({ width: '340px' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(nav).not.toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Show project navigation' }));
    expect(nav).toBeVisible();
  });

  it('starts with the left navigation closed when a review id is pending', async () => {
    mockFetch(signedInRoutes());
    renderApp({ path: '/main', initialState: initialAppState('review-1') });
    expect(await screen.findByRole('button', { name: 'Show project navigation' })).toBeInTheDocument();
  });

  it('signs out: calls logoff, clears all state, then leaves for the signed-out page', async () => {
    const fetchMock = mockFetch({
      ...signedInRoutes(),
      '/api/user/logoff': { json: { signedOutUrl: '/auth/signed-out' } },
    });
    sessionStorage.setItem('Pump station.ifc', '{"DynaPropValues":[]}');
    const { container, queryClient } = renderApp({ path: '/main', initialState: withProject });
    let cachedQueriesWhenLeaving = -1;
    let sessionItemsWhenLeaving = -1;
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {
      cachedQueriesWhenLeaving = queryClient.getQueryCache().getAll().length;
      sessionItemsWhenLeaving = sessionStorage.length;
    });

    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/signed-out'));
    expect(calls(fetchMock)).toContain('GET /api/user/logoff');
    expect(sessionItemsWhenLeaving).toBe(0);
    expect(cachedQueriesWhenLeaving).toBe(0);
    expect(storeState(container)).toEqual(initialAppState());
    expect(screen.getByText('Signing out...')).toBeInTheDocument();
    // nothing asks for the user again while the browser leaves
    expect(calls(fetchMock).filter((call) => call === 'GET /api/user')).toHaveLength(1);
  });

  it('keeps the session and says so when sign out fails', async () => {
    mockFetch({ ...signedInRoutes(), '/api/user/logoff': { status: 500, error: 'Database unavailable' } });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    renderApp({ path: '/main' });
    await userEvent.click(await screen.findByRole('button', { name: /Ada Lovelace/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Sign out failed: Database unavailable')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });

  it('loads every configuration file and unregisters service workers on start', async () => {
    const unregister = vi.fn(async () => true);
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    });
    const fetchMock = mockFetch(signedInRoutes());
    renderApp({ path: '/main' });
    await waitFor(() => expect(unregister).toHaveBeenCalledTimes(2));
    await screen.findByText('Choose a project to begin.');
    const configCalls = calls(fetchMock).filter((call) => call.startsWith('GET /config/'));
    // the eight files of spec 1 §2, and the start page as the server renders it
    expect(configCalls).toHaveLength(9);
    expect(configCalls).toContain('GET /config/startPage.md');
    expect(configCalls).toContain('GET /config/startPage.html');
  });

  it('shows a clear error when the configuration cannot be loaded', async () => {
    mockFetch({ ...signedInRoutes(), '/config/generalSettings.json': { json: ['many'] } });
    renderApp({ path: '/main' });
    expect(await screen.findByText('The configuration could not be loaded')).toBeInTheDocument();
    expect(screen.getByText(/generalSettings\.json is not a valid configuration file\./)).toBeInTheDocument();
  });
});
