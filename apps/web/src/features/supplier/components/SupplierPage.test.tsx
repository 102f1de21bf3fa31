import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  SDC_FAILURE_MESSAGE,
  SDC_PERSONAL_DETAILS_NOTE,
  SDC_REQUIRED_MESSAGE,
  SDC_SUBMIT_DELAY_MS,
  SDC_SUCCESS_MESSAGE,
  SDC_YES_NO_MESSAGE,
  SDC_FILE_MESSAGES,
  isoDate,
} from '@penstock/shared';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { configRoutes, user } from '../../../test/fixtures.ts';
import { createQueryClient } from '../../../base/queryClient.ts';
import { currentUserKey } from '../../auth/hooks/useCurrentUser.ts';
import { renderApp, renderWithProviders } from '../../../test/render.tsx';
import { SupplierPage } from './SupplierPage.tsx';
import { fillRequired, zoneSettings } from '../test/supplierFixtures.ts';

const signedOut = (extra: Routes = {}): Routes => ({
  ...configRoutes(),
  '/api/user': { status: 401, error: 'Not signed in' },
  '/api/supplier/settings': { json: zoneSettings },
  ...extra,
});

const openForm = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(await screen.findByRole('button', { name: 'Design Competency Form' }));
  return screen.findByRole('form', { name: 'Design Competency Form' });
};

