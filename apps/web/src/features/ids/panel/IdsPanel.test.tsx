import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { IdsCheck, IdsFailuresPage, IdsVersionChecks } from '@penstock/shared';
import { initialAppState, type AppState } from '../../../base/store.tsx';
import { calls, mockFetch } from '../../../test/fetchMock.ts';
import { PROJECT_ID, project } from '../../../test/fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { fakeModelViewer } from '../../viewer/test/fakeViewers.ts';
import { IdsPanel, firstFailing } from './IdsPanel.tsx';
import { RESULT_COLOURS, resultAppearance } from './resultAppearance.ts';

const VERSION = 'v.22222222-2222-4222-8222-222222222222';
const CHECK = 'ic.33333333-3333-4333-8333-333333333333';
const base = `/api/projects/${PROJECT_ID}/ids`;

const spec = (index: number, name: string, failed: number, usage: 'required' | 'optional' = 'required') => ({
  index,
  name,
  identifier: null,
  description: null,
  usage,
  pass: failed === 0,
  ifcVersionMatches: true,
  applicable: 4,
  passed: 4 - failed,
  failed,
  reason: null,
});

const check = (extra: Partial<IdsCheck> = {}): IdsCheck => ({
  id: CHECK,
  projectId: PROJECT_ID,
  modelVersionId: VERSION,
  idsItemId: 'i.ids',
  idsVersionId: 'v.ids',
  idsFileName: 'Water asset data.ids',
  idsTitle: 'Water asset data',
  includeDynamic: false,
  status: 'done',
  progress: null,
  error: null,
  pass: false,
  counts: { specifications: 3, passed: 1, failed: 2, requiredFailed: 1, prohibitedFailed: 0 },
  specifications: [
    spec(0, 'Pumps carry a tag', 0),
    spec(1, 'Pumps have a duty flow', 2),
    spec(2, 'Valves have a size', 1, 'optional'),
  ],
  createdAt: '2026-12-01T09:00:00.000Z',
  finishedAt: '2026-12-01T09:01:00.000Z',
  ...extra,
});

const failures: IdsFailuresPage = {
  checkId: CHECK,
  specification: spec(1, 'Pumps have a duty flow', 2),
  total: 2,
  offset: 0,
  limit: 100,
  objects: [
    {
      expressId: 301,
      globalId: '2u07$92hL9M9JK_$0m$P6A',
      ifcClass: 'IfcPump',
      name: 'P-101',
      failures: [
        { requirement: 0, facet: 'property', expected: 'Penstock_Asset.DutyFlow > 0', found: 'no value' },
      ],
    },
    {
      expressId: 302,
      globalId: '3u07$92hL9M9JK_$0m$P6B',
      ifcClass: 'IfcPump',
      name: 'P-102',
      failures: [{ requirement: 0, facet: 'property', expected: 'Penstock_Asset.DutyFlow > 0', found: '0' }],
    },
  ],
};

function renderPanel(answer: IdsVersionChecks, role: 'member' | 'viewer' = 'member') {
  const fetchMock = mockFetch({
    [`${base}/checks?versionId=${VERSION}`]: { json: answer },
    [`${base}/checks/${CHECK}/specifications/1/failures?offset=0&limit=100`]: { json: failures },
    [`${base}/checks/${CHECK}/objects`]: {
      json: { checkId: CHECK, specification: null, passing: [300, 301], failing: [301, 302, 303] },
    },
    [`POST ${base}/checks/${CHECK}/issues`]: { status: 201, json: { created: 1, issueIds: ['is.1'] } },
    [`POST ${base}/recheck`]: { status: 202, json: { queued: 1 } },
  });
  const { viewer } = fakeModelViewer();
  const onSelect = vi.fn();
  const state: AppState = {
    ...initialAppState(),
    selectedProject: { projectid: PROJECT_ID, text: project.text, hrefbim360: '', role },
  };
  renderWithProviders(
    <IdsPanel
      viewer={viewer}
      versionId={VERSION}
      projectId={PROJECT_ID}
      onSelect={onSelect}
      onClose={vi.fn()}
    />,
    { initialState: state },
  );
  return { fetchMock, viewer, onSelect };
}

