import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { emptySdcForm, type SdcData, type SdcRegister, type SupplierZoneSettings } from '@penstock/shared';

/** Shared fixtures of the Supplier Zone's component tests. */

export const zoneSettings: SupplierZoneSettings = {
  contactEmail: 'register@alliance.example',
  procedures: [
    { title: 'Document control procedure', url: '/api/items/i.doc/content' },
    { title: 'Creating issues', url: '' },
  ],
  trainingVideos: [{ title: 'Project viewer 3D training', url: 'https://videos.example/3d' }],
};

export const sdcData = (overrides: Partial<SdcData>): SdcData => {
  const { website: _honeypot, ...blank } = emptySdcForm();
  return { ...blank, ...overrides };
};

export const register: SdcRegister = {
  'sdc.1': {
    Status: 'Approved',
    LogoName: 'abcd1234-Severn logo.png',
    Data: sdcData({
      companyName: 'Severn Valley Process Design Ltd',
      competentMechanicalSystems: ['Pumping stations (clean water and wastewater)', 'Other'],
      otherMechanicalSystems: 'Storm overflow screens',
      supportedBy: 'MEICA partner',
      dateOfLastReview: '2026-11-20',
      name: 'Rhiannon Price',
      companyPhone: '01684 555 0142',
      companyAddress: 'Unit 4\nTewkesbury',
      companyEmail: 'design@severn.example',
    }),
  },
  'sdc.2': {
    Status: 'Approved',
    LogoName: '---',
    Data: sdcData({
      companyName: 'Avon Pipelines Ltd',
      competentUndergroundPipeline: ['Rising mains and pressure pipelines up to a test pressure of 16 bar'],
    }),
  },
  'sdc.3': { Status: 'Pending', LogoName: '---', Data: sdcData({ companyName: 'Waiting Ltd' }) },
};

/** Answers every required question of the open form. */
export async function fillRequired(user: UserEvent) {
  const form = screen.getByRole('form', { name: 'Design Competency Form' });
  await user.type(within(form).getByLabelText(/^Company name/), 'Acme Water Design Ltd');
  await user.type(within(form).getByLabelText(/^Company registration number/), '01234567');
  await user.type(within(form).getByLabelText(/^Company address/), '1 Mill Lane, Leeds');
  await user.type(within(form).getByLabelText(/^Company phone number/), '0113 496 0000');
  await user.type(within(form).getByLabelText(/^Company email address/), 'design@acme.example');
  for (const question of [
    /trade, or has it traded/,
    /documented design procedure/,
    /proven track record/,
    /professional indemnity/,
  ])
    await user.click(within(screen.getByRole('group', { name: question })).getByLabelText('No'));
  await user.click(
    within(screen.getByRole('group', { name: /professional indemnity/ })).getByLabelText('Yes'),
  );
  await user.type(within(form).getByLabelText(/^Your name/), 'Jo Bloggs');
}
