import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';

describe('engineering page', () => {
  it('welcomes the user and leads to the DSEAR register; the other tools are marked for later', async () => {
    mockFetch({ ...signedInRoutes(), '/api/dsear': { json: [] } });
    renderApp({ path: '/engineering' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Engineering Apps' })).toBeInTheDocument();
    expect(screen.getByText(/under development/)).toBeInTheDocument();
    expect(screen.getAllByText('Coming later')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: /Sketchup Tool/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'DSEAR Register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'DSEAR Register' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dsear');
    expect(await screen.findByText('The register has no entries yet.')).toBeInTheDocument();
  });
});
