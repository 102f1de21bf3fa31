import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  DSEAR_PRACTITIONER_HINT,
  DSEAR_QUESTIONS,
  DSEAR_RAG_TEXT,
  DSEAR_RESET_NOTE,
  DSEAR_EXPORT_URL,
  DSEAR_ZONES_HINT,
  dsearAttachmentsUrl,
  type DsearEntry,
  type DsearPeople,
} from '@penstock/shared';
import { calls, mockFetch, type Reply, type Routes } from '../../../test/fetchMock.ts';
import { otherProject, project, signedInRoutes, treeUrl, user } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { DsearRegisterEntry } from '../api.ts';
import { DsearPage } from './DsearPage.tsx';

const ID = 'd.33333333-3333-4333-8333-333333333333';
const people: DsearPeople = {
  seniorDesignManagers: [
    { name: 'Ada Lovelace', email: user.email },
    { name: 'Sara Patel', email: 'sdm@example.com' },
  ],
  checkerLeadEngineers: [{ name: 'Lee Chen', email: 'lead@example.com' }],
  practitioners: [{ name: 'Pat Ryan', email: 'practitioner@example.com' }],
};
const entry: DsearEntry = {
  id: ID,
  projectId: project.projectid,
  projectName: project.text,
  date: '2026-11-20T10:00:00.000Z',
  tm: 'Tom Hughes',
  tmRag: 'AMBER',
  sdms: [
    { email: user.email, name: 'Ada Lovelace', status: 'Pending', approveDate: null },
    { email: 'sdm@example.com', name: 'Sara Patel', status: 'Pending', approveDate: null },
  ],
  leadEngineer: 'lead@example.com',
  practitioner: '',
  practionerFlag: 'NO',
  flidsRisk: 'Orange',
  flidsOutcome: 'Zone 2',
  dsearZone: [
    { zone: 'Inlet Works', rating: 'Zone 1', other: '' },
    { zone: 'Other', rating: 'Zone 2', other: 'Gas kiosk' },
  ],
  dsearIden: 'YES',
  dsearImp: 'YES',
  dsearSpec: 'YES',
  dsearApp: 'YES',
  history: [
    {
      at: '2026-11-20T10:00:00.000Z',
      byEmail: 'tm@example.com',
      byName: 'Tom Hughes',
      action: 'created',
      changes: [{ field: 'flidsRisk', from: '', to: 'Orange' }],
    },
  ],
};
const registerEntry = (e: DsearEntry, access: boolean): DsearRegisterEntry => {
  const { history: _history, ...rest } = e;
  return { ...rest, access };
};
const locked: DsearRegisterEntry = registerEntry(
  {
    ...entry,
    id: 'd.44444444-4444-4444-8444-444444444444',
    projectName: 'Northbrook Sewage Pumping Station',
    tm: 'Nia Brook',
    tmRag: 'RED',
    sdms: [],
    flidsRisk: 'Yellow',
    dsearZone: [{ zone: 'TPS', rating: 'Zone 2', other: '' }],
  },
  false,
);

/** The formData JSON of a form-encoded POST. */
const formDataOf = (init: RequestInit | undefined): unknown =>
  JSON.parse(new URLSearchParams(String(init?.body)).get('formData') ?? 'null');

type Sent = { url: string; body: unknown }[];
/** A responder that keeps what was posted. */
const record =
  (sent: Sent, url: string, reply: (body: unknown) => Reply) =>
  (init: RequestInit | undefined): Reply => {
    const body = formDataOf(init);
    sent.push({ url, body });
    return reply(body);
  };

function setup(routes: (sent: Sent) => Routes = () => ({}), path = '/dsear') {
  const sent: Sent = [];
  const fetchMock = mockFetch({
    ...signedInRoutes(),
    // members of both projects: they may save (viewers only read)
    [treeUrl('#')]: { json: [project, otherProject].map((p) => ({ ...p, role: 'member' })) },
    '/api/dsear': { json: [registerEntry(entry, true), locked] },
    '/api/dsear/people': { json: people },
    [dsearAttachmentsUrl(ID)]: { json: [] },
    'POST /api/dsear/get': record(sent, 'get', (body) => ({
      json: (body as { projectName: string }).projectName === project.text ? entry : null,
    })),
    ...routes(sent),
  });
  const result = renderWithProviders(<DsearPage />, { path });
  return { ...result, fetchMock, sent };
}

const chooseOption = async (label: string | RegExp, option: string | RegExp) => {
  await userEvent.click(screen.getByLabelText(label));
  await userEvent.click(await screen.findByRole('option', { name: option }));
};

