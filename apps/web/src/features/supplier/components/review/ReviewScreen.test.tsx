import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SDC_MANAGER_ONLY, type CurrentUser, type SdcSubmissionDetail } from '@penstock/shared';
import { calls, mockFetch } from '../../../../test/fetchMock.ts';
import { user as staff } from '../../../../test/fixtures.ts';
import { renderWithProviders } from '../../../../test/render.tsx';
import { createQueryClient } from '../../../../base/queryClient.ts';
import { currentUserKey } from '../../../auth/hooks/useCurrentUser.ts';
import { sdcData } from '../../test/supplierFixtures.ts';
import { ReviewScreen } from './ReviewScreen.tsx';

const ID = 'sdc.11111111-1111-4111-8111-111111111111';
const manager = { ...staff, roles: ['supplier_register_manager' as const] };
const detail: SdcSubmissionDetail = {
  id: ID,
  status: 'Pending',
  companyName: 'Acme Water Design Ltd',
  submittedAt: '2026-11-23T09:00:00.000Z',
  reviewedAt: null,
  reviewedBy: null,
  dateOfLastReview: null,
  attachmentCount: 1,
  hasLogo: true,
  data: sdcData({
    companyName: 'Acme Water Design Ltd',
    FurtherDetails: '<b>not bold</b>',
    competentCivilElements: ['Buildings, kiosks and superstructures'],
  }),
  logo: { name: 'abcd-logo.png', contentType: 'image/png', url: `/api/supplier/submissions/${ID}/logo` },
  attachments: [
    {
      id: 'sdf.1',
      fileName: 'Case study.pdf',
      size: 2048,
      contentType: 'application/pdf',
      url: `/api/supplier/submissions/${ID}/files/sdf.1`,
    },
  ],
  reviewNote: '',
};

/** The shell has loaded the signed-in user; the screen reads that answer. */
function signedInAs(who: CurrentUser) {
  const client = createQueryClient();
  client.setQueryData(currentUserKey, who);
  return client;
}

describe('the supplier register manager’s review screen', () => {
  it('tells anyone without the role that it is not for them', async () => {
    mockFetch({});
    renderWithProviders(<ReviewScreen />, { path: '/supplier?view=review', queryClient: signedInAs(staff) });
    expect(await screen.findByText(new RegExp(SDC_MANAGER_ONLY))).toBeInTheDocument();
  });

  it('shows every answer and file of a submission, and approves it with the review date', async () => {
    const fetchMock = mockFetch({
      '/api/supplier/submissions?status=Pending': { json: [detail] },
      [`/api/supplier/submissions/${ID}`]: { json: detail },
      [`POST /api/supplier/submissions/${ID}/review`]: (init) => ({
        json: { ...detail, ...JSON.parse(String(init?.body)), status: 'Approved' },
      }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ReviewScreen />, {
      path: '/supplier?view=review',
      queryClient: signedInAs(manager),
    });
    await user.click(await screen.findByRole('button', { name: 'Acme Water Design Ltd' }));
    const article = await screen.findByRole('article', { name: 'Submission of Acme Water Design Ltd' });
    expect(within(article).getByText('<b>not bold</b>')).toBeInTheDocument();
    expect(within(article).getByText('Buildings, kiosks and superstructures')).toBeInTheDocument();
    expect(within(article).getByRole('img')).toHaveAttribute('src', detail.logo!.url);
    expect(within(article).getByRole('link', { name: /Case study.pdf/ })).toHaveAttribute(
      'href',
      detail.attachments[0]!.url,
    );
    await user.clear(within(article).getByLabelText('Date of last design review'));
    await user.type(within(article).getByLabelText('Date of last design review'), '2026-11-20');
    await user.click(within(article).getByRole('button', { name: 'Approve' }));
    expect(await within(article).findByText(/now listed on the register/)).toBeInTheDocument();
    await waitFor(() => expect(calls(fetchMock)).toContain(`POST /api/supplier/submissions/${ID}/review`));
    const body = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/review'))![1]!.body;
    expect(JSON.parse(String(body))).toEqual({
      status: 'Approved',
      note: '',
      dateOfLastReview: '2026-11-20',
    });
  });
});