describe('the Supplier Zone page', () => {
  it('offers the form and the register, the cards from the settings and the contact address', async () => {
    mockFetch(signedOut());
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    expect(screen.getByRole('heading', { level: 1, name: 'NEW Design Competency Apps' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the Design Competency Form' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the Design Competency Register' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'Document control procedure' });
    expect(link).toHaveAttribute('href', '/api/items/i.doc/content');
    expect(screen.getByRole('link', { name: 'Project viewer 3D training' })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(screen.getByText('Not available yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'register@alliance.example' })).toHaveAttribute(
      'href',
      'mailto:register@alliance.example',
    );
    // signed out, documents in the project viewer need a sign-in
    expect(screen.getAllByRole('link', { name: 'sign in' })[0]).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Review submissions' })).not.toBeInTheDocument();
  });

  it('opens signed out inside the public shell, asking who is signed in once', async () => {
    const fetchMock = mockFetch(signedOut());
    renderApp({ path: '/supplier' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'NEW Design Competency Apps' }),
    ).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Document control procedure' });
    expect(calls(fetchMock).filter((call) => call === 'GET /api/user')).toHaveLength(1);
  });

  it('offers a supplier register manager the review of submissions, with the number waiting', async () => {
    mockFetch(
      signedOut({
        '/api/supplier/submissions?status=Pending': { json: [{ id: 'sdc.1' }, { id: 'sdc.2' }] },
      }),
    );
    const queryClient = createQueryClient();
    queryClient.setQueryData(currentUserKey, { ...user, roles: ['supplier_register_manager'] });
    renderWithProviders(<SupplierPage />, { path: '/supplier', queryClient });
    expect(await screen.findByRole('link', { name: 'Review submissions' })).toHaveAttribute(
      'href',
      '/supplier?view=review',
    );
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
  });
});

describe('the Design Competency Form', () => {
  it('names every missing answer with the spec’s messages and sends nothing', async () => {
    const fetchMock = mockFetch(signedOut());
    const user = userEvent.setup();
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    const form = await openForm(user);
    expect(within(form).getByText(SDC_PERSONAL_DETAILS_NOTE)).toBeInTheDocument();
    expect(within(form).getByLabelText('Date')).toHaveValue(isoDate());
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await within(form).findAllByText(SDC_REQUIRED_MESSAGE)).toHaveLength(6);
    expect(within(form).getAllByText(SDC_YES_NO_MESSAGE)).toHaveLength(4);
    await waitFor(() => expect(within(form).getByLabelText(/^Company name/)).toHaveFocus());
    expect(calls(fetchMock).some((call) => call.includes('savesdcdata'))).toBe(false);
    // answering clears the message
    await user.type(within(form).getByLabelText(/^Company name/), 'Acme');
    expect(within(form).getAllByText(SDC_REQUIRED_MESSAGE)).toHaveLength(5);
  });

  it('shows the conditional questions only after a Yes or an Other', async () => {
    mockFetch(signedOut());
    const user = userEvent.setup();
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    const form = await openForm(user);
    expect(within(form).queryByLabelText(/^Other company names/)).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: /trade, or has it traded/ })).getByLabelText('Yes'),
    );
    expect(within(form).getByLabelText(/^Other company names/)).toBeInTheDocument();

    expect(
      within(form).queryByRole('group', { name: /does your design procedure cover/ }),
    ).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: /documented design procedure/ })).getByLabelText('Yes'),
    );
    const coverage = within(form).getByRole('group', { name: /does your design procedure cover/ });
    expect(within(coverage).getAllByRole('checkbox')).toHaveLength(6);
    await user.click(within(coverage).getByLabelText('Design change control'));
    await user.click(within(coverage).getByLabelText('None of the above'));
    expect(within(coverage).getByLabelText('Design change control')).not.toBeChecked();

    expect(within(form).queryByLabelText(/Track-record documents/)).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: /proven track record/ })).getByLabelText('Yes'),
    );
    expect(within(form).getByLabelText(/Track-record documents/)).toHaveAttribute('multiple');

    const civil = within(form).getByRole('group', { name: /civil elements are you competent/ });
    expect(within(civil).getAllByRole('checkbox')).toHaveLength(6);
    expect(within(form).queryByLabelText(/^Other civil elements/)).not.toBeInTheDocument();
    await user.click(within(civil).getByLabelText('Other'));
    expect(within(form).getByLabelText(/^Other civil elements/)).toBeInTheDocument();
    for (const [name, count] of [
      [/underground pipeline works/, 9],
      [/mechanical systems are you/, 13],
      [/electrical systems are you/, 8],
      [/package systems are you/, 6],
    ] as const)
      expect(within(within(form).getByRole('group', { name })).getAllByRole('checkbox')).toHaveLength(count);
  });

  it('refuses a logo of the wrong type or size before sending', async () => {
    mockFetch(signedOut());
    const user = userEvent.setup({ applyAccept: false });
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    const form = await openForm(user);
    const input = within(form).getByLabelText(/Company logo/);
    await user.upload(input, new File(['<svg/>'], 'logo.svg', { type: 'image/svg+xml' }));
    expect(await within(form).findByText(SDC_FILE_MESSAGES.logoType)).toBeInTheDocument();
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' });
    await user.upload(input, big);
    expect(await within(form).findByText(SDC_FILE_MESSAGES.logoSize)).toBeInTheDocument();
  });

  it('submits after the spec’s 3 seconds with a spinner, then thanks the supplier and returns to /supplier', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    let sent: FormData | undefined;
    const fetchMock = mockFetch(
      signedOut({
        'POST /api/savesdcdata': (init) => {
          sent = init?.body as FormData;
          return { json: { received: true } };
        },
      }),
    );
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    const form = await openForm(user);
    await fillRequired(user);
    await user.upload(
      within(form).getByLabelText(/Company logo/),
      new File([new Uint8Array([0x89, 0x50])], 'Acme logo.png', { type: 'image/png' }),
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    await act(async () => vi.advanceTimersByTime(SDC_SUBMIT_DELAY_MS - 100));
    expect(calls(fetchMock)).not.toContain('POST /api/savesdcdata');
    await act(async () => vi.advanceTimersByTime(200));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(SDC_SUCCESS_MESSAGE));
    const data = JSON.parse(String(sent!.get('Data')));
    expect(data).toMatchObject({
      companyName: 'Acme Water Design Ltd',
      hasProvenTrackRecord: 'No',
      website: '',
    });
    expect((sent!.get('Logo') as File).name).toBe('Acme logo.png');
    expect(sent!.getAll('Attachments')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Design Competency Form' })).toBeNull());
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/supplier$/);
  });

  it('alerts the spec’s failure message, shows the server’s reason and stops the spinner', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    mockFetch(signedOut({ 'POST /api/savesdcdata': { status: 429, error: SDC_FILE_MESSAGES.tooMany } }));
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime, delay: null });
    renderWithProviders(<SupplierPage />, { path: '/supplier' });
    await openForm(user);
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await act(async () => vi.advanceTimersByTime(SDC_SUBMIT_DELAY_MS + 10));
    await waitFor(() => expect(alert).toHaveBeenCalledWith(SDC_FAILURE_MESSAGE));
    expect(await screen.findByText(SDC_FILE_MESSAGES.tooMany)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });
});
