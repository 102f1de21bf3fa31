import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router';
import type { CompareFiles } from '@penstock/shared';
import { calls, mockFetch, type Routes } from '../../../test/fetchMock.ts';
import { PROJECT_ID, configRoutes, otherProject, project } from '../../../test/fixtures.ts';
import { renderWithProviders, storeState } from '../../../test/render.tsx';
import { COMPARE_NOT_OPENED, useCompareLink } from './useCompareLink.tsx';

const BASE = 'v.aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const HEAD = 'v.bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const FILES = `/api/compare-files?base=${BASE}&head=${HEAD}`;
const side = (id: string, number: number, fileName: string, itemId = 'i.works') => ({
  id,
  itemId,
  number,
  fileName,
  size: 10,
  contentType: 'application/octet-stream',
  sha256: 'x',
  createdAt: '2026-12-01T09:00:00.000Z',
  createdBy: 'u1',
  revision: `P0${number}`,
  suitability: 'S2',
  projectId: PROJECT_ID,
});
const pair = (kind: 'drawing' | 'model', ext: string, otherItem = false): CompareFiles => ({
  kind,
  base: side(BASE, 1, `Works.${ext}`, otherItem ? 'i.old' : 'i.works'),
  head: side(HEAD, 2, `Works.${ext}`),
});

function Link() {
  const notice = useCompareLink();
  return (
    <>
      {notice}
      <output data-testid="search">{useLocation().search}</output>
    </>
  );
}

function renderLink(routes: Routes) {
  const fetchMock = mockFetch({
    ...configRoutes(),
    '/api/tree?id=%23': { json: [otherProject, project] },
    ...routes,
  });
  const result = renderWithProviders(<Link />, { path: `/main?compare=${BASE}..${HEAD}` });
  return { ...result, fetchMock };
}

describe('a compare link, /main?compare=<base>..<head>: one hook, one /api/compare-files call', () => {
  it('opens a model compare tab for two models, named after both versions, and forgets the link', async () => {
    const { container, fetchMock } = renderLink({ [FILES]: { json: pair('model', 'ifc') } });
    await waitFor(() => expect(storeState(container).openModels).toHaveLength(1));
    expect(storeState(container).selectedProject).toMatchObject({ projectid: PROJECT_ID });
    expect(storeState(container).openModels[0]).toMatchObject({
      id: `compare:${BASE}..${HEAD}`,
      name: 'Compare Works.ifc V1→V2',
      fileType: 'ifc',
      versionId: HEAD,
      revision: 'P02',
      suitability: 'S2',
      compare: { kind: 'model', baseVersionId: BASE, headVersionId: HEAD },
    });
    await waitFor(() => expect(screen.getByTestId('search')).toHaveTextContent(/^$/));
    // the pair is asked for once; nothing else of the two versions
    const asked = calls(fetchMock).filter((call) => /compare-files|\/api\/models|\/versions/.test(call));
    expect(asked).toEqual([`GET ${FILES}`]);
  });

  it('opens a drawing compare tab for two drawings; two files name the older file too', async () => {
    const drawing = renderLink({ [FILES]: { json: pair('drawing', 'pdf') } });
    await waitFor(() => expect(storeState(drawing.container).openModels).toHaveLength(1));
    expect(storeState(drawing.container).openModels[0]).toMatchObject({
      name: 'Compare Works.pdf V1→V2',
      fileType: 'pdf',
      compare: { kind: 'drawing', baseVersionId: BASE, headVersionId: HEAD },
    });
    drawing.unmount();
    const twoModels = renderLink({ [FILES]: { json: pair('model', 'ifc', true) } });
    await waitFor(() => expect(storeState(twoModels.container).openModels).toHaveLength(1));
    expect(storeState(twoModels.container).openModels[0]?.name).toBe('Compare Works.ifc Works.ifc V1 → V2');
  });

  it('shows the server’s refusal and opens nothing', async () => {
    const { container } = renderLink({
      [FILES]: {
        status: 400,
        error: 'A drawing cannot be compared with a model: choose two PDF drawings or two IFC models.',
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(COMPARE_NOT_OPENED);
    expect(alert).toHaveTextContent('A drawing cannot be compared with a model');
    expect(storeState(container).openModels).toEqual([]);
  });
});
