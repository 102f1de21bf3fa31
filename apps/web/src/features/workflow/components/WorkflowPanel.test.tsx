import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  FILE_DELETED,
  FILE_MOVED,
  FILE_UPLOADED,
  FOLDER_TREE_HEIGHT_PX,
  LOADING_STRUCTURE,
  WORKFLOW_MISSING_FIELDS,
  WORKFLOW_SUBMITTED,
} from '@penstock/shared';
import { calls, deferred, mockFetch, type Reply, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project, user } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';
import {
  heldStructure,
  memberState,
  panelRoutes,
  publishedStructure,
  sentForm,
  structureUrl,
  ITEM_ID,
  VERSION_ID,
} from '../test/fixtures.ts';
import { MEMBERS_ONLY_NOTE } from './FileActions.tsx';
import { WorkflowPanel } from './WorkflowPanel.tsx';

const onClose = vi.fn();
function setup(routes: Routes = {}, state = memberState()) {
  const fetchMock = mockFetch({ ...panelRoutes(), ...routes });
  const view = renderWithProviders(<WorkflowPanel versionId={VERSION_ID} onClose={onClose} />, {
    initialState: state,
  });
  return { fetchMock, ...view };
}
const tree = () => screen.getByRole('region', { name: 'Folder structure' });
const openTab = (name: string) => userEvent.click(screen.getByRole('tab', { name }));
const pick = async (name: string) => userEvent.click(within(tree()).getByRole('button', { name }));
const expand = async (name: string) =>
  userEvent.click(within(tree()).getByRole('button', { name: `Expand ${name}` }));

