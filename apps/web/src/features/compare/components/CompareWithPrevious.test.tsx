import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { createQueryClient } from '../../../base/queryClient.ts';
import { mockFetch } from '../../../test/fetchMock.ts';
import { CompareWithPrevious } from './CompareWithPrevious.tsx';

const V1 = 'v.11111111-1111-4111-8111-111111111111';
const V2 = 'v.22222222-2222-4222-8222-222222222222';
const version = (id: string, number: number, fileName: string, revision: string) => ({
  id,
  itemId: 'i.1',
  number,
  fileName,
  size: 10,
  contentType: 'application/pdf',
  sha256: 'x',
  createdAt: '2026-11-23T10:00:00.000Z',
  createdBy: 'u.1',
  revision,
});
const show = (versionId: string) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <p>
          <CompareWithPrevious itemId="i.1" versionId={versionId} fileName="PID.pdf" />
        </p>
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('Compare with the previous revision', () => {
  it('links a drawing version to its compare with the version before it', async () => {
    mockFetch({
      '/api/items/i.1/versions': {
        json: [version(V2, 2, 'PID.pdf', 'P02'), version(V1, 1, 'PID.pdf', 'P01')],
      },
    });
    show(V2);
    const link = await screen.findByRole('link', { name: 'Compare with the previous revision' });
    expect(link).toHaveAttribute('href', `/main?compare=${V1}..${V2}`);
    expect(link).toHaveAttribute('title', 'Compare V2 (P02) with V1 (P01)');
  });

  it('shows nothing for the first version, or a drawing after a model', async () => {
    mockFetch({
      '/api/items/i.1/versions': {
        json: [version(V2, 2, 'PID.pdf', 'P02'), version(V1, 1, 'PID.ifc', 'P01')],
      },
    });
    const first = show(V1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).toBeNull();
    first.unmount();
    show(V2);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('link')).toBeNull();
  });
});
