import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../base/queryClient.ts';
import { mockFetch } from '../../test/fetchMock.ts';
import { PROJECT_ID, file, folder, treeUrl } from '../../test/fixtures.ts';
import { DROP_TEXT, DROPPING_TEXT, UploadPanel, uploadedMessage } from './UploadPanel.tsx';

function setup(uploadReply: (name: string) => { status: number; error?: string } = () => ({ status: 201 })) {
  const uploaded: { folder: string; name: string }[] = [];
  const upload = (folderId: string) => (init: RequestInit | undefined) => {
    const sent = (init?.body as FormData).get('file') as File;
    uploaded.push({ folder: folderId, name: sent.name });
    const reply = uploadReply(sent.name);
    return reply.error ? { status: reply.status, error: reply.error } : { status: reply.status, json: {} };
  };
  mockFetch({
    [treeUrl(PROJECT_ID)]: { json: [folder('f.wip', 'WIP'), folder('f.shared', 'Shared')] },
    [treeUrl('f.wip')]: { json: [folder('f.process', 'Process'), file('i.a', 'a.ifc')] },
    [treeUrl('f.shared')]: { json: [] },
    'POST /api/folders/f.wip/files': upload('f.wip'),
    'POST /api/folders/f.process/files': upload('f.process'),
  });
  const onClose = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <UploadPanel projectId={PROJECT_ID} onClose={onClose} />
    </QueryClientProvider>,
  );
  return { uploaded, onClose };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('UploadPanel', () => {
  it('words the result for one file and for several', () => {
    expect(uploadedMessage(['a.pdf'])).toBe('a.pdf is now uploaded');
    expect(uploadedMessage(['a.pdf', 'b.pdf'])).toBe('a.pdf, b.pdf are now uploaded');
  });

  it('lists the project folders two deep and uploads chosen files into the chosen one', async () => {
    const user = userEvent.setup();
    const { uploaded } = setup();
    const picker = screen.getByLabelText('Folder');
    await screen.findByRole('option', { name: 'WIP/Process' });
    expect([...picker.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'WIP',
      'WIP/Process',
      'Shared',
    ]);
    await user.selectOptions(picker, 'WIP/Process');
    await user.upload(screen.getByTestId('upload-input'), [
      new File(['x'], 'one.pdf', { type: 'application/pdf' }),
      new File(['y'], 'two.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText('one.pdf, two.pdf are now uploaded')).toBeInTheDocument();
    expect(uploaded).toEqual([
      { folder: 'f.process', name: 'one.pdf' },
      { folder: 'f.process', name: 'two.pdf' },
    ]);
    expect(screen.getByRole('list', { name: 'Files' })).toHaveTextContent('one.pdftwo.pdf');
  });

  it('says Drop here while dragging and uploads a dropped file; a refusal is shown', async () => {
    setup((name) =>
      name === 'big.zip'
        ? { status: 413, error: 'The file is larger than the upload limit' }
        : { status: 201 },
    );
    await screen.findByRole('option', { name: 'WIP/Process' });
    const box = screen.getByText(DROP_TEXT);
    fireEvent.dragOver(box);
    expect(screen.getByText(DROPPING_TEXT)).toBeInTheDocument();
    fireEvent.drop(screen.getByText(DROPPING_TEXT), {
      dataTransfer: { files: [new File(['a'], 'a.pdf'), new File(['b'], 'big.zip')] },
    });
    expect(await screen.findByText('a.pdf is now uploaded')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(
      'big.zip was not uploaded: The file is larger than the upload limit',
    );
    expect(screen.getByText(DROP_TEXT)).toBeInTheDocument();
  });
});
