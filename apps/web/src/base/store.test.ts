import { describe, expect, it } from 'vitest';
import { appReducer, initialAppState, type AppState, type OpenModel } from './store.tsx';

const model = (id: string, selected = false): OpenModel => ({
  id,
  name: `${id}.ifc`,
  number: 0.3,
  selected,
  fileType: 'ifc',
  hrefbim360: `/api/items/${id}/content`,
});

describe('app store', () => {
  it('starts with extra tabs allowed, no project, and the left navigation open unless a review is pending', () => {
    expect(initialAppState()).toEqual({
      selectedProject: null,
      openModels: [],
      allowAdditionalTabs: true,
      reviewIdPending: null,
      pendingReview: null,
      leftNavOpen: true,
      tagSelection: null,
      addToView: null,
    });
    expect(initialAppState('r1').leftNavOpen).toBe(false);
  });

  it('passes a tag picked on a P&ID to the open models and gathers those that have it', () => {
    let state = appReducer(initialAppState(), { type: 'selectTag', tag: 'P-1001' });
    expect(state.tagSelection).toEqual({ tag: 'P-1001', seq: 1, foundIn: [] });
    state = appReducer(state, { type: 'tagFound', seq: 1, versionId: 'v.1' });
    state = appReducer(state, { type: 'tagFound', seq: 1, versionId: 'v.1' });
    expect(state.tagSelection?.foundIn).toEqual(['v.1']);
    // an answer to an older pick is ignored
    state = appReducer(state, { type: 'selectTag', tag: 'V-7' });
    expect(appReducer(state, { type: 'tagFound', seq: 1, versionId: 'v.2' })).toBe(state);
    expect(state.tagSelection).toEqual({ tag: 'V-7', seq: 2, foundIn: [] });
  });

  it('choosing a project allows extra tabs, empties the open models and clears review mode', () => {
    const before: AppState = {
      ...initialAppState(),
      openModels: [model('a', true)],
      allowAdditionalTabs: false,
      reviewIdPending: 'r1',
    };
    const project = { projectid: 'b.1', text: 'Riverside', hrefbim360: '/projectLog?projectId=b.1' };
    expect(appReducer(before, { type: 'selectProject', project })).toEqual({
      ...before,
      selectedProject: project,
      openModels: [],
      allowAdditionalTabs: true,
      reviewIdPending: null,
      pendingReview: null,
    });
  });

  it('opens a document from the hub with its pending review, and clears both after the decision', () => {
    const project = { projectid: 'b.1', text: 'Riverside', hrefbim360: '/projectLog?projectId=b.1' };
    const pending = { workflowId: 'w.1', documentId: 'v.1', itemId: 'i.1', reviewId: 'r.1' };
    const opened = appReducer(
      { ...initialAppState(), openModels: [model('x', true)] },
      { type: 'openFromHub', project, model: model('v.1'), pending },
    );
    expect(opened.openModels.map((m) => [m.id, m.selected])).toEqual([['v.1', true]]);
    expect(opened).toMatchObject({ reviewIdPending: 'r.1', pendingReview: pending, leftNavOpen: false });
    const viewOnly = appReducer(initialAppState(), {
      type: 'openFromHub',
      project,
      model: model('v.1'),
      pending: null,
    });
    expect(viewOnly).toMatchObject({ reviewIdPending: null, leftNavOpen: true });
    const done = appReducer(opened, { type: 'workflowDone' });
    expect(done).toMatchObject({ openModels: [], reviewIdPending: null, pendingReview: null });
  });

  it('selects and closes models with the shared tab rules', () => {
    const state = { ...initialAppState(), openModels: [model('a'), model('b', true), model('c')] };
    const closed = appReducer(state, { type: 'closeModel', id: 'b' });
    expect(closed.openModels.map((m) => [m.id, m.selected])).toEqual([
      ['a', false],
      ['c', true],
    ]);
    const selected = appReducer(closed, { type: 'selectModel', id: 'a' });
    expect(selected.openModels.find((m) => m.selected)?.id).toBe('a');
  });

  it('toggles the left navigation and resets everything', () => {
    const state = appReducer(initialAppState(), { type: 'toggleLeftNav' });
    expect(state.leftNavOpen).toBe(false);
    const busy = appReducer(
      { ...state, openModels: [model('a', true)] },
      { type: 'setReviewIdPending', reviewId: 'r2' },
    );
    expect(appReducer(busy, { type: 'reset' })).toEqual(initialAppState());
  });

  it('a model too large for the session copy stops further tabs until every model is closed', () => {
    let state: AppState = { ...initialAppState(), openModels: [model('a', true), model('b')] };
    state = appReducer(state, { type: 'setAllowAdditionalTabs', allow: false });
    expect(state.allowAdditionalTabs).toBe(false);
    state = appReducer(state, { type: 'closeModel', id: 'a' });
    expect(state.allowAdditionalTabs).toBe(false);
    state = appReducer(state, { type: 'closeModel', id: 'b' });
    expect(state.openModels).toEqual([]);
    expect(state.allowAdditionalTabs).toBe(true);
  });
});
