import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DEFAULT_PURPOSES, type Transmittal } from '@penstock/shared';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { structure, structureUrl, users, VERSION_ID } from '../../workflow/test/fixtures.ts';
import { IssueTransmittalDialog } from './IssueTransmittalDialog.tsx';

const base = `/api/projects/${encodeURIComponent(PROJECT_ID)}`;
const ISSUE = `POST ${base}/transmittals`;
const COVER = 'v.cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const issued = {
  id: 'tr.1',
  number: 'AWTWU-TRN-0001',
  recipientCount: 2,
  coverVersionId: COVER,
} as Transmittal;

function setup(routes: Routes = {}) {
  const fetchMock = mockFetch({
    [structureUrl]: { json: structure },
    [`${base}/transmittal-purposes`]: { json: DEFAULT_PURPOSES },
    [`/api/forge/bim360/Users?projectid=${encodeURIComponent(PROJECT_ID)}`]: {
      json: { data: { results: users } },
    },
    ...routes,
  });
  renderWithProviders(
    <IssueTransmittalDialog
      projectId={PROJECT_ID}
      projectName={project.text}
      initialVersionIds={[VERSION_ID]}
      onClose={() => undefined}
    />,
  );
  return fetchMock;
}
const dialog = () => screen.getByRole('dialog', { name: 'Issue a transmittal' });
const issue = () => userEvent.click(within(dialog()).getByRole('button', { name: 'Issue' }));
const ready = async () => {
  await screen.findByRole('option', { name: 'For comment (response asked)' });
  await screen.findByRole('checkbox', { name: 'Bob Builder' });
};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('IssueTransmittalDialog', () => {
  it('lists the files with revision and suitability, the current one chosen', async () => {
    setup();
    const file = await screen.findByRole('checkbox', { name: 'pump-house.ifc' });
    expect(file).toBeChecked();
    expect(file.closest('li')).toHaveTextContent('P01.02 · S0');
    expect(screen.getByText('Documents (1 chosen)')).toBeInTheDocument();
  });

  it('checks the choices before it sends: purpose, recipients, addresses, the due date', async () => {
    const fetchMock = setup();
    await ready();
    await issue();
    expect(await screen.findByText('Choose a purpose of issue.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Purpose of issue'), 'For comment');
    await issue();
    expect(
      screen.getByText('Add at least one recipient: a project member or an outside e-mail address.'),
    ).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Outside recipients'), 'sam at contractor');
    await issue();
    expect(screen.getByText("'sam at contractor' is not a valid e-mail address.")).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText('Outside recipients'));
    await userEvent.type(screen.getByLabelText('Outside recipients'), 'sam@contractor.example');
    await issue();
    expect(
      screen.getByText("'For comment' asks for a response: give the date it is due."),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'pump-house.ifc' }));
    await issue();
    expect(screen.getByText('Choose at least one document to issue.')).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain(ISSUE);
  });

  it('sends the transmittal and shows its number, the cover sheet and the outside links', async () => {
    let sent: unknown = null;
    setup({
      [ISSUE]: (init) => {
        sent = JSON.parse(String(init?.body));
        return {
          status: 201,
          json: {
            transmittal: issued,
            links: [{ email: 'sam@contractor.example', url: 'http://penstock.test/transmittal/abc' }],
          },
        };
      },
    });
    await ready();
    await userEvent.selectOptions(screen.getByLabelText('Purpose of issue'), 'For comment');
    await userEvent.type(screen.getByLabelText('Response due'), '2099-01-31');
    await userEvent.type(screen.getByLabelText('Message'), 'Please comment on the pump house.');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bob Builder' }));
    await userEvent.type(
      screen.getByLabelText('Outside recipients'),
      'Sam Site <sam@contractor.example>{enter}sam@contractor.example',
    );
    await issue();
    expect(await screen.findByText('AWTWU-TRN-0001')).toBeInTheDocument();
    expect(sent).toEqual({
      versionIds: [VERSION_ID],
      purpose: 'For comment',
      message: 'Please comment on the pump house.',
      memberIds: ['u2'],
      outside: [{ email: 'sam@contractor.example', name: 'Sam Site' }],
      dueDate: '2099-01-31',
    });
    expect(screen.getByRole('link', { name: 'Cover sheet (PDF)' })).toHaveAttribute(
      'href',
      `/api/versions/${encodeURIComponent(COVER)}/content?download=1`,
    );
    expect(screen.getByText('http://penstock.test/transmittal/abc')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog, and sends no due date for a purpose without a response", async () => {
    let sent: { dueDate?: unknown } = {};
    setup({
      [ISSUE]: (init) => {
        sent = JSON.parse(String(init?.body)) as typeof sent;
        return { status: 403, error: 'Viewers cannot issue transmittals in this project' };
      },
    });
    await ready();
    await userEvent.selectOptions(screen.getByLabelText('Purpose of issue'), 'For information');
    expect(screen.queryByLabelText('Response due')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Cat Checker' }));
    await issue();
    expect(
      await within(dialog()).findByText(/Viewers cannot issue transmittals in this project/),
    ).toHaveTextContent('Not issued.');
    expect(sent.dueDate).toBeNull();
  });
});