beforeEach(() => {
  vi.spyOn(window, 'alert').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('WorkflowPanel', () => {
  it("shows 'Loading Structure....' in a 400 px tree, then the folders; files carry revision and suitability", async () => {
    const answer = deferred<Reply>();
    setup({ [structureUrl]: () => answer.promise });
    expect(tree()).toHaveTextContent(LOADING_STRUCTURE);
    expect(tree()).toHaveStyle({ height: `${FOLDER_TREE_HEIGHT_PX}px` });
    const { structure } = await import('../test/fixtures.ts');
    answer.resolve({ json: structure });
    expect(await within(tree()).findByRole('button', { name: 'WIP' })).toBeInTheDocument();
    expect(tree()).not.toHaveTextContent(LOADING_STRUCTURE);
    expect(screen.getByTestId('last-updated')).toHaveTextContent('Last updated 23/11/2026 21:40');
    await expand('WIP');
    const fileRow = within(tree()).getByText('pump-house.ifc').closest('li')!;
    expect(fileRow).toHaveTextContent('P01.02');
    expect(fileRow).toHaveTextContent('S0');
    // a file is not a target
    expect(within(fileRow).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current Document')).toHaveValue('pump-house.ifc (P01.02, S0)');
    expect(screen.getByLabelText('Project')).toHaveValue(project.text);
  });

  it('picks only folders as the target on Review, Move and Upload; Delete has no Target Folder', async () => {
    setup();
    await within(tree()).findByRole('button', { name: 'Published' });
    await expand('Published');
    await pick('Drawings');
    expect(screen.getByLabelText('Target Folder')).toHaveValue('Published/Drawings');
    for (const tab of ['Move', 'Upload']) {
      await openTab(tab);
      expect(screen.getByLabelText('Target Folder')).toHaveValue('Published/Drawings');
      await pick('Shared');
      expect(screen.getByLabelText('Target Folder')).toHaveValue('Shared');
      await pick('Drawings');
    }
    await openTab('Delete');
    expect(screen.queryByLabelText('Target Folder')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Current Document')).toBeInTheDocument();
    expect(within(tree()).queryByRole('button', { name: 'Shared' })).not.toBeInTheDocument();
    expect(within(tree()).getByText('Shared')).toBeInTheDocument();
  });

  it('alerts the missing-fields message and sends nothing without reviewers', async () => {
    const { fetchMock } = setup();
    await within(tree()).findByRole('button', { name: 'Shared' });
    await pick('Shared');
    await userEvent.selectOptions(screen.getByLabelText('Approvers'), 'Cat Checker (cat@example.com)');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(window.alert).toHaveBeenCalledWith(WORKFLOW_MISSING_FIELDS);
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('submits every field of the payload and says so', async () => {
    const sent: unknown[] = [];
    const answer = deferred<Reply>();
    setup({
      'POST /api/workflow': (init) => {
        sent.push(sentForm(init));
        return answer.promise;
      },
    });
    await within(tree()).findByRole('button', { name: 'Published' });
    await expand('Published');
    await pick('Drawings');
    await userEvent.selectOptions(screen.getByLabelText('Reviewers'), [
      'Bob Builder (bob@example.com)',
      'Cat Checker (cat@example.com)',
    ]);
    await userEvent.selectOptions(screen.getByLabelText('Approvers'), 'Cat Checker (cat@example.com)');
    const suitability = screen.getByLabelText('Target suitability');
    expect([...suitability.querySelectorAll('option')].map((o) => o.value)).toEqual([
      'A0',
      'A1',
      'A2',
      'A3',
      'A4',
      'A5',
      'A6',
      'A7',
    ]);
    await userEvent.selectOptions(suitability, 'A4');
    await userEvent.type(screen.getByLabelText('Comment'), 'Please check the pumps');
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('button', { name: 'Submitting...' })).toBeDisabled();
    answer.resolve({ status: 201, json: { id: 'w1' } });
    expect(await screen.findByText(WORKFLOW_SUBMITTED)).toHaveAttribute('role', 'status');
    expect(sent).toEqual([
      {
        projectId: PROJECT_ID,
        documentId: VERSION_ID,
        createdByUserId: user.id,
        comment: 'Please check the pumps',
        reviewers: ['u2-bob@example.com-Bob Builder', 'u3-cat@example.com-Cat Checker'],
        approvers: ['u3-cat@example.com-Cat Checker'],
        suitability: 'Current Suitability',
        targetSuitability: 'A4',
        documentName: 'pump-house.ifc',
        itemId: ITEM_ID,
        uploadFolderId: 'f.drawings',
        createdByEmail: user.email,
        uploadFolderName: 'Published/Drawings',
        projectName: project.text,
      },
    ]);
    expect(window.alert).not.toHaveBeenCalled();
  });

  it('explains, and will not submit, a target folder outside Shared and Published', async () => {
    setup();
    await within(tree()).findByRole('button', { name: 'WIP' });
    await pick('WIP');
    expect(screen.getByText(/is not in Shared or Published/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled();
    expect(screen.getByLabelText('Target suitability')).toBeDisabled();
  });

  it('moves the item with one call, then clears the open models', async () => {
    const sent: unknown[] = [];
    const { fetchMock, container } = setup({
      'POST /api/workflow/move': (init) => {
        sent.push(sentForm(init));
        return { json: {} };
      },
    });
    await openTab('Move');
    await within(tree()).findByRole('button', { name: 'Shared' });
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    await pick('Shared');
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(FILE_MOVED));
    expect(sent).toEqual([
      { projectId: PROJECT_ID, documentId: VERSION_ID, itemId: ITEM_ID, uploadFolderId: 'f.shared' },
    ]);
    // the item moves itself: no copy, no delete of the original
    expect(calls(fetchMock)).not.toContain('POST /api/workflow/uploadCopy');
    expect(calls(fetchMock)).not.toContain('POST /api/workflow/delete');
    expect(storeState(container).openModels).toEqual([]);
  });

  it("shows the server's reason when a move is refused, and keeps the document open", async () => {
    const reason =
      'pump-house.ifc is under review (submitted by Bob Builder on 2026-11-28): withdraw the workflow before moving it';
    const { container } = setup({ 'POST /api/workflow/move': { status: 409, error: reason } });
    await openTab('Move');
    await within(tree()).findByRole('button', { name: 'Shared' });
    await pick('Shared');
    await userEvent.click(screen.getByRole('button', { name: 'Move' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(window.alert).not.toHaveBeenCalled();
    expect(storeState(container).openModels).toHaveLength(1);
  });

  it('says why a document under review cannot be moved or deleted, and sends nothing', async () => {
    const held = heldStructure({ submittedBy: 'Bob Builder', submittedAt: '2026-11-28T03:40:00.000Z' });
    const { fetchMock } = setup({ [structureUrl]: { json: held } });
    const why = (doing: string) =>
      `pump-house.ifc is under review (submitted by Bob Builder on 2026-11-28): withdraw the workflow before ${doing}`;
    await openTab('Move');
    await within(tree()).findByRole('button', { name: 'Shared' });
    await pick('Shared');
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(screen.getByTestId('file-action-refusal')).toHaveTextContent(why('moving it'));
    await openTab('Delete');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByTestId('file-action-refusal')).toHaveTextContent(why('deleting it'));
    expect(calls(fetchMock).some((call) => call.startsWith('POST'))).toBe(false);
  });

  it('lets only project managers move or delete a Published document, or upload into Published', async () => {
    const published = publishedStructure();
    setup({ [structureUrl]: { json: published } });
    await openTab('Delete');
    await within(tree()).findByText('Shared');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByTestId('file-action-refusal')).toHaveTextContent(
      'Only project managers can delete files in Published and Archived folders',
    );
    await openTab('Move');
    expect(screen.getByRole('button', { name: 'Move' })).toBeDisabled();
    expect(screen.getByTestId('file-action-refusal')).toHaveTextContent(
      'Only project managers can move files into or out of Published and Archived folders',
    );
    await openTab('Upload');
    await pick('Shared');
    expect(screen.queryByTestId('file-action-refusal')).not.toBeInTheDocument();
    await expand('Published');
    await pick('Drawings');
    expect(screen.getByTestId('file-action-refusal')).toHaveTextContent(
      /^Only project managers can upload into Published and Archived folders/,
    );
    expect(screen.getByLabelText('File')).toBeDisabled();
  });

  it('leaves Move and Delete of a Published document to a project manager', async () => {
    const state = memberState();
    setup(
      { [structureUrl]: { json: publishedStructure() } },
      { ...state, selectedProject: { ...state.selectedProject!, role: 'manager' } },
    );
    await openTab('Delete');
    await within(tree()).findByText('Shared');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeEnabled();
    expect(screen.queryByTestId('file-action-refusal')).not.toBeInTheDocument();
  });

  it('deletes only after confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { fetchMock } = setup({ 'POST /api/workflow/delete': { json: {} } });
    await openTab('Delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(calls(fetchMock)).not.toContain('POST /api/workflow/delete');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith(FILE_DELETED));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/workflow/delete');
    expect(sentForm(call?.[1])).toEqual({ projectId: PROJECT_ID, urnId: ITEM_ID });
  });

  it('uploads formData first, then the file, into the target folder', async () => {
    let fields: string[] = [];
    let body: unknown;
    setup({
      'POST /api/workflow/upload': (init) => {
        fields = [...(init?.body as FormData).keys()];
        body = sentForm(init);
        return { status: 201, json: {} };
      },
    });
    await openTab('Upload');
    await within(tree()).findByRole('button', { name: 'Shared' });
    await pick('Shared');
    await userEvent.upload(screen.getByLabelText('File'), new File(['x'], 'notes.pdf'));
    await userEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(await screen.findByText(FILE_UPLOADED)).toHaveAttribute('role', 'status');
    expect(fields).toEqual(['formData', 'file']);
    expect(body).toEqual({ projectId: PROJECT_ID, createdByUserId: user.id, uploadFolderId: 'f.shared' });
  });

  it('keeps Move, Delete and Upload disabled for viewers, with a note', async () => {
    const state = memberState();
    setup({}, { ...state, selectedProject: { ...state.selectedProject!, role: 'viewer' } });
    await openTab('Delete');
    expect(screen.getByRole('button', { name: 'Delete' })).toBeDisabled();
    expect(screen.getByText(MEMBERS_ONLY_NOTE)).toBeInTheDocument();
  });

  it('reads the structure again with Refresh Data', async () => {
    const { structure } = await import('../test/fixtures.ts');
    const { fetchMock } = setup({
      [`PUT ${structureUrl}`]: {
        json: { ...structure, lastUpdated: new Date(2026, 10, 24, 8, 5).toISOString() },
      },
    });
    await within(tree()).findByRole('button', { name: 'Shared' });
    await userEvent.click(screen.getByRole('button', { name: 'Refresh Data' }));
    expect(await screen.findByText('Last updated 24/11/2026 08:05')).toBeInTheDocument();
    expect(calls(fetchMock)).toContain(`PUT ${structureUrl}`);
  });
});
