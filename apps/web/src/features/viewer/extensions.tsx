import {
  createContext,
  use,
  useCallback,
  useContext,
  type ComponentType,
  type ReactNode,
  type RefObject,
} from 'react';
import type { QueryClient } from '@tanstack/react-query';
import type { DynamicRecord, ModelObject } from '@penstock/shared';
import type { ModelViewer, PdfViewer } from '@penstock/viewer';
import type { PropertyValues } from './sessionCopy.ts';
import type { SidePanel } from './sidePanels.ts';

/**
 * What the viewer shows that other features own: the selected object's panel (properties), issue pins,
 * the markup tools, the workflow and project-data tools, the Upload panel, the Automatic Documentation
 * panel and the Information requirements panel (ids). The viewer defines this small interface and imports none of those features; the
 * composition root (app/viewerExtensions.ts, given to the workspace by app/shell/ShellPage.tsx) fills it,
 * so no feature imports the viewer back in a circle (features/featureImports.test.ts checks it).
 */
export interface ViewerExtensions {
  /** the panel of the object selected in a model */
  SelectionPanel: ComponentType<SelectionPanelProps>;
  /** fetch what the selection panel shows for an object ahead of its opening (a hover, a click) */
  prefetchSelection(queryClient: QueryClient, versionId: string, localId: number): Promise<void>;
  /** pins over the 3D view */
  ModelPins: ComponentType<
    PinsProps & { viewer: ModelViewer | null; ready: boolean; viewableGuid: string; objects: ModelObjects }
  >;
  /** pins over a PDF page */
  PdfPins: ComponentType<PinsProps & { pdf: PdfViewer | null }>;
  /** whether the user may place pins in the project (a hook) */
  useCanPlacePins(projectId: string | null | undefined): boolean;
  /** the markup tools of one viewer: its toolbar, and the side pane while the markup panel is open (a hook) */
  useMarkupTools(options: MarkupToolsOptions): { toolbar: ReactNode; pane: ReactNode | undefined };
  /** the workflow tools of one viewer: its toolbar buttons, and the Workflow panel while open (a hook) */
  useWorkflowTools(options: { versionId: string; side: ViewerSide }): {
    toolbar: ReactNode;
    pane: ReactNode | undefined;
  };
  /** the Project data, Calculations and Reports items of the Panels menu, and their panel while open (a hook) */
  useProjectDataTools(options: { side: ViewerSide }): {
    toolbar: ReactNode;
    /** whether one of these panels is open */
    open: boolean;
    pane: ReactNode | undefined;
  };
  /** the Upload panel: files added to a folder of the project */
  UploadPanel: ComponentType<{ projectId: string; onClose: () => void }>;
  /** the Automatic Documentation panel of a model (its meta properties) */
  AutomaticDocumentationPanel: ComponentType<AutomaticDocumentationProps>;
  /** the Information requirements panel of a model (issue 36: its IDS checks), a 3D tool's side panel */
  InformationRequirementsPanel: ComponentType<InformationRequirementsProps>;
}

export interface InformationRequirementsProps {
  viewer: ModelViewer;
  versionId: string;
  projectId: string;
  /** an object of the tab's model chosen in the panel: its properties open */
  onSelect: (localId: number | null) => void;
  onClose: () => void;
}

/** What the tools need of the viewer's side panel (useSidePanel). */
export interface ViewerSide {
  panel: SidePanel | null;
  choose: (panel: SidePanel) => void;
  close: (panel?: SidePanel) => void;
  desktop: boolean;
}

export interface AutomaticDocumentationProps {
  versionId: string;
  /** the model's project, and whether the signed-in user may lock values in it ('lockValues') */
  projectId?: string | undefined;
  mayLock?: boolean | undefined;
  projectName: string;
  fileName: string;
  /** the tab's meta-property data (the panel only opens once it is loaded) */
  values: PropertyValues;
  /** the selected object's tag: null when nothing is selected, '' when it has no tag */
  selectedTag: string | null;
  /**
   * the file name of the other model of a federated view the selected object is in (its data is edited in
   * that model's own tab); null or absent for the tab's own model
   */
  selectedInModel?: string | null | undefined;
  onClose: () => void;
}

