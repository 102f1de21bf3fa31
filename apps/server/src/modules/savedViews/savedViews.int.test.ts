import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePlantIfc } from '@penstock/plantgen';
import { MAX_SAVED_VIEW_STATE_CHARS, type SavedView, type SavedViewSummary } from '@penstock/shared';
import {
  createTestPenstock,
  multipartFile,
  rowCounts,
  testDatabases,
  type TestPenstock,
} from '../../test/harness.ts';

const viewState = (extra: Record<string, unknown> = {}) => ({
  version: 2,
  kind: '3d',
  camera: { position: { x: 12, y: 8, z: -20 }, target: { x: 1, y: 2, z: 3 }, projection: 'perspective' },
  plan: null,
  selection: [5],
  sections: { planes: [], box: null, capColour: null },
  measurements: [{ id: 'm1', name: 'Clearance', kind: 'distance', points: [], value: 1.25 }],
  ...extra,
});

for (const kind of await testDatabases()) {
  describe(`saved views (${kind})`, () => {
    let penstock: TestPenstock;
    let projectId: string;
    const cookies = {} as Record<'author' | 'colleague' | 'viewer' | 'manager' | 'outsider', string>;
    let authorId: string;
    let modelVersion: string;
    let otherModelVersion: string;
    let textVersion: string;
    let foreignVersion: string;

    const call = (method: string, url: string, who: keyof typeof cookies, payload?: unknown) =>
      penstock.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie: cookies[who] },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const save = (body: Record<string, unknown>, who: keyof typeof cookies = 'author') =>
      call('POST', `/api/projects/${projectId}/views`, who, {
        name: 'Inlet channel',
        versionId: modelVersion,
        state: viewState(),
        ...body,
      });
    const savedViews = async () => (await rowCounts(penstock.database.db)).saved_views;

    beforeAll(async () => {
      penstock = await createTestPenstock(kind);
      const people = {} as Record<keyof typeof cookies, string>;
      for (const [who, name] of [
        ['author', 'Ada Lovelace'],
        ['colleague', 'Grace Hopper'],
        ['viewer', 'Vera Viewer'],
        ['manager', 'Mona Manager'],
        ['outsider', 'Otto Outsider'],
      ] as const) {
        const user = await penstock.createUser({ name });
        people[who] = user.id;
        cookies[who] = await penstock.signIn(user.email);
      }
      authorId = people.author;
      const project = await penstock.createProject('Views works', [
        { userId: people.author, role: 'member' },
        { userId: people.colleague, role: 'member' },
        { userId: people.viewer, role: 'viewer' },
        { userId: people.manager, role: 'manager' },
      ]);
      const elsewhere = await penstock.createProject('Other works', [
        { userId: people.author, role: 'member' },
      ]);
      projectId = project.id;
      const upload = async (folderId: string, name: string, content: Buffer) => {
        const { payload, headers } = multipartFile(name, content);
        const answer = await penstock.app.inject({
          method: 'POST',
          url: `/api/folders/${folderId}/files`,
          payload,
          headers: { ...headers, cookie: cookies.author },
        });
        expect(answer.statusCode, answer.body).toBe(201);
        return (answer.json() as { version: { id: string } }).version.id;
      };
      const ifc = (seed: number) => Buffer.from(generatePlantIfc({ elements: 8, seed }));
      modelVersion = await upload(project.folders.WIP!, 'civil.ifc', ifc(1));
      otherModelVersion = await upload(project.folders['WIP/Process']!, 'process.ifc', ifc(2));
      textVersion = await upload(project.folders.WIP!, 'notes.txt', Buffer.from('notes\n'));
      foreignVersion = await upload(elsewhere.folders.WIP!, 'foreign.ifc', ifc(3));
      await penstock.jobs.idle();
    }, 120_000);
    afterAll(async () => {
      await penstock?.jobs.idle();
      await penstock?.destroy();
    });

    it('saves a view for the team: listed with its model and author, opened with its state', async () => {
      const state = viewState({
        models: [
          {
            modelId: `urn:${otherModelVersion}`,
            versionId: otherModelVersion,
            visible: true,
            opacity: 0.5,
            colour: '#ff8800',
            offset: { x: 0, y: 0, z: 0 },
            rotation: 0,
          },
        ],
      });
      const created = await save({ name: '  Pump clearance  ', state });
      expect(created.statusCode, created.body).toBe(201);
      const view = created.json() as SavedView;
      expect(view).toMatchObject({
        projectId,
        name: 'Pump clearance',
        versionId: modelVersion,
        fileName: 'civil.ifc',
        versionNumber: 1,
        createdById: authorId,
        createdByName: 'Ada Lovelace',
        mayChange: true,
      });
      expect(view.id).toMatch(/^sv\./);
      expect(view.state).toEqual(state);

      // every member lists it (without its state); only its author and managers may change it
      for (const [who, mayChange] of [
        ['author', true],
        ['colleague', false],
        ['viewer', false],
        ['manager', true],
      ] as const) {
        const list = await call('GET', `/api/projects/${projectId}/views`, who);
        expect(list.statusCode).toBe(200);
        const row = (list.json() as SavedViewSummary[]).find((v) => v.id === view.id)!;
        expect(row).toMatchObject({ name: 'Pump clearance', fileName: 'civil.ifc', mayChange });
        expect(row).not.toHaveProperty('state');
        const opened = await call('GET', `/api/views/${view.id}`, who);
        expect(opened.statusCode).toBe(200);
        expect((opened.json() as SavedView).state).toEqual(state);
      }
      // outside the project it does not exist
      expect((await call('GET', `/api/projects/${projectId}/views`, 'outsider')).statusCode).toBe(404);
      expect((await call('GET', `/api/views/${view.id}`, 'outsider')).statusCode).toBe(404);
    });

    it('keeps every model’s objects by model version + GlobalId (version 3) and gives them back to restore', async () => {
      // each model's object index, as the web app reads it to name objects and to find them again
      const indexOf = async (versionId: string) => {
        const answer = await call('GET', `/api/models/${versionId}/objects`, 'colleague');
        expect(answer.statusCode).toBe(200);
        return answer.json() as { localIds: number[]; guids: string[] };
      };
      const own = await indexOf(modelVersion);
      const other = await indexOf(otherModelVersion);
      const pick = (index: typeof own, row: number) => ({
        localId: index.localIds[row]!,
        guid: index.guids[row]!,
      });
      const [ownSelected, ownHidden, otherSelected, otherColoured] = [
        pick(own, 2),
        pick(own, 3),
        pick(other, 2),
        pick(other, 4),
      ];
      for (const o of [ownSelected, ownHidden, otherSelected, otherColoured])
        expect(o.guid).toMatch(/^.{22}$/);
      const object = (versionId: string, globalId: string) => ({ versionId, globalId });
      const state = {
        ...viewState({ version: 3 }),
        selection: [object(modelVersion, ownSelected.guid), object(otherModelVersion, otherSelected.guid)],
        models: [{ modelId: `urn:${otherModelVersion}`, versionId: otherModelVersion, visible: true }],
        appearance: {
          hidden: [object(modelVersion, ownHidden.guid), { versionId: otherModelVersion, localId: 1 }],
          isolated: null,
          xray: false,
          colours: [{ colour: '#00aa00', objects: [object(otherModelVersion, otherColoured.guid)] }],
          colourBy: null,
        },
      };
      const created = await save({ name: 'Across both models', state });
      expect(created.statusCode, created.body).toBe(201);
      const opened = await call('GET', `/api/views/${(created.json() as SavedView).id}`, 'colleague');
      const back = (opened.json() as SavedView).state as unknown as typeof state;
      expect(back).toEqual(state);
      // restored: each GlobalId is found in its own model's index, at the object that was chosen
      const localIdOf = (versionId: string, globalId: string) => {
        const index = versionId === modelVersion ? own : other;
        return index.localIds[index.guids.indexOf(globalId)];
      };
      const selected = back.selection.map((o) => localIdOf(o.versionId, o.globalId));
      expect(selected).toEqual([ownSelected.localId, otherSelected.localId]);
      const hidden = back.appearance.hidden[0] as { versionId: string; globalId: string };
      expect(localIdOf(hidden.versionId, hidden.globalId)).toBe(ownHidden.localId);
      const coloured = back.appearance.colours[0]!.objects[0]!;
      expect(localIdOf(coloured.versionId, coloured.globalId)).toBe(otherColoured.localId);
    });

    it('lets contributors save, not viewers', async () => {
      const refused = await save({ name: 'By a viewer' }, 'viewer');
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Viewers cannot save views in this project' });
      const outsider = await save({ name: 'By an outsider' }, 'outsider');
      expect(outsider.statusCode).toBe(404);
      expect((await save({ name: 'By the manager' }, 'manager')).statusCode).toBe(201);
    });

    it('lets only managers move or turn the other models (alignModels); saving the same alignment again passes', async () => {
      const aligned = (x: number) =>
        viewState({ models: [{ versionId: otherModelVersion, offset: { x, y: 0, z: 0 }, rotation: 0 }] });
      const before = await savedViews();
      const refused = await save({ name: 'Moved by a member', state: aligned(2) });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ error: 'Only project managers can align the models of a view' });
      expect(await savedViews()).toBe(before);
      // unmoved models are anyone's to save
      expect((await save({ name: 'Federated, not moved', state: aligned(0) })).statusCode).toBe(201);
      const byManager = await save({ name: 'Moved by the manager', state: aligned(2) }, 'manager');
      expect(byManager.statusCode).toBe(201);
      const id = (byManager.json() as { id: string }).id;
      // saved again with its alignment, and moved further, by the manager
      await call('PATCH', `/api/views/${id}`, 'manager', { name: 'Moved by the manager' });
      const same = await call('PATCH', `/api/views/${id}`, 'manager', { state: aligned(2) });
      expect(same.statusCode).toBe(200);
      const moved = await call('PATCH', `/api/views/${id}`, 'manager', { state: aligned(3) });
      expect(moved.statusCode).toBe(200);
    });

    it('refuses a name the project has already, whatever its capitals, and writes nothing', async () => {
      expect((await save({ name: 'Outfall' })).statusCode).toBe(201);
      const before = await savedViews();
      const again = await save({ name: 'OUTFALL' }, 'colleague');
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({
        error: "A view named 'OUTFALL' already exists in this project: choose another name",
      });
      expect(await savedViews()).toBe(before);
    });

    it('checks the name, the model versions and the state with a clear 400, writing nothing', async () => {
      const before = await savedViews();
      const problems: Array<[Record<string, unknown>, string]> = [
        [{ name: '   ' }, 'name: name is required'],
        [{ name: 'x'.repeat(121) }, 'name: name can have at most 120 characters'],
        [{ versionId: 'v.nope' }, 'versionId: versionId must be a model version id (v.<uuid>)'],
        [
          { versionId: foreignVersion },
          `versionId: ${foreignVersion} is not a model version of this project`,
        ],
        [{ versionId: textVersion }, `versionId: ${textVersion} is not a model version of this project`],
        [
          { state: viewState({ models: [{ versionId: foreignVersion }] }) },
          `state.models: ${foreignVersion} is not a model version of this project`,
        ],
        [{ state: viewState({ version: 4 }) }, 'state.version: version must be 1, 2 or 3'],
        [
          { state: viewState({ version: 3, selection: [5] }) },
          'state.selection: objects must be a list of {versionId, globalId} (or {versionId, localId})',
        ],
        [
          {
            state: viewState({
              version: 3,
              selection: [],
              appearance: { hidden: [], isolated: null, colours: [{ colour: '#ff0000', objects: [{}] }] },
            }),
          },
          'state.appearance.colours.0.objects: objects must be a list of {versionId, globalId} (or {versionId, localId})',
        ],
        [
          { state: viewState({ version: 3, selection: [{ versionId: otherModelVersion, globalId: 'x' }] }) },
          `state.selection: ${otherModelVersion} is not the view's model nor one of its models`,
        ],
        [{ state: viewState({ kind: 'pdf' }) }, "state.kind: kind must be '3d'"],
        [
          { state: viewState({ camera: null }) },
          'state.camera: camera must be an object with position and target',
        ],
        [{ state: [1, 2] }, 'state: state must be a viewer state: an object with version, kind and camera'],
      ];
      for (const [body, error] of problems) {
        const answer = await save({ name: 'Checked', ...body });
        expect(answer.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(answer.json()).toEqual({ error });
      }
      expect(await savedViews()).toBe(before);
    });

    it('refuses a state over the size cap with 413, writing nothing', async () => {
      const before = await savedViews();
      const big = viewState({ padding: 'x'.repeat(MAX_SAVED_VIEW_STATE_CHARS) });
      const answer = await save({ name: 'Too big', state: big });
      expect(answer.statusCode).toBe(413);
      expect(answer.json().error).toMatch(/^The view is too large to save: its state is \d+ characters/);
      expect(await savedViews()).toBe(before);
    });

    it('lets the author or a manager rename, update and delete a view; others are refused', async () => {
      const view = (await save({ name: 'Clarifier' })).json() as SavedView;
      const url = `/api/views/${view.id}`;

      const byColleague = await call('PATCH', url, 'colleague', { name: 'Hijacked' });
      expect(byColleague.statusCode).toBe(403);
      expect(byColleague.json()).toEqual({
        error: 'Only the author of this view or a project manager can change or delete it',
      });
      expect((await call('PATCH', url, 'viewer', { name: 'Hijacked' })).statusCode).toBe(403);
      expect((await call('PATCH', url, 'outsider', { name: 'Hijacked' })).statusCode).toBe(404);

      const renamed = await call('PATCH', url, 'author', { name: 'Clarifier 2' });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json()).toMatchObject({ name: 'Clarifier 2', state: viewState() });
      expect((await call('PATCH', url, 'author', { name: 'outfall' })).statusCode).toBe(409);
      expect((await call('PATCH', url, 'author', {})).json()).toEqual({ error: 'Nothing to change' });

      const moved = viewState({ camera: { position: { x: 0, y: 50, z: 0 }, target: { x: 0, y: 0, z: 0 } } });
      const updated = await call('PATCH', url, 'manager', { state: moved });
      expect(updated.statusCode).toBe(200);
      const after = updated.json() as SavedView;
      expect(after).toMatchObject({ name: 'Clarifier 2', state: moved, mayChange: true });
      expect(after.updatedAt >= view.updatedAt).toBe(true);
      const badModel = await call('PATCH', url, 'author', {
        state: viewState({ models: [{ versionId: textVersion }] }),
      });
      expect(badModel.json()).toEqual({
        error: `state.models: ${textVersion} is not a model version of this project`,
      });

      expect((await call('DELETE', url, 'colleague')).statusCode).toBe(403);
      expect((await call('DELETE', url, 'viewer')).statusCode).toBe(403);
      const deleted = await call('DELETE', url, 'author');
      expect(deleted.statusCode).toBe(204);
      expect(deleted.body).toBe('');
      expect((await call('GET', url, 'author')).statusCode).toBe(404);
      expect((await call('DELETE', url, 'author')).statusCode).toBe(404);
    });

    it('answers a malformed id with 400', async () => {
      expect((await call('GET', '/api/views/nope', 'author')).json()).toEqual({ error: 'Invalid view id' });
      expect((await call('GET', '/api/projects/nope/views', 'author')).json()).toEqual({
        error: 'Invalid project id',
      });
    });
  });
}
