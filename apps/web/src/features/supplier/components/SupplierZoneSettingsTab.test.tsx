import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SUPPLIER_LINK_MESSAGE, type SupplierZoneSettings } from '@penstock/shared';
import { mockFetch } from '../../../test/fetchMock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { SupplierZoneSettingsTab } from './SupplierZoneSettingsTab.tsx';
import { zoneSettings } from '../test/supplierFixtures.ts';

describe('the Supplier Zone tab of Administration', () => {
  it('refuses an unsafe link, then saves the cards and the contact address', async () => {
    let saved: SupplierZoneSettings | undefined;
    mockFetch({
      '/api/supplier/settings': { json: zoneSettings },
      'PUT /api/supplier/settings': (init) => {
        saved = JSON.parse(String(init?.body));
        return { json: saved };
      },
    });
    const user = userEvent.setup();
    renderWithProviders(<SupplierZoneSettingsTab />);
    const link = await screen.findByLabelText('Procedures and guidance documents 2: link');
    await user.type(link, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText(`Procedures and guidance documents, card 2: ${SUPPLIER_LINK_MESSAGE}`),
    ).toBeInTheDocument();
    expect(saved).toBeUndefined();

    await user.clear(link);
    await user.type(link, 'https://docs.example/issues.pdf');
    await user.clear(screen.getByLabelText('Contact address for register updates'));
    await user.type(screen.getByLabelText('Contact address for register updates'), 'sdc@example.com');
    await user.click(screen.getByRole('button', { name: 'Remove Project viewer 3D training' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(saved).toEqual({
      contactEmail: 'sdc@example.com',
      procedures: [
        zoneSettings.procedures[0],
        { title: 'Creating issues', url: 'https://docs.example/issues.pdf' },
      ],
      trainingVideos: [],
    });
  });
});
