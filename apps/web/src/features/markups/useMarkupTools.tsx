import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  formatMarkupDate,
  MARKUP_DEFAULTS,
  MARKUP_EXIT_CANCEL_MODE,
  MARKUP_EXIT_CONFIRMATION,
  MARKUP_OPEN_MODEL_FIRST,
  MARKUP_RELOAD_DELAY_MS,
  type MarkupRecord,
} from '@penstock/shared';
import type {
  ModelViewer,
  ModelViewerState,
  PdfViewer,
  PdfViewerState,
  StoredViewerState,
} from '@penstock/viewer';
import {
  createMarkupLayer,
  MARKUP_TOOLS,
  type MarkupFrame,
  type MarkupLayer,
  type MarkupTool,
} from '@penstock/viewer/markup';
import { errorMessage } from '../../base/api.ts';
import { useAppStore } from '../../base/store.tsx';
import { useModelInfo } from '../models/hooks/useModelInfo.ts';
import {
  fetchMarkups,
  fetchProjectUsers,
  markupsKey,
  projectUsersKey,
  saveMarkup,
  updateMarkup,
  type MarkupDraft,
  type ProjectUser,
} from './api.ts';
import { CreateMarkupModal } from './components/CreateMarkupModal.tsx';
import { MarkupPanel } from './components/MarkupPanel.tsx';
import { MarkupToolbar, type MarkupSettings, type ToolbarMode } from './components/MarkupToolbar.tsx';
import './markups.css';

/** What the markups are drawn over: a 3D view or a PDF page. */
export interface MarkupSurface {
  kind: '3d' | 'pdf';
  /** where the overlay is placed */
  host: HTMLElement;
  /** the element it covers (a PDF page); the whole host when absent */
  target?: HTMLElement;
  /**
   * how the drawing's coordinates follow the overlay's size: 'viewport' over the 3D view (its perspective
   * picture scales with the height and stays centred horizontally), 'fill' over a PDF page
   */
  frame: MarkupFrame;
  /** the view stored with the markup (a 3D view names its objects by model version + GlobalId) */
  viewerState(): unknown | Promise<unknown>;
  restoreViewerState(state: unknown): Promise<void>;
  /** the picture under the markups for the preview: a 2D canvas or an image data URL */
  baseImage(): HTMLCanvasElement | string;
  /** page or zoom changes: the overlay is measured again */
  onViewChange?(callback: () => void): () => void;
}

export const modelSurface = (viewer: ModelViewer, host: HTMLElement): MarkupSurface => ({
  kind: '3d',
  host,
  frame: 'viewport',
  viewerState: () => viewer.storedViewerState(),
  restoreViewerState: (state) => viewer.restoreViewerState(state as ModelViewerState | StoredViewerState),
  baseImage: () => viewer.screenshot(),
});

export function pdfSurface(pdf: PdfViewer, fallbackHost: HTMLElement): MarkupSurface {
  const page = pdf.pageElement();
  return {
    kind: 'pdf',
    host: page.parentElement ?? fallbackHost,
    target: page,
    frame: 'fill',
    viewerState: () => pdf.viewerState(),
    restoreViewerState: (state) => pdf.restoreViewerState(state as PdfViewerState),
    baseImage: () => pdf.pageElement(),
    onViewChange: (callback) => pdf.onChange(callback),
  };
}

const isTool = (mode: ToolbarMode): mode is MarkupTool => (MARKUP_TOOLS as readonly string[]).includes(mode);

const INITIAL_SETTINGS: MarkupSettings = {
  fontSize: MARKUP_DEFAULTS.fontSize,
  strokeWidth: MARKUP_DEFAULTS.strokeWidth,
  fontFamily: MARKUP_DEFAULTS.fontFamily,
  colour: MARKUP_DEFAULTS.colour,
};

/** Markup failures are logged only (spec §8). */
const logFailure = (what: string) => (failure: unknown) => console.error(`${what}:`, errorMessage(failure));

async function previewOf(layer: MarkupLayer, surface: MarkupSurface): Promise<string> {
  let base: HTMLCanvasElement | string | null = null;
  try {
    base = surface.baseImage();
    return await layer.toPng(base);
  } catch (failure) {
    logFailure('Could not draw the markup preview')(failure);
    return typeof base === 'string' && /^data:image\/png;base64,.+/.test(base) ? base : '';
  }
}

/**
 * The markup tools of one viewer: the toolbar (while `active`), the overlay over the surface, the Create
 * Markup dialog and the Markup Panel (given back as the side pane while it is open).
 */
