import { describe, expect, it } from 'vitest';
import { renderHook, waitFor } from '@testing-library/react';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { hookWrapper } from './modelHooks.fixtures.tsx';
import { usePrefetchModel } from './usePrefetchModel.ts';

const info = (state: 'done' | 'running') => ({
  json: {
    versionId: 'v.1',
    itemId: 'i.1',
    projectId: 'p.1',
    projectName: 'Works',
    fileName: 'Works.ifc',
    fileType: 'ifc',
    conversion: { state, progress: state === 'done' ? 100 : 40, error: null },
    objectCount: 3,
    viewables: [],
  },
});
const files = {
  '/api/models/v.1/fragments': { text: 'frag' },
  '/api/models/v.1/objects': { json: { localIds: [] } },
  '/api/models/v.1/items': { text: '' },
};

function setup(...states: ('done' | 'running')[]) {
  let call = 0;
  const fetchMock = mockFetch({
    '/api/models/v.1': () => info(states[Math.min(call++, states.length - 1)]!),
    ...files,
  });
  const { wrapper } = hookWrapper();
  const { result } = renderHook(() => usePrefetchModel(), { wrapper });
  return { fetchMock, prefetch: () => result.current };
}

describe('usePrefetchModel', () => {
  it('asks for the .frag in the click itself when the hover has read the model as converted', async () => {
    const { fetchMock, prefetch } = setup('done');
    prefetch().hover('v.1');
    await waitFor(() => expect(calls(fetchMock)).toEqual(['GET /api/models/v.1']));
    // nothing awaited between the click and the request
    prefetch().open('v.1');
    expect(calls(fetchMock)).toEqual(['GET /api/models/v.1', 'GET /api/models/v.1/fragments']);
    // the index and the item table once the .frag is here
    await waitFor(() =>
      expect(calls(fetchMock).slice(2).sort()).toEqual([
        'GET /api/models/v.1/items',
        'GET /api/models/v.1/objects',
      ]),
    );
  });

  it('without a hover, reads the info first, then the files of a converted model', async () => {
    const { fetchMock, prefetch } = setup('done');
    prefetch().open('v.1');
    expect(calls(fetchMock)).toEqual(['GET /api/models/v.1']);
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(4));
    expect(calls(fetchMock)[1]).toBe('GET /api/models/v.1/fragments');
  });

  it('asks a model read as converting again at the click, and fetches no file while it converts', async () => {
    const { fetchMock, prefetch } = setup('running', 'running', 'done');
    prefetch().hover('v.1');
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(1));
    prefetch().open('v.1');
    await waitFor(() => expect(calls(fetchMock)).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls(fetchMock)).toEqual(['GET /api/models/v.1', 'GET /api/models/v.1']);
    // converted by the next click: its info is asked again and the .frag follows
    prefetch().open('v.1');
    await waitFor(() => expect(calls(fetchMock)).toContain('GET /api/models/v.1/fragments'));
    expect(calls(fetchMock).filter((c) => c === 'GET /api/models/v.1')).toHaveLength(3);
  });
});
