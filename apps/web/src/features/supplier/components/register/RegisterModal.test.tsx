import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SDC_NO_RESULTS } from '@penstock/shared';
import { mockFetch } from '../../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { register } from '../../test/supplierFixtures.ts';
import { RegisterModal } from './RegisterModal.tsx';

const cards = () => within(screen.getByRole('list', { name: 'Suppliers' })).queryAllByRole('article');

/** Picks an option of a react-select filter by typing part of it. */
async function choose(user: ReturnType<typeof userEvent.setup>, filter: string, text: string) {
  await user.click(screen.getByLabelText(filter));
  await user.keyboard(text);
  await user.keyboard('{Enter}');
}

describe('the Design Competency Register', () => {
  it('shows approved suppliers as cards with logo, capabilities and contact details', async () => {
    mockFetch({ '/api/getsdcdata': { json: register } });
    renderWithProviders(<RegisterModal show onHide={() => {}} />);
    const severn = await screen.findByRole('article', { name: 'Severn Valley Process Design Ltd' });
    expect(cards()).toHaveLength(2);
    expect(screen.queryByText('Waiting Ltd')).not.toBeInTheDocument();
    expect(within(severn).getByRole('img')).toHaveAttribute('src', '/logos/abcd1234-Severnlogo.png');
    expect(within(severn).getByText('Other: Storm overflow screens')).toBeInTheDocument();
    expect(within(severn).getByText('Pumping stations (clean water and wastewater)')).toBeInTheDocument();
    for (const text of ['MEICA partner', '2026-11-20', 'Rhiannon Price', '01684 555 0142'])
      expect(within(severn).getByText(text)).toBeInTheDocument();
    expect(within(severn).getByRole('link', { name: 'design@severn.example' })).toHaveAttribute(
      'href',
      'mailto:design@severn.example',
    );
    // '---' means no logo
    const avon = screen.getByRole('article', { name: 'Avon Pipelines Ltd' });
    expect(within(avon).queryByRole('img')).not.toBeInTheDocument();
  });

  it('filters by supplier and by discipline, and says when nothing matches', async () => {
    mockFetch({ '/api/getsdcdata': { json: register } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterModal show onHide={() => {}} />);
    await screen.findByRole('article', { name: 'Avon Pipelines Ltd' });
    await choose(user, 'Underground pipeline', '16 bar');
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual(['Avon Pipelines Ltd']);
    await choose(user, 'Supplier', 'Severn');
    expect(screen.getByText(SDC_NO_RESULTS)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(cards()).toHaveLength(2);
    await choose(user, 'Mechanical systems', 'Pumping stations');
    expect(cards().map((card) => card.getAttribute('aria-label'))).toEqual([
      'Severn Valley Process Design Ltd',
    ]);
  });

  it('gives the package filter five options and no Other', async () => {
    mockFetch({ '/api/getsdcdata': { json: register } });
    const user = userEvent.setup();
    renderWithProviders(<RegisterModal show onHide={() => {}} />);
    await screen.findByRole('article', { name: 'Avon Pipelines Ltd' });
    await user.click(screen.getByLabelText('Package systems'));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(5);
    expect(options.map((option) => option.textContent)).not.toContain('Other');
  });
});
