import { useEffect, useRef, useState, type PointerEvent } from 'react';
import {
  FaChevronLeft,
  FaChevronRight,
  FaMagnifyingGlassMinus,
  FaMagnifyingGlassPlus,
} from 'react-icons/fa6';
import type { PdfViewer } from '@penstock/viewer';
import { clampPage } from '@penstock/viewer/pages';
import { errorMessage } from '../../../base/api.ts';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import type { Viewable } from '../api.ts';
import { useViewerEngine } from '../engine.tsx';
import { setPdfHook } from '../testHook.ts';
import { PanelMenuItem, PanelsMenu } from './PanelsMenu.tsx';
import { ViewerSplit } from './ViewerSplit.tsx';
import { FaLocationDot, FaMapPin } from 'react-icons/fa6';
import { FaPenRuler, FaUpload } from 'react-icons/fa6';
import { useMayInProject } from '../../projects/hooks/useMayInProject.ts';
import { UploadPanel } from '../../upload/UploadPanel.tsx';
import { useViewerExtensions } from '../extensions.tsx';
import { useAppStore } from '../../../base/store.tsx';
import { useSidePanel } from '../sidePanels.ts';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import { useWorkflowTools } from '../../workflow/useWorkflowTools.tsx';
import { useProjectDataTools } from '../../projectData/useProjectDataTools.tsx';

/** How long the open models have to answer a picked tag before the chip says none has it. */
export const TAG_ANSWER_WAIT_MS = 400;

/** A click moving less than this is a click, not a pan. */
export const CLICK_SLOP_PX = 4;

/** P&ID tags are one word with a digit: P-1001, PLV-1001, FIT-2001A. */
export const looksLikeTag = (text: string): boolean => /^[A-Za-z0-9][\w\-./]*$/.test(text) && /\d/.test(text);

/** Page names: the 2D viewables by page, else 'Page 1', 'Page 2', ... for the document's pages. */
export function pageNames(viewables: readonly Viewable[], pageCount: number): string[] {
  const pages = viewables
    .filter((viewable) => viewable.role === '2d' && viewable.page !== undefined)
    .sort((a, b) => (a.page ?? 0) - (b.page ?? 0))
    .map((viewable) => viewable.name);
  if (pages.length >= pageCount && pages.length > 0) return pages;
  return Array.from({ length: pageCount }, (_, index) => pages[index] ?? `Page ${index + 1}`);
}

