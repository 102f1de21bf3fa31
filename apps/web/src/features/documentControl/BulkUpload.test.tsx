import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ImportRowReport } from '@penstock/shared';
import { createQueryClient } from '../../base/queryClient.ts';
import { mockFetch } from '../../test/fetchMock.ts';
import { PROJECT_ID, folder, treeUrl } from '../../test/fixtures.ts';
import { BulkUpload } from './BulkUpload.tsx';

interface Sent {
  url: string;
  register: string;
  files: string[];
}

/**
 * The browser's XMLHttpRequest as the bulk upload uses it (open, send, upload progress, a JSON answer), with
 * the server's answer given per request: jsdom would send it to no server.
 */
function stubUploads(answer: (sent: Sent) => { status: number; body: unknown }) {
  const sent: Sent[] = [];
  class FakeRequest {
    url = '';
    status = 0;
    statusText = '';
    response: unknown = null;
    responseType = '';
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    open(_method: string, url: string) {
      this.url = url;
    }
    setRequestHeader() {}
    send(form: FormData) {
      const request: Sent = {
        url: this.url,
        register: (form.get('register') as File).name,
        files: form.getAll('file').map((file) => (file as File).name),
      };
      sent.push(request);
      const reply = answer(request);
      setTimeout(() => {
        this.upload.onprogress?.({ loaded: 50, total: 100, lengthComputable: true } as ProgressEvent);
        this.status = reply.status;
        this.response = reply.body;
        this.onload?.();
      }, 10);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

const ok = (row: number, fileName: string): ImportRowReport => ({ row, fileName, ok: true, problems: [] });

function setup() {
  mockFetch({
    [treeUrl(PROJECT_ID)]: { json: [folder('f.wip', 'WIP'), folder('f.shared', 'Shared')] },
    [treeUrl('f.wip')]: { json: [folder('f.civil', 'Civil')] },
    [treeUrl('f.shared')]: { json: [] },
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BulkUpload projectId={PROJECT_ID} />
    </QueryClientProvider>,
  );
}

const pdf = (name: string) => new File(['%PDF-1.4'], name, { type: 'application/pdf' });
const A = 'RWTW-ACM-IW-00-DR-C-0101.pdf';
const B = 'RWTW-ACM-IW-00-DR-C-0102.pdf';

async function choose() {
  await screen.findByRole('option', { name: 'WIP/Civil' });
  await userEvent.selectOptions(screen.getByLabelText('Folder'), 'WIP/Civil');
  await userEvent.upload(screen.getByLabelText('Register (.xlsx)'), new File(['x'], 'register.xlsx'));
  await userEvent.upload(screen.getByLabelText('Files'), [pdf(A), pdf(B)]);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('bulk upload with a register', () => {
  it('checks every row first, storing nothing, then uploads the package', async () => {
    const sent = stubUploads(({ url }) =>
      url.endsWith('?check=1')
        ? { status: 200, body: { stored: false, rows: [ok(2, A), ok(3, B)] } }
        : { status: 201, body: { stored: true, rows: [ok(2, A), ok(3, B)] } },
    );
    setup();
    expect(await screen.findByRole('button', { name: 'Check' })).toBeDisabled();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(
      await screen.findByText('All 2 rows pass. Nothing is stored yet: Upload to store them.'),
    ).toBeVisible();
    const report = screen.getByRole('table', { name: 'Register check' });
    expect(within(report).getAllByText('OK')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    expect(await screen.findByText('Stored 2 files with their titles in WIP/Civil.')).toBeVisible();
    // the pickers are emptied: the package is not sent twice
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
    expect(sent).toEqual([
      { url: '/api/folders/f.civil/bulk-upload?check=1', register: 'register.xlsx', files: [A, B] },
      { url: '/api/folders/f.civil/bulk-upload', register: 'register.xlsx', files: [A, B] },
    ]);
  });

  it('shows each failing row and stores nothing', async () => {
    stubUploads(() => ({
      status: 422,
      body: {
        stored: false,
        error: 'Some rows of the register have problems: nothing was stored',
        rows: [
          ok(2, A),
          { row: 3, fileName: B, ok: false, problems: ["Type is 'SP' in the register but 'DR' in the name"] },
          { row: 0, fileName: 'extra.pdf', ok: false, problems: ["'extra.pdf' has no row in the register"] },
        ],
      },
    }));
    setup();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Upload 2 files' }));
    expect(await screen.findByText('2 of 3 rows have problems: nothing was stored.')).toBeVisible();
    const report = screen.getByRole('table', { name: 'Register check' });
    expect(within(report).getByText("Type is 'SP' in the register but 'DR' in the name")).toBeVisible();
    expect(within(report).getByText("'extra.pdf' has no row in the register")).toBeVisible();
  });

  it("says the server's refusal when there is no report", async () => {
    stubUploads(() => ({ status: 403, body: { error: 'Only project managers can change the record' } }));
    setup();
    await choose();
    await userEvent.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText('Only project managers can change the record')).toBeVisible();
  });
});