export function useMarkupTools({
  active,
  source,
  hostRef,
  versionId,
  panel,
}: {
  active: boolean;
  /** the viewer's side panel: the Markup Panel is one of its mutually exclusive panels */
  panel?: { open: boolean; setOpen: (open: boolean) => void };
  /** the viewer the markups are drawn over (null until it exists; a model only once drawn) */
  source: { kind: '3d'; viewer: ModelViewer | null; ready: boolean } | { kind: 'pdf'; pdf: PdfViewer | null };
  /** the viewer's container: the 3D overlay's host, the PDF overlay's fallback host */
  hostRef: RefObject<HTMLElement | null>;
  versionId: string;
}): { toolbar: ReactNode; pane: ReactNode | undefined } {
  const viewer = source.kind === '3d' && source.ready ? source.viewer : null;
  const pdf = source.kind === 'pdf' ? source.pdf : null;
  const queryClient = useQueryClient();
  const { state } = useAppStore();
  const info = useModelInfo(versionId);
  const projectId = info.data?.projectId ?? state.selectedProject?.projectid ?? '';
  const layerRef = useRef<MarkupLayer | null>(null);
  const surfaceRef = useRef<MarkupSurface | null>(null);
  const [mode, setMode] = useState<ToolbarMode>('');
  const [settings, setSettings] = useState<MarkupSettings>(INITIAL_SETTINGS);
  const [ownPanelOpen, setOwnPanelOpen] = useState(false);
  const panelOpen = panel ? panel.open : ownPanelOpen;
  const setPanelOpen = panel ? panel.setOpen : setOwnPanelOpen;
  const [createOpen, setCreateOpen] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [hasSelection, setHasSelection] = useState(false);
  const modeBeforeSave = useRef<ToolbarMode>('');
  const reloadTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // leaving the markup tools closes the panel and the mode
  const [wasActive, setWasActive] = useState(active);
  if (wasActive !== active) {
    setWasActive(active);
    if (!active) {
      setPanelOpen(false);
      setMode('');
    }
  }

  // one overlay per model or PDF viewer
  useEffect(() => {
    const host = hostRef.current;
    const surface = host && viewer ? modelSurface(viewer, host) : host && pdf ? pdfSurface(pdf, host) : null;
    if (!surface) return;
    surfaceRef.current = surface;
    const created = createMarkupLayer(surface.host, {
      frame: surface.frame,
      ...(surface.target ? { target: surface.target } : {}),
    });
    layerRef.current = created;
    const offChange = created.onChange(() => setHasSelection(created.selectedId !== null));
    const offView = surface.onViewChange?.(() => created.refresh());
    const onPointer = () => setHasSelection(created.selectedId !== null);
    created.element.addEventListener('pointerup', onPointer);
    return () => {
      offChange();
      offView?.();
      clearTimeout(reloadTimer.current);
      created.element.removeEventListener('pointerup', onPointer);
      created.dispose();
      layerRef.current = null;
      surfaceRef.current = null;
    };
  }, [viewer, pdf, hostRef]);

  // the toolbar mode drives the overlay
  useEffect(() => {
    const layer = layerRef.current;
    if (!layer) return;
    if (!active) {
      layer.setMode(null);
      layer.setVisible(false);
      return;
    }
    layer.setMode(isTool(mode) ? mode : mode === 'select' ? 'select' : null);
    if (isTool(mode) || mode === 'select') layer.setVisible(true);
  }, [mode, active, viewer, pdf]);

  useEffect(() => {
    layerRef.current?.setStyle({
      stroke: settings.colour,
      strokeWidth: settings.strokeWidth,
      fontSize: settings.fontSize,
      fontFamily: settings.fontFamily,
    });
  }, [settings, viewer, pdf]);

  const markups = useQuery({
    queryKey: markupsKey(projectId, versionId),
    queryFn: () => fetchMarkups(projectId, versionId),
    enabled: active && panelOpen && projectId !== '',
  });
  useEffect(() => {
    if (markups.error) logFailure('Could not load the markups')(markups.error);
  }, [markups.error]);

  const users = useQuery({
    queryKey: projectUsersKey(projectId),
    queryFn: () => fetchProjectUsers(projectId),
    enabled: createOpen && projectId !== '',
    staleTime: 60_000,
  });
  useEffect(() => {
    if (users.error) logFailure('Could not load the project users')(users.error);
  }, [users.error]);

  const completed = useMutation({
    mutationFn: (markup: MarkupRecord) => updateMarkup({ id: markup.id, actioned: !markup.actioned }),
    onMutate: (markup) => {
      // persisted at once; the card shows the new state straight away
      queryClient.setQueryData<MarkupRecord[]>(markupsKey(projectId, versionId), (list) =>
        list?.map((m) => (m.id === markup.id ? { ...m, actioned: !markup.actioned } : m)),
      );
    },
    onError: (failure) => {
      logFailure('Could not update the markup')(failure);
      void queryClient.invalidateQueries({ queryKey: markupsKey(projectId, versionId) });
    },
  });

  const save = useMutation({
    mutationFn: async ({ title, reviewer }: { title: string; reviewer: ProjectUser }) => {
      const current = layerRef.current;
      const surface = surfaceRef.current;
      if (!current || !surface) throw new Error('Open a model first');
      const model = state.openModels.find((m) => (m.versionId ?? m.id) === versionId);
      const documentName = info.data?.fileName ?? model?.name ?? '';
      const created = formatMarkupDate(new Date());
      const imagePreview = await previewOf(current, surface);
      const record: MarkupDraft = {
        projectId,
        projectName: info.data?.projectName ?? state.selectedProject?.text ?? '',
        documentId: versionId,
        itemId: info.data?.itemId ?? '',
        documentName,
        createdDate: new Date().toISOString(),
        createdByUserId: '',
        createdByName: '',
        createdFor: reviewer.email,
        actioned: false,
        title,
        markupData: [
          {
            markupTitle: title,
            markupData: JSON.stringify(current.serialize()),
            markupstate: JSON.stringify(await surface.viewerState()),
            imagePreview,
            documentName,
            documentVersion: `V${model?.versionNumber ?? 1}`,
            userName: '',
            created,
            createdFor: reviewer.email,
            actioned: false,
          },
        ],
      };
      return saveMarkup(record);
    },
    onSuccess: () => {
      // leave edit mode, hide the markups, reload the list
      setCreateOpen(false);
      setSaveError(null);
      layerRef.current?.clear();
      layerRef.current?.setVisible(false);
      setMode('');
      void queryClient.invalidateQueries({ queryKey: markupsKey(projectId, versionId) });
    },
    onError: (failure) => {
      logFailure('Could not save the markup')(failure);
      setSaveError(`The markup could not be saved: ${errorMessage(failure)}`);
    },
  });

  const openMarkup = useCallback((markup: MarkupRecord) => {
    const item = markup.markupData[0];
    const current = layerRef.current;
    const surface = surfaceRef.current;
    if (!item || !current || !surface) return;
    setMode('open');
    let viewerState: unknown = null;
    try {
      viewerState = JSON.parse(item.markupstate);
    } catch {
      // no usable viewer state: only the drawing is shown
    }
    const restore = viewerState ? surface.restoreViewerState(viewerState) : Promise.resolve();
    void restore.catch(logFailure('Could not restore the markup view')).then(() => {
      clearTimeout(reloadTimer.current);
      reloadTimer.current = setTimeout(() => {
        try {
          current.refresh();
          current.load(item.markupData);
          current.setVisible(true);
        } catch (failure) {
          logFailure('Could not draw the markup')(failure);
        }
      }, MARKUP_RELOAD_DELAY_MS);
    });
  }, []);

  const onLoad = () => {
    if (!surfaceRef.current) {
      window.alert(MARKUP_OPEN_MODEL_FIRST);
      return;
    }
    setMode('open');
    setPanelOpen(!panelOpen);
  };

  const onExit = () => {
    setMode('exit');
    if (window.confirm(MARKUP_EXIT_CONFIRMATION)) {
      layerRef.current?.clear();
      layerRef.current?.setVisible(false);
      setMode('');
    } else setMode(MARKUP_EXIT_CANCEL_MODE);
  };

  const onSave = () => {
    modeBeforeSave.current = mode === 'save' ? '' : mode;
    setMode('save');
    setSaveError(null);
    setCreateOpen(true);
  };

  const toolbar = active ? (
    <>
      <MarkupToolbar
        mode={mode}
        settings={settings}
        panelOpen={panelOpen}
        hasSelection={hasSelection}
        onMode={setMode}
        onSettings={setSettings}
        onLoad={onLoad}
        onExit={onExit}
        onSave={onSave}
        onDelete={() => {
          layerRef.current?.deleteSelected();
          setHasSelection(false);
        }}
      />
      {createOpen && (
        <CreateMarkupModal
          show
          users={users.data ?? []}
          saving={save.isPending}
          error={saveError}
          onCreate={(title, reviewer) => save.mutate({ title, reviewer })}
          onClose={() => {
            setCreateOpen(false);
            setMode(modeBeforeSave.current);
          }}
        />
      )}
    </>
  ) : null;

  const pane =
    active && panelOpen ? (
      <MarkupPanel
        markups={markups.data ?? []}
        loading={markups.isPending}
        onCompleted={(markup) => completed.mutate(markup)}
        onOpen={openMarkup}
      />
    ) : undefined;

  return { toolbar, pane };
}