export function PdfPageList({
  names,
  current,
  onSelect,
}: {
  names: readonly string[];
  current: number;
  onSelect: (index: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="pdf-pages">
      <h2 className="h6 px-2 pt-2">Pages</h2>
      <ul className="list-unstyled mb-0">
        {names.map((name, index) => (
          <li key={`${index}-${name}`}>
            <button
              type="button"
              className={`pdf-page-link ${index === current ? 'active' : ''}`}
              aria-current={index === current ? 'page' : undefined}
              onClick={() => onSelect(index)}
            >
              {name}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A PDF drawing: page list (side pane), previous/next within the range, zoom, the page. */
export function PdfView({
  contentUrl,
  viewables,
  active = true,
}: {
  contentUrl: string;
  viewables: readonly Viewable[];
  /** the selected tab: only it owns the end-to-end test hook */
  active?: boolean;
}) {
  const engine = useViewerEngine();
  const hostRef = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PdfViewer | null>(null);
  const [pageCount, setPageCount] = useState(0);
  const [page, setPage] = useState(0);
  const [zoom, setZoom] = useState(1);
  const [error, setError] = useState<string | null>(null);
  // the page list is the PDF side panel: open at first, mutually exclusive with the Markup Panel
  const side = useSidePanel('pdf');
  const pagesOpen = side.panel === 'pdf';
  // issue pins on the pages: the version comes from the content address (/api/versions/<id>/content)
  const viewRef = useRef<HTMLDivElement>(null);
  const versionId = decodeURIComponent(/\/api\/versions\/([^/]+)\//.exec(contentUrl)?.[1] ?? '');
  const versionInfo = useModelInfo(versionId);
  // viewers see the pins but do not place issues
  const { PdfPins, useCanPlacePins, useMarkupTools } = useViewerExtensions();
  const canPlaceIssues = useCanPlacePins(versionInfo.data?.projectId);
  const [issuesVisible, setIssuesVisible] = useState(false);
  const [placingIssue, setPlacingIssue] = useState(false);

  useEffect(() => {
    const container = hostRef.current;
    if (!container) return;
    let cancelled = false;
    let created: PdfViewer | null = null;
    engine
      .createPdfViewer(container)
      .then(async (instance) => {
        if (cancelled) return instance.dispose();
        created = instance;
        await instance.open(contentUrl);
        if (cancelled) return;
        setPdf(instance);
        setPageCount(instance.pageCount);
      })
      .catch((failure: unknown) => {
        if (!cancelled) setError(errorMessage(failure));
      });
    return () => {
      cancelled = true;
      created?.dispose();
      setPdf(null);
    };
  }, [engine, contentUrl]);

  useEffect(() => {
    if (!active || !pdf) return;
    return setPdfHook({ locateText: (text) => pdf.locateText(text) });
  }, [active, pdf]);

  const names = pageNames(viewables, pageCount);
  const count = pageCount || names.length;

  const go = (index: number) => {
    const next = clampPage(index, count);
    setPage(next);
    void pdf?.showPage(next).catch((failure: unknown) => setError(errorMessage(failure)));
  };
  const changeZoom = (factor: number) => {
    if (!pdf) return;
    void pdf.setZoom(pdf.zoom * factor).then(() => setZoom(pdf.zoom));
  };

  // markups over the page; the Markup Panel replaces the page list while it is open (one side pane)
  const [markupActive, setMarkupActive] = useState(false);

  // a click on a tag of the P&ID selects that object in every open model that has it
  const { state: appState, dispatch } = useAppStore();
  const [pickedSeq, setPickedSeq] = useState<number | null>(null);
  const press = useRef<{ x: number; y: number } | null>(null);
  const [settled, setSettled] = useState(false);
  const settleTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(settleTimer.current), []);
  const onPagePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    press.current = { x: event.clientX, y: event.clientY };
  };
  const onPagePointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = press.current;
    press.current = null;
    if (!pdf || !start || markupActive || placingIssue) return;
    if (Math.hypot(event.clientX - start.x, event.clientY - start.y) > CLICK_SLOP_PX) return;
    void pdf.textAt(event.clientX, event.clientY).then((text) => {
      if (!text || !looksLikeTag(text)) return;
      dispatch({ type: 'selectTag', tag: text });
      setPickedSeq((appState.tagSelection?.seq ?? 0) + 1);
      // the open models answer at once; only then does 'none has it' mean something
      setSettled(false);
      clearTimeout(settleTimer.current);
      settleTimer.current = setTimeout(() => setSettled(true), TAG_ANSWER_WAIT_MS);
    });
  };
  const picked =
    pickedSeq !== null && appState.tagSelection?.seq === pickedSeq ? appState.tagSelection : null;
  const modelsWithTag = picked
    ? appState.openModels.filter((model) => picked.foundIn.includes(model.versionId ?? model.id))
    : [];
  const markups = useMarkupTools({
    active: markupActive,
    source: { kind: 'pdf', pdf },
    hostRef,
    versionId,
    panel: {
      open: side.panel === 'markup',
      setOpen: (open) => (open ? side.open('markup') : side.close('markup')),
    },
  });
  const projectId = versionInfo.data?.projectId;
  const may = useMayInProject(projectId);
  // the Upload panel adds files with POST /api/folders/:folderId/files: 'upload'
  const canUpload = side.desktop && may('upload') && Boolean(projectId);
  const workflow = useWorkflowTools({ versionId, side });
  const projectData = useProjectDataTools({ side });
  const pane =
    markups.pane ??
    workflow.pane ??
    projectData.pane ??
    (side.panel === 'upload' && projectId ? (
      <UploadPanel projectId={projectId} onClose={() => side.close('upload')} />
    ) : undefined) ??
    (pagesOpen ? <PdfPageList names={names} current={page} onSelect={go} /> : undefined);

  return (
    <ViewerSplit pane={pane}>
      <div className="pdf-view" ref={viewRef}>
        <div className="viewer-toolbar" role="toolbar" aria-label="PDF tools">
          <button
            type="button"
            className={`btn btn-sm ${pagesOpen ? 'btn-primary' : 'btn-light'} viewer-tool`}
            aria-pressed={pagesOpen}
            onClick={() => side.choose('pdf')}
          >
            Pages
          </button>
          <button
            type="button"
            className="btn btn-sm btn-light viewer-tool"
            disabled={page <= 0}
            onClick={() => go(page - 1)}
          >
            <FaChevronLeft aria-hidden="true" className="me-1" />
            Previous
          </button>
          <span className="small text-secondary" aria-live="polite">
            {count ? `${names[page] ?? `Page ${page + 1}`} of ${count}` : ''}
          </span>
          <button
            type="button"
            className="btn btn-sm btn-light viewer-tool"
            disabled={page >= count - 1}
            onClick={() => go(page + 1)}
          >
            Next
            <FaChevronRight aria-hidden="true" className="ms-1" />
          </button>
          <button
            type="button"
            className="btn btn-sm btn-light viewer-tool"
            aria-label="Zoom out"
            disabled={!pdf}
            onClick={() => changeZoom(1 / 1.25)}
          >
            <FaMagnifyingGlassMinus aria-hidden="true" />
          </button>
          <span className="small text-secondary">{Math.round(zoom * 100)} %</span>
          <button
            type="button"
            className="btn btn-sm btn-light viewer-tool"
            aria-label="Zoom in"
            disabled={!pdf}
            onClick={() => changeZoom(1.25)}
          >
            <FaMagnifyingGlassPlus aria-hidden="true" />
          </button>
          <button
            type="button"
            className={`btn btn-sm ${issuesVisible ? 'btn-primary' : 'btn-light'} viewer-tool`}
            aria-pressed={issuesVisible}
            disabled={!pdf}
            onClick={() => setIssuesVisible(!issuesVisible)}
          >
            <FaMapPin aria-hidden="true" className="me-1" />
            Show/Hide issues
          </button>
          {canPlaceIssues && (
            <button
              type="button"
              className={`btn btn-sm ${placingIssue ? 'btn-primary' : 'btn-light'} viewer-tool`}
              aria-pressed={placingIssue}
              title="Click on the page to place a new issue"
              disabled={!pdf}
              onClick={() => setPlacingIssue(!placingIssue)}
            >
              <FaLocationDot aria-hidden="true" className="me-1" />
              Place issue
            </button>
          )}
          <button
            type="button"
            className={`btn btn-sm ${markupActive ? 'btn-primary' : 'btn-light'} viewer-tool`}
            aria-pressed={markupActive}
            aria-label="Markup tools"
            title="Draw markups over the page and open the Markup Panel"
            disabled={!pdf}
            onClick={() => setMarkupActive(!markupActive)}
          >
            <FaPenRuler aria-hidden="true" />
          </button>
          {(canUpload || projectData.toolbar) && (
            <PanelsMenu anyOpen={side.panel === 'upload' || projectData.open}>
              {canUpload && (
                <PanelMenuItem
                  label="Upload"
                  title="Upload files to a folder of this project"
                  Icon={FaUpload}
                  open={side.panel === 'upload'}
                  onSelect={() => side.choose('upload')}
                />
              )}
              {projectData.toolbar}
            </PanelsMenu>
          )}
          {workflow.toolbar}
        </div>
        {markups.toolbar}
        <div
          className="pdf-canvas"
          ref={hostRef}
          data-testid="pdf-canvas"
          onPointerDown={onPagePointerDown}
          onPointerUp={onPagePointerUp}
        />
        {picked && (
          <div className="pid-tag-chip shadow-sm" role="status">
            <strong className="me-2">{picked.tag}</strong>
            {modelsWithTag.length === 0 ? (
              <span className="text-body-secondary">
                {settled ? 'No open model has this tag.' : 'Looking for it in the open models…'}
              </span>
            ) : (
              modelsWithTag.map((model) => (
                <button
                  key={model.id}
                  type="button"
                  className="btn btn-sm btn-outline-primary ms-1"
                  onClick={() => dispatch({ type: 'selectModel', id: model.id })}
                >
                  Show in {model.name}
                </button>
              ))
            )}
            <button
              type="button"
              className="btn-close ms-2"
              aria-label="Dismiss the tag"
              onClick={() => setPickedSeq(null)}
            />
          </div>
        )}
        {versionId && (
          <PdfPins
            pdf={pdf}
            projectId={versionInfo.data?.projectId ?? null}
            versionId={versionId}
            itemId={versionInfo.data?.itemId}
            hostRef={viewRef}
            areaRef={hostRef}
            visible={issuesVisible}
            placing={placingIssue && canPlaceIssues}
            onPlacingDone={() => setPlacingIssue(false)}
            onCreated={() => setIssuesVisible(true)}
          />
        )}
        {!pdf && !error && (
          <div className="viewer-overlay">
            <Loading label="Loading the drawing..." />
            <span>Loading the drawing…</span>
          </div>
        )}
        {error && (
          <div className="viewer-overlay">
            <ErrorAlert title="The drawing cannot be shown." error={new Error(error)} className="mb-0" />
          </div>
        )}
      </div>
    </ViewerSplit>
  );
}
