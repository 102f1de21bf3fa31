import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockFetch } from '../../test/fetchMock.ts';
import { signedInRoutes } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { testLegend } from '../legend/test/legendFixture.ts';
import { ENGINEERING_CONTACT_EMAIL } from './EngineeringPage.tsx';

const routes = () => ({
  ...signedInRoutes(),
  '/api/dsear': { json: [] },
  '/api/legend': { json: testLegend },
});

describe('engineering page', () => {
  it('welcomes the user with a contact address and offers the four tools', async () => {
    mockFetch(routes());
    renderApp({ path: '/engineering' });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Engineering Apps' });
    const page = heading.closest<HTMLElement>('.page-container')!;
    expect(within(page).getByText(/under development/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: ENGINEERING_CONTACT_EMAIL })).toHaveAttribute(
      'href',
      `mailto:${ENGINEERING_CONTACT_EMAIL}`,
    );
    expect(
      within(page)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['P&ID Legend', 'P&ID Symbol Library', 'Sketchup Tool', 'DSEAR Register']);
    expect(screen.getByRole('button', { name: 'P&ID Legend' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'P&ID Symbol Library' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sketchup Tool' })).toHaveAttribute('href', '/SketchUp');
    expect(screen.getByRole('link', { name: 'DSEAR Register' })).toHaveAttribute('href', '/dsear');
    expect(screen.queryByText('Coming later')).not.toBeInTheDocument();
  });

  it('opens the P&ID Legend and the symbol library in dialogs on the same page', async () => {
    mockFetch(routes());
    renderApp({ path: '/engineering' });
    await userEvent.click(await screen.findByRole('button', { name: 'P&ID Legend' }));
    const legend = await screen.findByRole('dialog', { name: 'P&ID Legend' });
    expect(legend).toContainElement(document.getElementById('PID'));
    expect(await within(legend).findByRole('cell', { name: 'Raw Sewage' })).toBeInTheDocument();
    await userEvent.click(within(legend).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await userEvent.click(screen.getByRole('button', { name: 'P&ID Symbol Library' }));
    const library = await screen.findByRole('dialog', { name: 'P&ID Symbol Library' });
    expect(within(library).getAllByRole('heading', { level: 2 })).toHaveLength(26);
    expect(screen.getByTestId('location')).toHaveTextContent('/engineering');
  });

  it('leads to the DSEAR register', async () => {
    mockFetch(routes());
    renderApp({ path: '/engineering' });
    await userEvent.click(await screen.findByRole('link', { name: 'DSEAR Register' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'DSEAR Register' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/dsear');
    expect(await screen.findByText('The register has no entries yet.')).toBeInTheDocument();
  });
});