describe('DSEAR register', () => {
  it('lists every entry with View where the user has access, and Access Required elsewhere', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'DSEAR register' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headers).toEqual([
      'Actions',
      'Project',
      'Date',
      'Technical Manager',
      'Senior Design Managers',
      'FLIDS Risk',
      'FLIDS Outcome',
      'DSEAR Zones',
      'DSEAR Ratings',
      'TM RAG',
    ]);
    const mine = within(table).getByRole('row', { name: new RegExp(project.text) });
    expect(within(mine).getByRole('button', { name: 'View' })).toBeInTheDocument();
    expect(within(mine).getByText('Ada Lovelace, Sara Patel')).toBeInTheDocument();
    expect(within(mine).getByText('Inlet Works, Other')).toBeInTheDocument();
    expect(within(mine).getByText('AMBER')).toHaveStyle({ backgroundColor: 'rgb(255, 165, 0)' });
    const theirs = within(table).getByRole('row', { name: /Northbrook/ });
    expect(within(theirs).queryByRole('button', { name: 'View' })).not.toBeInTheDocument();
    expect(within(theirs).getByText('Access Required')).toBeInTheDocument();
    expect(within(theirs).getByText('RED')).toHaveStyle({ backgroundColor: 'rgb(192, 0, 0)' });
  });

  it('filters by text, by any of the selected RAGs, and by every selected zone', async () => {
    setup();
    const table = await screen.findByRole('table', { name: 'DSEAR register' });
    await userEvent.type(screen.getByLabelText('Project name'), 'NORTH');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Northbrook Sewage Pumping Station')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Technical manager'), 'nobody');
    expect(within(table).getByText('Found no results matching selected filters')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);

    await chooseOption('TM RAG', 'AMBER');
    await chooseOption('TM RAG', 'RED');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));

    // zones: every selected value must be on the entry
    await chooseOption('DSEAR zones', 'Inlet Works');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText(project.text)).toBeInTheDocument();
    await chooseOption('DSEAR zones', 'TPS');
    expect(within(table).getByText('Found no results matching selected filters')).toBeInTheDocument();
  });

  it('exports the filtered register: the server is asked with the same filters', async () => {
    const createObjectURL = vi.fn(() => 'blob:register');
    // jsdom has no object URLs: the download is handed one
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { fetchMock } = setup(() => ({
      [`${DSEAR_EXPORT_URL}?projectName=north&zones=TPS&tmRag=RED`]: { text: 'PK' },
    }));
    await screen.findByRole('table', { name: 'DSEAR register' });
    await userEvent.type(screen.getByLabelText('Project name'), 'north');
    await chooseOption('DSEAR zones', 'TPS');
    await chooseOption('TM RAG', 'RED');
    await userEvent.click(screen.getByRole('button', { name: 'Export to Excel' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    expect(calls(fetchMock)).toContain(`GET ${DSEAR_EXPORT_URL}?projectName=north&zones=TPS&tmRag=RED`);
  });

  it('opens an entry with View: status, answers, approvals, details and history; Back returns', async () => {
    const { sent } = setup();
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    expect(await screen.findByText(DSEAR_RAG_TEXT.AMBER)).toBeInTheDocument();
    expect(sent).toContainEqual({ url: 'get', body: { projectName: project.text } });
    for (const q of DSEAR_QUESTIONS)
      expect(screen.getByRole('rowheader', { name: q.text })).toBeInTheDocument();
    const approvals = screen.getByRole('table', { name: 'Approvals' });
    expect(within(approvals).getAllByRole('button', { name: 'Approve' })).toHaveLength(1);
    const saraRow = within(approvals).getByRole('row', { name: /Sara Patel/ });
    expect(within(saraRow).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.getByText('Lee Chen (lead@example.com)')).toBeInTheDocument();
    const zones = screen.getByRole('table', { name: 'DSEAR zones' });
    expect(within(zones).getByText('Gas kiosk')).toBeInTheDocument();
    const flids = screen.getByRole('table', { name: 'FLIDS' });
    expect(within(flids).getByText('Orange')).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'History' });
    expect(within(history).getByText('Tom Hughes')).toBeInTheDocument();
    expect(within(history).getByText('Created the entry')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('table', { name: 'DSEAR register' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });

  it('offers no Approve on a RED entry, which the server would refuse', async () => {
    const red: DsearEntry = { ...entry, tmRag: 'RED', dsearSpec: 'NO' };
    setup(() => ({ 'POST /api/dsear/get': { json: red } }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    expect(await screen.findByText(DSEAR_RAG_TEXT.RED)).toBeInTheDocument();
    const approvals = screen.getByRole('table', { name: 'Approvals' });
    expect(within(approvals).queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    const myRow = within(approvals).getByRole('row', { name: /Ada Lovelace/ });
    expect(myRow).toHaveTextContent('Can be approved once the entry is AMBER');
  });

  it('lists my own open approvals above the register and opens one', async () => {
    const pendingUrl = `/api/dsear/pendingApproval?email=${encodeURIComponent(user.email)}`;
    setup(() => ({ [pendingUrl]: { json: [{ ...registerEntry(entry, true), history: [] }] } }));
    const pending = await screen.findByRole('region', { name: 'Awaiting your approval' });
    expect(pending).toHaveTextContent('AMBER');
    expect(pending).toHaveTextContent('submitted 20/11/2026 by Tom Hughes');
    await userEvent.click(within(pending).getByRole('button', { name: project.text }));
    expect(await screen.findByTestId('dsear-rag-status')).toHaveTextContent('AMBER');
    expect(screen.queryByRole('region', { name: 'Awaiting your approval' })).not.toBeInTheDocument();
  });

  it('shows no approvals box when nothing waits for me', async () => {
    setup(() => ({
      [`/api/dsear/pendingApproval?email=${encodeURIComponent(user.email)}`]: { json: [] },
    }));
    await screen.findByRole('table', { name: 'DSEAR register' });
    expect(screen.queryByRole('region', { name: 'Awaiting your approval' })).not.toBeInTheDocument();
  });

  it('approves my line, then reloads the entry and the register', async () => {
    let approved = false;
    const { sent } = setup((sent) => ({
      'POST /api/dsear/get': record(sent, 'get', () => ({
        json: approved
          ? {
              ...entry,
              sdms: entry.sdms.map((s) =>
                s.email === user.email
                  ? { ...s, status: 'Approved', approveDate: '2026-11-21T09:00:00.000Z' }
                  : s,
              ),
            }
          : entry,
      })),
      'POST /api/dsear/approve': record(sent, 'approve', () => {
        approved = true;
        return { json: entry };
      }),
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(sent).toContainEqual({ url: 'approve', body: { dsearId: ID, email: user.email } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument());
    const approvals = screen.getByRole('table', { name: 'Approvals' });
    expect(within(approvals).getByRole('row', { name: /Ada Lovelace/ })).toHaveTextContent('Approved');
    expect(sent.filter((s) => s.url === 'get').length).toBeGreaterThanOrEqual(2);
  });

  it('shows the form for a project without an entry and saves a new entry', async () => {
    const saved = { ...entry, id: ID, projectName: otherProject.text, history: [] };
    const { sent } = setup((sent) => ({
      '/api/dsear': { json: [] },
      'POST /api/dsear/get': record(sent, 'get', () => ({
        json: sent.some((s) => s.url === 'save') ? saved : null,
      })),
      'POST /api/dsear/saveOrCreate': record(sent, 'save', () => ({ json: saved })),
    }));
    expect(await screen.findByText('The register has no entries yet.')).toBeInTheDocument();
    await chooseOption('Project', otherProject.text);

    const form = await screen.findByRole('form', { name: 'DSEAR entry' });
    expect(within(form).getByLabelText('Technical manager')).toHaveValue(user.name);
    expect(within(form).getByRole('status', { name: 'TM RAG' })).toHaveTextContent('RED');
    expect(within(form).getByText(DSEAR_PRACTITIONER_HINT)).toBeInTheDocument();
    expect(within(form).getByText(DSEAR_ZONES_HINT)).toBeInTheDocument();
    expect(within(form).getByText(DSEAR_RESET_NOTE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();

    await chooseOption('Senior design managers', 'Sara Patel sdm@example.com');
    await chooseOption('Checker/lead engineer', 'Lee Chen lead@example.com');
    expect(within(form).queryByLabelText('Practitioner')).not.toBeInTheDocument();
    await userEvent.selectOptions(within(form).getByLabelText('DSEAR practitioner engaged?'), 'YES');
    expect(within(form).queryByText(DSEAR_PRACTITIONER_HINT)).not.toBeInTheDocument();
    await chooseOption('Practitioner', 'Pat Ryan practitioner@example.com');
    await userEvent.selectOptions(within(form).getByLabelText('FLIDS risk'), 'Red');
    await userEvent.selectOptions(within(form).getByLabelText('FLIDS outcome'), 'Zone 1');
    await chooseOption('DSEAR zones', 'PST');
    await chooseOption('DSEAR zones', 'Other');
    await chooseOption('DSEAR zones', 'TPS');
    // a zone type may be recorded more than once, each line with its own rating
    await chooseOption('DSEAR zones', 'PST');
    await userEvent.selectOptions(within(form).getByLabelText('Rating of PST'), 'Zone 0');
    await userEvent.selectOptions(within(form).getByLabelText('Rating of PST (2)'), 'Zone 2');
    await userEvent.type(within(form).getByLabelText('Other of Other'), 'Biogas flare');
    // removing a zone drops it
    await userEvent.click(screen.getByRole('button', { name: 'Remove TPS' }));
    expect(within(form).queryByLabelText('Rating of TPS')).not.toBeInTheDocument();

    for (const q of DSEAR_QUESTIONS) {
      await userEvent.click(within(within(form).getByRole('group', { name: q.text })).getByLabelText('YES'));
    }
    expect(within(form).getByRole('status', { name: 'TM RAG' })).toHaveTextContent('AMBER');

    await userEvent.click(within(form).getByRole('button', { name: 'Save & Add To Register' }));
    await waitFor(() => expect(sent.some((s) => s.url === 'save')).toBe(true));
    expect(sent.find((s) => s.url === 'save')?.body).toEqual({
      projectName: otherProject.text,
      tm: user.name,
      sdms: [{ email: 'sdm@example.com' }],
      leadEngineer: 'lead@example.com',
      practitioner: 'practitioner@example.com',
      practionerFlag: 'YES',
      flidsRisk: 'Red',
      flidsOutcome: 'Zone 1',
      dsearZone: [
        { zone: 'PST', rating: 'Zone 0', other: '' },
        { zone: 'Other', rating: '', other: 'Biogas flare' },
        { zone: 'PST', rating: 'Zone 2', other: '' },
      ],
      dsearIden: 'YES',
      dsearImp: 'YES',
      dsearSpec: 'YES',
      dsearApp: 'YES',
    });
    expect(await screen.findByText(DSEAR_RAG_TEXT.AMBER)).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'DSEAR entry' })).not.toBeInTheDocument();
  }, 20_000);

  it('edits an entry with Update and shows the server refusal as an alert', async () => {
    const { sent } = setup((sent) => ({
      '/api/dsear': { json: [registerEntry(entry, true)] },
      'POST /api/dsear/saveOrCreate': record(sent, 'save', () => ({
        status: 409,
        error: 'The entry was changed by someone else',
      })),
    }));
    await userEvent.click(await screen.findByRole('button', { name: 'View' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = await screen.findByRole('form', { name: 'DSEAR entry' });
    expect(within(form).getByLabelText('Technical manager')).toHaveValue('Tom Hughes');
    expect(within(form).getByLabelText('Rating of Inlet Works')).toHaveValue('Zone 1');
    await userEvent.click(
      within(within(form).getByRole('group', { name: DSEAR_QUESTIONS[0].text })).getByLabelText('NO'),
    );
    expect(within(form).getByRole('status', { name: 'TM RAG' })).toHaveTextContent('RED');
    await userEvent.click(within(form).getByRole('button', { name: 'Update' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /The entry was not saved\.\s*The entry was changed by someone else/,
    );
    expect(sent.find((s) => s.url === 'save')?.body).toMatchObject({ id: ID, dsearIden: 'NO' });
    expect(screen.getByRole('form', { name: 'DSEAR entry' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form', { name: 'DSEAR entry' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
  });

  it('says what is missing before sending: a practitioner when the flag is YES', async () => {
    const { fetchMock } = setup(
      () => ({ 'POST /api/dsear/get': { json: null } }),
      `/dsearNew?project=${encodeURIComponent(otherProject.text)}`,
    );
    const form = await screen.findByRole('form', { name: 'DSEAR entry' });
    await userEvent.selectOptions(within(form).getByLabelText('DSEAR practitioner engaged?'), 'YES');
    await userEvent.click(within(form).getByRole('button', { name: 'Save & Add To Register' }));
    expect(await within(form).findByText(/Choose the practitioner/)).toBeInTheDocument();
    expect(calls(fetchMock)).not.toContain('POST /api/dsear/saveOrCreate');
  });

  it('shows a register that cannot be loaded', async () => {
    setup(() => ({ '/api/dsear': { status: 500, error: 'Database unavailable' } }));
    expect(await screen.findByText(/Database unavailable/)).toBeInTheDocument();
  });

  it('shows a viewer the entry without Edit, and no form where there is no entry', async () => {
    mockFetch({
      ...signedInRoutes(),
      [treeUrl('#')]: { json: [project, otherProject].map((p) => ({ ...p, role: 'viewer' })) },
      '/api/dsear': { json: [registerEntry(entry, true)] },
      '/api/dsear/people': { json: people },
      'POST /api/dsear/get': (init) => ({
        json: (formDataOf(init) as { projectName: string }).projectName === project.text ? entry : null,
      }),
    });
    renderWithProviders(<DsearPage />, { path: `/dsear?project=${encodeURIComponent(project.text)}` });
    await screen.findByText('RAG status');
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
  });
});
