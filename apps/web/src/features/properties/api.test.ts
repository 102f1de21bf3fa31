import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock.ts';
import { DATA_LIST_AS_FILE, jsonListBlob, postDataList } from './api.ts';

const records = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    projectName: 'Works',
    fileName: 'Works.ifc',
    tag: `P-${i}`,
    guId: `g-${i}`,
    category: i % 2 ? 'Pump' : 'Gate Valve',
    propValueList: [{ propName: 'Note', propValue: i % 3 ? `"quoted" ${i} m²` : '' }],
  }));

/** The Data field of a POST, as the server reads it: a text field's value or a file part's text. */
async function sentData(init: RequestInit | undefined): Promise<{ kind: 'text' | 'file'; text: string }> {
  const body = init?.body;
  if (!(body instanceof FormData)) throw new Error('not multipart');
  const data = body.get('Data');
  if (typeof data === 'string') return { kind: 'text', text: data };
  if (data === null) throw new Error('no Data field');
  return { kind: 'file', text: await data.text() };
}

afterEach(() => vi.unstubAllGlobals());

describe('jsonListBlob', () => {
  it('holds exactly the JSON text of the list, across pieces', async () => {
    for (const count of [0, 1, 1999, 2000, 2001, 4500]) {
      const list = records(count);
      expect(await jsonListBlob(list).text()).toBe(JSON.stringify(list));
    }
  });
});

describe('postDataList', () => {
  it('sends a short list as the text field Data, as postDataField does', async () => {
    const list = records(3);
    let sent: Awaited<ReturnType<typeof sentData>> | undefined;
    mockFetch({
      'POST /api/savestatic': async (init) => {
        sent = await sentData(init);
        return { json: { saved: 3 } };
      },
    });
    await expect(postDataList('/api/savestatic', list)).resolves.toEqual({ saved: 3 });
    expect(sent).toEqual({ kind: 'text', text: JSON.stringify(list) });
  });

  it('sends a long list as a file part named Data holding the same JSON', async () => {
    const list = records(DATA_LIST_AS_FILE + 1);
    let sent: Awaited<ReturnType<typeof sentData>> | undefined;
    mockFetch({
      'POST /api/savestatic': async (init) => {
        sent = await sentData(init);
        return { json: { saved: list.length } };
      },
    });
    await expect(postDataList('/api/savestatic', list)).resolves.toEqual({ saved: list.length });
    expect(sent?.kind).toBe('file');
    expect(sent?.text).toBe(JSON.stringify(list));
  });

  it('rejects with the server error of a long list', async () => {
    mockFetch({ 'POST /api/savestatic': { status: 500, error: 'nope' } });
    await expect(postDataList('/api/savestatic', records(DATA_LIST_AS_FILE))).rejects.toThrow('nope');
  });
});
