import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdsDocumentEntry, IdsOverview, WorkflowStructure } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import { mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { IdsManagerDialog } from './IdsManagerDialog.tsx';
import { scopeTargets, scopesInput } from './scopeTargets.ts';

const base = `/api/projects/${PROJECT_ID}/ids`;
const specInfo = {
  index: 0,
  name: 'Pumps carry a tag',
  identifier: null,
  description: null,
  usage: 'required' as const,
  ifcVersion: ['IFC4'],
  applicability: ['IfcPump'],
  requirements: ['Penstock_Asset.Tag: required'],
};
const valid: IdsDocumentEntry = {
  itemId: 'i.water',
  fileName: 'Water asset data.ids',
  folderId: 'f.wip',
  folderPath: 'WIP',
  versionId: 'v.water',
  versionNumber: 1,
  validation: {
    versionId: 'v.water',
    status: 'valid',
    problems: [],
    title: 'Water asset data',
    specifications: [specInfo],
    checkedAt: '2026-12-01T09:00:00.000Z',
  },
  validVersionId: 'v.water',
  scopes: [
    {
      id: 'is.1',
      idsItemId: 'i.water',
      kind: 'folder',
      targetId: 'f.models',
      targetName: 'WIP/Models',
      includeDynamic: null,
      createdAt: '2026-12-01T09:00:00.000Z',
      createdBy: 'Pat',
    },
  ],
};
const invalid: IdsDocumentEntry = {
  ...valid,
  itemId: 'i.client',
  fileName: 'Client.ids',
  versionId: 'v.client2',
  versionNumber: 2,
  validation: {
    versionId: 'v.client2',
    status: 'invalid',
    problems: [{ kind: 'schema', line: 12, message: "Element 'property': Missing child element(s)." }],
    title: null,
    specifications: [],
    checkedAt: '2026-12-01T09:00:00.000Z',
  },
  validVersionId: 'v.client1',
  scopes: [],
};
const overview = (mayManage: boolean): IdsOverview => ({
  settings: { gate: 'warn', includeDynamic: false, updatedAt: null, updatedBy: null },
  documents: [valid, invalid],
  mayManage,
});
const structure: WorkflowStructure = {
  Id: PROJECT_ID,
  Name: project.text,
  Type: 'project',
  lastUpdated: '',
  NestedObjects: [
    {
      Id: 'f.wip',
      Name: 'WIP',
      Type: 'folders',
      NestedObjects: [
        { Id: 'f.models', Name: 'Models', Type: 'folders', NestedObjects: [] },
        { Id: 'i.pump', Name: 'Pump station.ifc', Type: 'items', NestedObjects: [] },
        { Id: 'i.pid', Name: 'PID.pdf', Type: 'items', NestedObjects: [] },
      ],
    },
  ],
};

function setup(role: 'manager' | 'viewer') {
  const sent: Record<string, unknown> = {};
  mockFetch({
    [base]: { json: overview(role === 'manager') },
    [`/api/workflow/structure?projectId=${encodeURIComponent(PROJECT_ID)}`]: { json: structure },
    [`PUT ${base}/settings`]: (init) => {
      sent.settings = JSON.parse(String(init?.body));
      return {
        json: {
          gate: 'refuse',
          includeDynamic: true,
          updatedAt: '2026-12-02T10:00:00.000Z',
          updatedBy: 'Pat',
        },
      };
    },
    [`PUT ${base}/i.water/scopes`]: (init) => {
      sent.scopes = JSON.parse(String(init?.body));
      return { json: valid };
    },
  });
  const state: AppState = {
    ...initialAppState(),
    selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '', role },
  };
  renderWithProviders(<IdsManagerDialog projectId={PROJECT_ID} onClose={() => undefined} />, {
    initialState: state,
  });
  return sent;
}

describe('the Information requirements dialog', () => {
  it('lists the IDS files with their status and where they apply', async () => {
    setup('viewer');
    const water = await screen.findByRole('listitem', { name: 'Water asset data.ids' });
    expect(within(water).getByText('Valid · 1 specification')).toBeInTheDocument();
    expect(within(water).getByText('WIP/Models/ (every model in it)')).toBeInTheDocument();
    const client = screen.getByRole('listitem', { name: 'Client.ids' });
    expect(within(client).getByText('Invalid')).toBeInTheDocument();
    expect(
      within(client).getByText("line 12: Element 'property': Missing child element(s)."),
    ).toBeInTheDocument();
    expect(
      within(client).getByText('Models are checked against its last valid version.'),
    ).toBeInTheDocument();
    // a viewer reads, changes nothing
    expect(screen.queryByRole('button', { name: 'Save settings' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change where it applies' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New IDS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.getByLabelText(/Refuse to publish/)).toBeDisabled();
  });

  it('lets a project manager set the gate and the dynamic values, and say where an IDS applies', async () => {
    const user = userEvent.setup();
    const sent = setup('manager');
    await user.click(await screen.findByLabelText('Refuse to publish it with an A suitability code'));
    await user.click(screen.getByLabelText(/Check the values entered in Penstock too/));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(sent.settings).toEqual({ gate: 'refuse', includeDynamic: true }));

    const water = screen.getByRole('listitem', { name: 'Water asset data.ids' });
    await user.click(within(water).getByRole('button', { name: 'Change where it applies' }));
    await user.selectOptions(await within(water).findByLabelText('Apply to a'), 'model');
    expect(within(water).getByRole('combobox', { name: 'Model' })).toHaveTextContent('WIP/Pump station.ifc');
    await user.click(within(water).getByRole('button', { name: 'Add' }));
    await user.selectOptions(within(water).getByLabelText('Dynamic values for WIP/Pump station.ifc'), 'true');
    await user.click(within(water).getByRole('button', { name: 'Save where it applies' }));
    await waitFor(() =>
      expect(sent.scopes).toEqual({
        scopes: [
          { kind: 'folder', targetId: 'f.models', includeDynamic: null },
          { kind: 'model', targetId: 'i.pump', includeDynamic: true },
        ],
      }),
    );
  });
});

describe('scope targets', () => {
  it('are the folders at every depth and the IFC models, by path', () => {
    expect(scopeTargets(structure)).toEqual({
      folders: [
        { kind: 'folder', id: 'f.wip', path: 'WIP' },
        { kind: 'folder', id: 'f.models', path: 'WIP/Models' },
      ],
      models: [{ kind: 'model', id: 'i.pump', path: 'WIP/Pump station.ifc' }],
    });
  });
  it('send each target once', () => {
    const draft = { kind: 'folder' as const, targetId: 'f.a', targetName: 'A', includeDynamic: null };
    expect(scopesInput([draft, { ...draft, includeDynamic: true }])).toEqual([
      { kind: 'folder', targetId: 'f.a', includeDynamic: true },
    ]);
  });
});
