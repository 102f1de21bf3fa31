import 'vitest-canvas-mock';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { mockFetch } from '../test/fetchMock.ts';
import { START_TEXT, configRoutes, signedInRoutes } from '../test/fixtures.ts';
import { renderApp, renderWithProviders } from '../test/render.tsx';
import { Shell } from './shell/Shell.tsx';

describe('route table', () => {
  it('shows the sign-in page on /', async () => {
    mockFetch({ ...configRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
    renderApp({ path: '/' });
    expect(screen.getByRole('heading', { name: 'Penstock project viewer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows the style guide on /bootstrap, outside the shell', async () => {
    mockFetch(configRoutes());
    renderApp({ path: '/bootstrap' });
    expect(await screen.findByRole('heading', { name: 'Style guide' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Accordion' })).toBeInTheDocument();
    expect(screen.queryByText('Waiting for user information...')).not.toBeInTheDocument();
  });

  it('draws a known shell route inside the signed-in shell', async () => {
    mockFetch(signedInRoutes());
    renderApp({ path: '/engineering' });
    expect(await screen.findByRole('heading', { name: 'Engineering Apps' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/engineering');
  });

  it.each(['/nowhere', '/Main', '/main/', '/training/intro', '/dsear/1'])(
    'redirects %s to /',
    async (path) => {
      mockFetch({ ...configRoutes(), '/api/user': { status: 401, error: 'Not signed in' } });
      renderApp({ path });
      expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
      expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    },
  );

  it('shows the main page for an unknown page inside the shell', async () => {
    mockFetch(signedInRoutes());
    renderWithProviders(<Shell />, { path: '/not-a-page' });
    expect(await screen.findByText(START_TEXT)).toBeInTheDocument();
  });

  it.each([
    ['/supplier', 'NEW Design Competency Apps'],
    ['/feedback', 'Feedback'],
    ['/training', 'Training'],
    ['/personalHub', 'Personal Hub'],
    ['/dsear', 'DSEAR Register'],
    ['/dsearNew', 'DSEAR Register'],
    ['/SketchUp', 'Sketch editor'],
    ['/projectLog', 'Project log'],
  ])('gives %s its heading', async (path, heading) => {
    mockFetch(signedInRoutes());
    renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });
});