describe('the Information requirements panel', () => {
  it('shows each specification with its counts, the failing ones first, and the first failing one open', async () => {
    renderPanel({ versionId: VERSION, inScope: true, checks: [check()] });
    expect(await screen.findByText('Fails 2 of 3 specifications (1 required).')).toBeInTheDocument();
    const specs = screen.getByRole('list', { name: 'Specifications' });
    // only failing specifications at first
    expect(within(specs).queryByText('Pumps carry a tag')).not.toBeInTheDocument();
    expect(within(specs).getByText('4 applicable · 2 pass · 2 fail')).toBeInTheDocument();
    // the first failing required specification's objects are listed, each with what failed
    const objects = await screen.findByRole('list', { name: 'Failing objects' });
    expect(within(objects).getByRole('button', { name: 'P-101' })).toBeInTheDocument();
    const reasons = within(objects).getAllByText(/Penstock_Asset.DutyFlow > 0/, {
      selector: '.ids-failure-reasons li',
    });
    expect(reasons.map((reason) => reason.textContent)).toEqual([
      'Property: Penstock_Asset.DutyFlow > 0Found: no value',
      'Property: Penstock_Asset.DutyFlow > 0Found: 0',
    ]);
    await userEvent.click(screen.getByRole('checkbox', { name: /Only failing specifications/ }));
    expect(within(specs).getByText('Pumps carry a tag')).toBeInTheDocument();
  });

  it('selects and frames a failing object, and opens its properties', async () => {
    const { viewer, onSelect } = renderPanel({ versionId: VERSION, inScope: true, checks: [check()] });
    await userEvent.click(await screen.findByRole('button', { name: 'P-102' }));
    const ref = { model: `urn:${VERSION}`, localId: 302 };
    await waitFor(() => expect(onSelect).toHaveBeenCalledWith(302));
    expect(viewer.selectObjects).toHaveBeenCalledWith([ref]);
    expect(viewer.fitObjects).toHaveBeenCalledWith([ref]);
  });

  it('colours the model by result: failing red, passing green, the rest faded; again to stop', async () => {
    const { viewer } = renderPanel({ versionId: VERSION, inScope: true, checks: [check()] });
    const colour = await screen.findByRole('button', { name: 'Colour by result' });
    await userEvent.click(colour);
    await waitFor(() => expect(viewer.appearance.restore).toHaveBeenCalledTimes(1));
    const look = vi.mocked(viewer.appearance.restore).mock.calls[0]![0]!;
    expect(look.xray).toBe(true);
    expect(look.colours).toEqual([
      {
        colour: RESULT_COLOURS.failing,
        objects: [301, 302, 303].map((localId) => ({ model: `urn:${VERSION}`, localId })),
      },
      { colour: RESULT_COLOURS.passing, objects: [{ model: `urn:${VERSION}`, localId: 300 }] },
    ]);
    expect(look.colourBy?.legend).toEqual([
      { value: 'Fails', colour: RESULT_COLOURS.failing, count: 3 },
      { value: 'Passes', colour: RESULT_COLOURS.passing, count: 1 },
    ]);
    await waitFor(() => expect(colour).toHaveAttribute('aria-pressed', 'true'));
    await userEvent.click(colour);
    await waitFor(() => expect(viewer.appearance.restore).toHaveBeenCalledTimes(2));
    expect(vi.mocked(viewer.appearance.restore).mock.calls[1]![0]).toMatchObject({
      colours: [],
      colourBy: null,
      xray: false,
    });
  });

  it('raises issues from the chosen failing specifications and offers the reports', async () => {
    const { fetchMock } = renderPanel({ versionId: VERSION, inScope: true, checks: [check()] });
    await userEvent.click(
      await screen.findByRole('checkbox', { name: 'Choose Pumps have a duty flow for issues' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create issues (1)' }));
    expect(await screen.findByText(/1 issue created/)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(
      ([url, init]) => String(url).endsWith('/issues') && init?.method === 'POST',
    );
    expect(JSON.parse(String(post![1]!.body))).toEqual({ specifications: [1], mode: 'specification' });
    expect(screen.getByRole('link', { name: 'Export BCF' })).toHaveAttribute(
      'href',
      `${base}/checks/${CHECK}/report.bcf`,
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      `${base}/checks/${CHECK}/report.xlsx`,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls(fetchMock)).toContain(`POST ${base}/recheck`));
  });

  it('hides Create issues and Check again from viewers', async () => {
    renderPanel({ versionId: VERSION, inScope: true, checks: [check()] }, 'viewer');
    expect(await screen.findByText('Fails 2 of 3 specifications (1 required).')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Create issues/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /for issues/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check again' })).not.toBeInTheDocument();
  });

  it('says when no IDS applies, and shows a running or failed check', async () => {
    renderPanel({ versionId: VERSION, inScope: false, checks: [] });
    expect(await screen.findByText(/No IDS file applies to this model/)).toBeInTheDocument();
  });

  it('shows the progress of a running check and the reason of a failed one', async () => {
    renderPanel({
      versionId: VERSION,
      inScope: true,
      checks: [
        check({ status: 'running', progress: 0.25, pass: null, specifications: [] }),
        check({
          id: 'ic.4',
          idsTitle: null,
          idsFileName: 'Other.ids',
          status: 'failed',
          error: 'The model cannot be read',
        }),
      ],
    });
    expect(await screen.findByText('Checking… 25 %')).toBeInTheDocument();
    expect(screen.getByText('The model cannot be read')).toBeInTheDocument();
  });
});

describe('colour by result, pure', () => {
  it('keeps what was hidden or isolated and counts an object failing anywhere as failing', () => {
    const hidden = [{ model: 'urn:v.1', localId: 9 }];
    const look = resultAppearance({ passing: [1, 2], failing: [2, 3] }, 'v.1', 'T', {
      hidden,
      isolated: null,
    });
    expect(look.hidden).toEqual(hidden);
    expect(look.colours.map((c) => c.objects.map((o) => o.localId))).toEqual([[2, 3], [1]]);
    expect(look.solid?.map((o) => o.localId)).toEqual([2, 3, 1]);
    expect(resultAppearance({ passing: [], failing: [] }, 'v.1', 'T').colourBy).toBeNull();
  });

  it('opens the first failing required specification', () => {
    expect(firstFailing([check()])).toEqual({ checkId: CHECK, index: 1 });
    expect(firstFailing([check({ status: 'running' })])).toBeNull();
  });
});
