import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { browser } from '../../../base/browser.ts';
import { calls, deferred, mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { configRoutes, user } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render.tsx';

const signedOut = { ...configRoutes(), '/api/user': { status: 401, error: 'Not signed in' } };

describe('sign-in page', () => {
  it('says what the product is and links to the read-more PDF in a new tab', () => {
    mockFetch(signedOut);
    renderApp({ path: '/' });
    expect(screen.getByRole('heading', { level: 1, name: 'Penstock project viewer' })).toBeInTheDocument();
    const readMore = screen.getByRole('link', { name: 'Read more' });
    expect(readMore).toHaveAttribute('href', '/config/readMore.pdf');
    expect(readMore).toHaveAttribute('target', '_blank');
  });

  it('fetches the sign-in address as text, then sends the browser to it', async () => {
    const address = deferred<Reply>();
    mockFetch({ ...signedOut, '/api/auth/signin-url': () => address.promise });
    const setHref = vi.spyOn(browser, 'setHref').mockImplementation(() => undefined);
    renderApp({ path: '/' });
    const button = screen.getByRole('button', { name: 'Sign in' });
    await userEvent.click(button);
    expect(button).toBeDisabled();
    expect(screen.getByText('Taking you to the sign-in page...')).toBeInTheDocument();
    address.resolve({ text: '/auth/signin?returnTo=%2Fmain' });
    await waitFor(() => expect(setHref).toHaveBeenCalledWith('/auth/signin?returnTo=%2Fmain'));
  });

  it('asks for a sign-in address that leads back to the deep link the visitor opened', async () => {
    const back = encodeURIComponent('/main?view=sv.1');
    mockFetch({
      ...signedOut,
      [`/api/auth/signin-url?returnTo=${back}`]: { text: `/auth/signin?returnTo=${back}` },
    });
    const setHref = vi.spyOn(browser, 'setHref').mockImplementation(() => undefined);
    renderApp({ path: `/?returnTo=${back}` });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(setHref).toHaveBeenCalledWith(`/auth/signin?returnTo=${back}`));
  });

  it('ignores a return address on another site', async () => {
    mockFetch({ ...signedOut, '/api/auth/signin-url': { text: '/auth/signin?returnTo=%2Fmain' } });
    const setHref = vi.spyOn(browser, 'setHref').mockImplementation(() => undefined);
    renderApp({ path: `/?returnTo=${encodeURIComponent('//evil.example/')}` });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(setHref).toHaveBeenCalledWith('/auth/signin?returnTo=%2Fmain'));
  });

  it('shows an error when the sign-in address cannot be fetched', async () => {
    mockFetch({ ...signedOut, '/api/auth/signin-url': { status: 503, error: 'Service unavailable' } });
    const setHref = vi.spyOn(browser, 'setHref').mockImplementation(() => undefined);
    renderApp({ path: '/' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Could not start signing in: Service unavailable',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(setHref).not.toHaveBeenCalled();
  });

  it('offers to continue to the projects when a session exists, keeping Sign in', async () => {
    mockFetch({ ...configRoutes(), '/api/user': { json: user } });
    renderApp({ path: '/' });
    expect(await screen.findByRole('link', { name: /Continue to projects/ })).toHaveAttribute(
      'href',
      '/main',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('without single sign-on offers nothing besides the Sign in button (the server has no methods call)', async () => {
    const fetchMock = mockFetch(signedOut);
    renderApp({ path: '/' });
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/auth/methods'));
    expect(screen.queryByText(/You sign in with/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Penstock password/ })).not.toBeInTheDocument();
  });

  it('with single sign-on names the provider and links to password sign-in while it is allowed', async () => {
    mockFetch({
      ...signedOut,
      '/api/auth/methods': { json: { singleSignOn: { name: 'Contoso ID' }, passwordSignIn: true } },
    });
    renderApp({ path: '/' });
    expect(await screen.findByText(/You sign in with Contoso ID\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in with a Penstock password instead' })).toHaveAttribute(
      'href',
      '/auth/signin?returnTo=%2Fmain',
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('with password sign-in turned off offers no password sign-in', async () => {
    mockFetch({
      ...signedOut,
      '/api/auth/methods': { json: { singleSignOn: { name: 'Contoso ID' }, passwordSignIn: false } },
    });
    renderApp({ path: '/' });
    expect(await screen.findByText(/You sign in with Contoso ID\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Penstock password/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });
});
