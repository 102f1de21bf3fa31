import {
  createContext,
  useCallback,
  useContext,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  type Dispatch,
  type ReactNode,
} from 'react';
import { closeTab, selectTab, type ModelTab, type ProjectRole } from '@penstock/shared';

/** The selected project: the spec's {projectid, text, hrefbim360}, with the user's role in it. */
export interface SelectedProject {
  projectid: string;
  text: string;
  hrefbim360: string;
  /** the signed-in user's role in the project (decides which issue controls show) */
  role?: ProjectRole | undefined;
}

/** An open model tab, with what the tab body shows about the file. */
export interface OpenModel extends ModelTab {
  fileType: string;
  hrefbim360: string;
  versionNumber?: number | undefined;
  /** the version the viewer shows (`v.<uuid>`); the tab id when the node is itself a version */
  versionId?: string | undefined;
  /** ISO 19650 revision and suitability codes of that version, shown on the tab */
  revision?: string | undefined;
  suitability?: string | undefined;
  /** a revision compare tab (issue 34): the older and newer versions shown against each other */
  compare?: { kind: 'drawing' | 'model'; baseVersionId: string; headVersionId: string } | undefined;
}

export interface AppState {
  selectedProject: SelectedProject | null;
  openModels: OpenModel[];
  /** the spec's allow-additional-tabs flag */
  allowAdditionalTabs: boolean;
  /** a review opened from a link or the personal hub; while one is pending the left navigation starts closed */
  reviewIdPending: string | null;
  /** the hub's pending review or approval, with the document it is about */
  pendingReview: PendingReview | null;
  leftNavOpen: boolean;
  /**
   * A tag chosen on a P&ID: every open model selects it when it has it, and says so (foundIn: the version
   * ids of the models that have it). seq tells one choice from the next.
   */
  tagSelection: TagSelection | null;
  /** a model version to add to the selected 3D tab (federation); seq tells one request from the next */
  addToView: { versionId: string; name: string; seq: number } | null;
}

/**
 * A review or approval opened from the personal hub (hub spec §2): the document it is about and the user's
 * pending review or approval id. The Review or Approve button shows while that document's tab is selected.
 */
export interface PendingReview {
  workflowId: string;
  /** the submitted version (`v.<uuid>`) */
  documentId: string;
  itemId: string;
  reviewId?: string | undefined;
  approvalId?: string | undefined;
}

export interface TagSelection {
  tag: string;
  seq: number;
  foundIn: string[];
}

export type AppAction =
  | { type: 'selectProject'; project: SelectedProject }
  | { type: 'setOpenModels'; models: OpenModel[] }
  | { type: 'selectModel'; id: string }
  | { type: 'closeModel'; id: string }
  | { type: 'setAllowAdditionalTabs'; allow: boolean }
  | { type: 'setReviewIdPending'; reviewId: string | null }
  | {
      type: 'openFromHub';
      project: SelectedProject;
      model: OpenModel;
      pending: PendingReview | null;
    }
  | { type: 'workflowDone' }
  | { type: 'toggleLeftNav' }
  | { type: 'setLeftNav'; open: boolean }
  | { type: 'selectTag'; tag: string }
  | { type: 'tagFound'; seq: number; versionId: string }
  | { type: 'addToView'; versionId: string; name: string }
  | { type: 'reset' };

export function initialAppState(reviewIdPending: string | null = null): AppState {
  return {
    selectedProject: null,
    openModels: [],
    allowAdditionalTabs: true,
    reviewIdPending,
    pendingReview: null,
    leftNavOpen: reviewIdPending === null,
    tagSelection: null,
    addToView: null,
  };
}

export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'selectProject':
      // Spec §4: extra tabs allowed again, no open models, review mode cleared. (The aggregate properties
      // the spec also clears arrive with the model viewer.)
      return {
        ...state,
        selectedProject: action.project,
        allowAdditionalTabs: true,
        openModels: [],
        reviewIdPending: null,
        pendingReview: null,
      };
    case 'setOpenModels':
      return { ...state, openModels: action.models };
    case 'selectModel':
      return { ...state, openModels: selectTab(state.openModels, action.id) };
    case 'closeModel': {
      const openModels = closeTab(state.openModels, action.id);
      // with every model closed the workspace resets, and further tabs are allowed again
      return {
        ...state,
        openModels,
        allowAdditionalTabs: openModels.length === 0 || state.allowAdditionalTabs,
      };
    }
    case 'setAllowAdditionalTabs':
      return { ...state, allowAdditionalTabs: action.allow };
    case 'setReviewIdPending':
      return { ...state, reviewIdPending: action.reviewId };
    case 'openFromHub': {
      // the hub opens one document; with a review or approval pending the left navigation starts closed
      const reviewId = action.pending ? (action.pending.reviewId ?? action.pending.approvalId ?? null) : null;
      return {
        ...state,
        selectedProject: action.project,
        allowAdditionalTabs: true,
        openModels: [{ ...action.model, selected: true }],
        reviewIdPending: reviewId,
        pendingReview: action.pending,
        leftNavOpen: reviewId === null,
      };
    }
    case 'workflowDone':
      // forms spec §4: after a move, delete or decision the selected document and the open models are
      // cleared, and so is the pending review or approval id
      return { ...state, openModels: [], reviewIdPending: null, pendingReview: null };
    case 'toggleLeftNav':
      return { ...state, leftNavOpen: !state.leftNavOpen };
    case 'setLeftNav':
      return { ...state, leftNavOpen: action.open };
    case 'selectTag':
      return {
        ...state,
        tagSelection: { tag: action.tag, seq: (state.tagSelection?.seq ?? 0) + 1, foundIn: [] },
      };
    case 'tagFound': {
      const current = state.tagSelection;
      if (!current || current.seq !== action.seq || current.foundIn.includes(action.versionId)) return state;
      return { ...state, tagSelection: { ...current, foundIn: [...current.foundIn, action.versionId] } };
    }
    case 'addToView':
      return {
        ...state,
        addToView: { versionId: action.versionId, name: action.name, seq: (state.addToView?.seq ?? 0) + 1 },
      };
    case 'reset':
      return initialAppState();
  }
}

interface AppStore {
  state: AppState;
  dispatch: Dispatch<AppAction>;
  /** the latest state, for handlers that run later (timers) */
  getState: () => AppState;
}

const AppStoreContext = createContext<AppStore | null>(null);

export function AppStoreProvider({ children, initial }: { children: ReactNode; initial?: AppState }) {
  const [state, dispatch] = useReducer(appReducer, initial ?? initialAppState());
  const latest = useRef(state);
  useLayoutEffect(() => {
    latest.current = state;
  }, [state]);
  const getState = useCallback(() => latest.current, []);
  const store = useMemo(() => ({ state, dispatch, getState }), [state, getState]);
  return <AppStoreContext.Provider value={store}>{children}</AppStoreContext.Provider>;
}

export function useAppStore(): AppStore {
  const store = useContext(AppStoreContext);
  if (!store) throw new Error('useAppStore must be used inside <AppStoreProvider>');
  return store;
}
