import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetchMock.ts';
import { inForeground } from '../../base/foreground.ts';
import { DATA_LIST_PIECE, postDataList } from './api.ts';

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

describe('postDataList', () => {
  it('sends a list of up to one part as the text field Data, as postDataField does', async () => {
    for (const count of [3, DATA_LIST_PIECE]) {
      const list = records(count);
      const sent: Awaited<ReturnType<typeof sentData>>[] = [];
      mockFetch({
        'POST /api/savestatic': async (init) => {
          sent.push(await sentData(init));
          return { json: { saved: count } };
        },
      });
      await expect(postDataList('/api/savestatic', list)).resolves.toEqual({ saved: count });
      expect(sent).toEqual([{ kind: 'text', text: JSON.stringify(list) }]);
    }
  });

  it('sends a long list as text fields of at most a part each, one call after another, in order', async () => {
    const list = records(DATA_LIST_PIECE * 2 + 5);
    const sent: Awaited<ReturnType<typeof sentData>>[] = [];
    let open = 0;
    mockFetch({
      'POST /api/savestatic': async (init) => {
        open++;
        expect(open).toBe(1);
        const part = await sentData(init);
        sent.push(part);
        await new Promise((resolve) => setTimeout(resolve, 5));
        open--;
        return { json: { saved: (JSON.parse(part.text) as unknown[]).length } };
      },
    });
    await expect(postDataList('/api/savestatic', list)).resolves.toEqual({ saved: list.length });
    expect(sent.map((part) => [part.kind, (JSON.parse(part.text) as unknown[]).length])).toEqual([
      ['text', DATA_LIST_PIECE],
      ['text', DATA_LIST_PIECE],
      ['text', 5],
    ]);
    expect(sent.flatMap((part) => JSON.parse(part.text) as unknown[])).toEqual(list);
  });

  it("holds its next part while the user waits for foreground work (a click's properties)", async () => {
    const list = records(DATA_LIST_PIECE * 2);
    const events: string[] = [];
    let finishClick!: () => void;
    mockFetch({
      'POST /api/savestatic': async (init) => {
        const part = JSON.parse((await sentData(init)).text) as unknown[];
        events.push(`part ${part.length}`);
        if (events.length === 1)
          void inForeground(new Promise<void>((resolve) => (finishClick = resolve))).then(() =>
            events.push('click answered'),
          );
        return { json: { saved: part.length } };
      },
    });
    const saving = postDataList('/api/savestatic', list);
    await vi.waitFor(() => expect(events).toEqual([`part ${DATA_LIST_PIECE}`]));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(events).toEqual([`part ${DATA_LIST_PIECE}`]);
    finishClick();
    await expect(saving).resolves.toEqual({ saved: list.length });
    expect(events).toEqual([`part ${DATA_LIST_PIECE}`, 'click answered', `part ${DATA_LIST_PIECE}`]);
  });

  it('stops at the first failed part, with the server error', async () => {
    let calls = 0;
    mockFetch({
      'POST /api/savestatic': () => {
        calls++;
        return { status: 500, error: 'nope' };
      },
    });
    await expect(postDataList('/api/savestatic', records(DATA_LIST_PIECE * 3))).rejects.toThrow('nope');
    expect(calls).toBe(1);
  });
});
