import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dsearAttachmentContentUrl, dsearAttachmentsUrl, type DsearAttachment } from '@penstock/shared';
import { mockFetch, type Reply } from '../../../test/fetchMock.ts';
import { configRoutes, project, treeUrl } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';
import { DsearAttachments } from './DsearAttachments.tsx';

const ID = 'd.33333333-3333-4333-8333-333333333333';
const attachment = (fileName: string, n: number): DsearAttachment => ({
  itemId: `i.0000000${n}-0000-4000-8000-000000000000`,
  versionId: `v.0000000${n}-0000-4000-8000-000000000000`,
  versionNumber: 1,
  fileName,
  fileType: fileName.split('.').pop()!,
  size: 1234,
  revision: 'P01.01',
  suitability: 'S0',
  folderPath: 'WIP/DSEAR',
  addedAt: '2026-11-20T10:00:00.000Z',
  addedBy: 'Erin Walsh',
  contentUrl: dsearAttachmentContentUrl(ID, `i.0000000${n}-0000-4000-8000-000000000000`),
});
const drawing = attachment('HAC drawing.pdf', 1);
const assessment = attachment('Risk assessment.docx', 2);

function setup(options: { member: boolean; canAttach: boolean; list?: () => Reply }) {
  let list: DsearAttachment[] = [drawing];
  const posted: FormData[] = [];
  const fetchMock = mockFetch({
    ...configRoutes(),
    [treeUrl('#')]: { json: options.member ? [{ ...project, role: 'member' }] : [] },
    [dsearAttachmentsUrl(ID)]: options.list ?? (() => ({ json: list })),
    [`POST ${dsearAttachmentsUrl(ID)}`]: (init) => {
      posted.push(init?.body as FormData);
      list = [...list, assessment];
      return { status: 201, json: assessment };
    },
  });
  const result = renderWithProviders(
    <DsearAttachments dsearId={ID} projectId={project.projectid} canAttach={options.canAttach} />,
    { path: '/dsear' },
  );
  return { ...result, fetchMock, posted };
}

describe('DSEAR attachments', () => {
  it('lists the files, attaches one and opens a PDF in the viewer', async () => {
    const { container, posted } = setup({ member: true, canAttach: true });
    const table = await screen.findByRole('table', { name: 'Attachments' });
    const row = within(table).getByRole('row', { name: /HAC drawing\.pdf/ });
    expect(row).toHaveTextContent('WIP/DSEAR');
    expect(row).toHaveTextContent('P01.01 S0');
    expect(row).toHaveTextContent('Erin Walsh');

    const file = new File(['%PDF-1.4'], 'Risk assessment.docx', { type: 'application/octet-stream' });
    await userEvent.upload(screen.getByLabelText(/Attach a hazardous-area drawing/), file);
    await userEvent.click(screen.getByRole('button', { name: 'Attach' }));
    expect(await within(table).findByRole('row', { name: /Risk assessment\.docx/ })).toBeInTheDocument();
    expect((posted[0]?.get('file') as File).name).toBe('Risk assessment.docx');
    // a type the viewer does not show opens as the file itself
    expect(screen.getByRole('link', { name: 'Open Risk assessment.docx' })).toHaveAttribute(
      'href',
      assessment.contentUrl,
    );

    await userEvent.click(await screen.findByRole('button', { name: 'Open HAC drawing.pdf' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main'));
    const state = storeState(container);
    expect(state.selectedProject?.projectid).toBe(project.projectid);
    expect(state.openModels).toMatchObject([
      { id: drawing.versionId, name: 'HAC drawing.pdf', fileType: 'pdf', selected: true },
    ]);
    expect(state.openModels[0]?.hrefbim360).toBe(`/api/versions/${drawing.versionId}/content`);
  });

  it("offers no Attach to those who may not save the entry, and opens a non-member's file by the entry", async () => {
    setup({ member: false, canAttach: false });
    const link = await screen.findByRole('link', { name: 'Open HAC drawing.pdf' });
    expect(link).toHaveAttribute('href', drawing.contentUrl);
    expect(screen.queryByRole('button', { name: 'Attach' })).not.toBeInTheDocument();
  });

  it('shows an attachment list that cannot be loaded', async () => {
    setup({ member: true, canAttach: true, list: () => ({ status: 500, error: 'Database unavailable' }) });
    expect(await screen.findByText('The attachments cannot be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });
});
