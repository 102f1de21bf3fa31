import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseIds, writeIds, type IdsDocument } from '@penstock/ids/document';
import type { IdsValidation, UploadResult } from '@penstock/shared';
import { mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, file, projectSelected } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { IdsEditorDialog } from './IdsEditorDialog.tsx';

const opened: IdsDocument = {
  info: { title: 'Water asset data', author: 'pm@example.com' },
  specifications: [
    {
      name: 'Pumps',
      ifcVersion: ['IFC4'],
      minOccurs: 1,
      maxOccurs: 'unbounded',
      applicability: [{ facet: 'entity', name: { kind: 'simple', value: 'IFCPUMP' } }],
      requirements: [
        {
          facet: 'attribute',
          name: { kind: 'simple', value: 'Name' },
          cardinality: 'required',
          // no field for it in the editor: kept as read
          instructions: 'The pump tag',
        },
      ],
    },
  ],
};

const version = (number: number) => ({
  id: `v.ids${number}`,
  itemId: 'i.ids',
  number,
  fileName: 'Water asset data.ids',
  size: 100,
  contentType: 'application/xml',
  sha256: 'x',
  createdAt: '2026-12-01T09:00:00.000Z',
  createdBy: 'Pat',
});

function setup() {
  const stored: string[] = [];
  const fetchMock = mockFetch({
    '/api/items/i.ids/content': { text: writeIds(opened) },
    'POST /api/folders/f.wip/files': async (init) => {
      const sent = (init?.body as FormData).get('file') as File;
      stored.push(await sent.text());
      const answer: UploadResult = { item: file('i.ids', sent.name, 2), version: version(2) };
      return { status: 201, json: answer };
    },
    [`/api/projects/${PROJECT_ID}/ids/versions/v.ids2`]: {
      json: {
        versionId: 'v.ids2',
        status: 'valid',
        problems: [],
        title: 'Water asset data',
        specifications: [{ index: 0 }],
        checkedAt: '2026-12-01T09:00:00.000Z',
      } as unknown as IdsValidation,
    },
    [`POST /api/projects/${PROJECT_ID}/ids/validate`]: {
      json: {
        status: 'invalid',
        problems: [
          { kind: 'audit', line: null, message: "Specification 'Pumps': IFCPUMP has no attribute Tagg" },
        ],
        title: 'Water asset data',
        specifications: [],
      },
    },
  });
  const onClose = vi.fn();
  renderWithProviders(
    <IdsEditorDialog
      projectId={PROJECT_ID}
      source={{ kind: 'file', itemId: 'i.ids', fileName: 'Water asset data.ids', folderId: 'f.wip' }}
      onClose={onClose}
    />,
    { initialState: projectSelected() },
  );
  return { stored, fetchMock, onClose };
}

describe('the IDS editor', () => {
  it('opens a file, adds a property requirement, and saves a new version that reads back', async () => {
    const user = userEvent.setup();
    const { stored } = setup();
    const name = await screen.findByLabelText('Name');
    expect(name).toHaveValue('Pumps');
    await user.clear(name);
    await user.type(name, 'Pumps carry a duty');
    await user.click(screen.getByRole('button', { name: 'Add a requirement' }));
    await user.click(screen.getByRole('button', { name: 'Property' }));
    const property = screen.getByRole('region', { name: 'Property requirement' });
    await user.clear(within(property).getByLabelText('Property set'));
    await user.type(within(property).getByLabelText('Property set'), 'Penstock_Asset');
    // a property without a name cannot be written
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(screen.getByText('1 thing to put right before saving')).toBeInTheDocument();
    await user.type(within(property).getByLabelText('Property'), 'DutyFlow');
    await user.selectOptions(within(property).getByLabelText('Value: how'), 'range');
    await user.clear(within(property).getByLabelText('Value: from'));
    await user.type(within(property).getByLabelText('Value: from'), '0');
    await user.click(within(property).getByLabelText('Value: lower bound included'));
    await user.click(save);
    expect(await screen.findByText(/Saved as Water asset data.ids, version 2/)).toBeInTheDocument();
    expect(
      await screen.findByText(/The stored file is valid IDS 1.0 with 1 specification/),
    ).toBeInTheDocument();
    const written = parseIds(stored[0]!);
    expect(written.specifications[0]!.name).toBe('Pumps carry a duty');
    expect(written.specifications[0]!.requirements).toEqual([
      opened.specifications[0]!.requirements[0],
      {
        facet: 'property',
        propertySet: { kind: 'simple', value: 'Penstock_Asset' },
        baseName: { kind: 'simple', value: 'DutyFlow' },
        dataType: 'IFCLABEL',
        value: { kind: 'restriction', base: 'double', minExclusive: '0' },
        cardinality: 'required',
      },
    ]);
  });

  it("shows the server's reading of the text before saving", async () => {
    const user = userEvent.setup();
    setup();
    await user.click(await screen.findByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/The server reads it as invalid: 1 problem/)).toBeInTheDocument();
    expect(screen.getByText("Specification 'Pumps': IFCPUMP has no attribute Tagg")).toBeInTheDocument();
  });

  it('asks before closing with changes not saved', async () => {
    const user = userEvent.setup();
    const { onClose } = setup();
    await user.type(await screen.findByLabelText('Name'), ' and more');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const close = () => screen.getAllByRole('button', { name: 'Close' }).at(-1)!;
    await user.click(close());
    expect(confirm).toHaveBeenCalledWith('Close the IDS editor? Your changes are not saved.');
    expect(onClose).not.toHaveBeenCalled();
    confirm.mockReturnValue(true);
    await user.click(close());
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });
});