export interface SelectionPanelProps {
  versionId: string;
  localId: number;
  tag: string;
  /** the merged dynamic record of the object's tag (an object of the tab's own model) */
  dynamic?: DynamicRecord | undefined;
  /**
   * the object is in another model of a federated view: the panel asks for its dynamic values with that
   * model's project and file
   */
  otherModel?: boolean | undefined;
  /** width of the area the panel floats in */
  areaWidth: number;
  onClose: () => void;
}

/**
 * Objects of any model of the view by model version + GlobalId (issue 33), as pins store them: translated
 * to and from the viewer's refs with each version's object index (features/viewer/modelObjects.ts).
 */
export interface ModelObjects {
  /** the model version + GlobalId of a viewer object, or null when its index has no GlobalId for it */
  objectOf(ref: { model: string; localId: number }): Promise<ModelObject | null>;
  /** the viewer's object and its tag ('' without one) of a stored model version + GlobalId, or null */
  find(object: ModelObject): Promise<{ modelId: string; localId: number; tag: string } | null>;
}

export interface PinsProps {
  projectId: string | null;
  versionId: string;
  itemId?: string | undefined;
  hostRef: RefObject<HTMLElement | null>;
  areaRef: RefObject<HTMLElement | null>;
  visible: boolean;
  placing: boolean;
  onPlacingDone: () => void;
  onCreated?: () => void;
  onPinSelected?: () => void;
}

export interface MarkupToolsOptions {
  active: boolean;
  /** the viewer's side panel: the markup panel is one of its mutually exclusive panels */
  panel?: { open: boolean; setOpen: (open: boolean) => void };
  /** the viewer the markups are drawn over (null until it exists; a model only once drawn) */
  source: { kind: '3d'; viewer: ModelViewer | null; ready: boolean } | { kind: 'pdf'; pdf: PdfViewer | null };
  /** the viewer's container */
  hostRef: RefObject<HTMLElement | null>;
  versionId: string;
}

/** No extensions: the bare viewer (no panel, no pins, no markup, workflow or project-data tools). */
export const noViewerExtensions: ViewerExtensions = {
  SelectionPanel: () => null,
  prefetchSelection: async () => undefined,
  ModelPins: () => null,
  PdfPins: () => null,
  useCanPlacePins: () => false,
  useMarkupTools: () => ({ toolbar: null, pane: undefined }),
  useWorkflowTools: () => ({ toolbar: null, pane: undefined }),
  useProjectDataTools: () => ({ toolbar: null, open: false, pane: undefined }),
  UploadPanel: () => null,
  AutomaticDocumentationPanel: () => null,
  InformationRequirementsPanel: () => null,
};

/**
 * The extensions, or where they are being loaded from: the composition root loads them with the viewer's
 * code, not with the shell. A function, so that once loaded they are read at once (no suspended frame).
 */
export type ViewerExtensionsSource = () => ViewerExtensions | Promise<ViewerExtensions>;

const ViewerExtensionsContext = createContext<ViewerExtensionsSource>(() => noViewerExtensions);

export function ViewerExtensionsProvider({
  extensions,
  children,
}: {
  extensions: ViewerExtensionsSource;
  children: ReactNode;
}) {
  return <ViewerExtensionsContext.Provider value={extensions}>{children}</ViewerExtensionsContext.Provider>;
}

/** The viewer's extensions; suspends while they load (the viewers render inside the tab's Suspense). */
export function useViewerExtensions(): ViewerExtensions {
  const extensions = useContext(ViewerExtensionsContext)();
  return extensions instanceof Promise ? use(extensions) : extensions;
}

/** Start loading the extensions, ahead of the first model (as the viewer's code is preloaded). */
export function usePreloadViewerExtensions(): () => void {
  const source = useContext(ViewerExtensionsContext);
  return useCallback(() => {
    const extensions = source();
    if (extensions instanceof Promise) extensions.catch(() => {});
  }, [source]);
}
