import { useRef, useState } from 'react';
import {
  FaChevronLeft,
  FaChevronRight,
  FaLocationDot,
  FaMagnifyingGlassMinus,
  FaMagnifyingGlassPlus,
  FaMapPin,
  FaPenRuler,
} from 'react-icons/fa6';
import { clampPage } from '@penstock/viewer/pages';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useModelInfo } from '../../models/hooks/useModelInfo.ts';
import type { Viewable } from '../api.ts';
import { useViewerExtensions } from '../extensions.tsx';
import { usePdfPanels } from '../hooks/usePdfPanels.tsx';
import { usePdfTagPick } from '../hooks/usePdfTagPick.ts';
import { usePdfViewer } from '../hooks/usePdfViewer.ts';
import { useSidePanel } from '../sidePanels.ts';
import { PdfPageList, pageNames } from './PdfPageList.tsx';
import { PdfTagChip } from './PdfTagChip.tsx';
import { ViewerSplit } from './ViewerSplit.tsx';

export { CLICK_SLOP_PX, TAG_ANSWER_WAIT_MS, looksLikeTag } from '../hooks/usePdfTagPick.ts';
export { PdfPageList, pageNames } from './PdfPageList.tsx';

/**
 * A PDF drawing: page list (side pane), previous/next within the range, zoom, the page; issue pins, markups,
 * tag picking and the side panels by capability (hooks/usePdfViewer, usePdfTagPick, usePdfPanels).
 */
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
  const { hostRef, pdf, pageCount, page, zoom, error, showPage, zoomBy } = usePdfViewer(contentUrl, {
    testHook: active,
  });
  // the page list is the PDF side panel: open at first, mutually exclusive with the Markup Panel
  const side = useSidePanel('pdf');
  const pagesOpen = side.panel === 'pdf';
  // issue pins on the pages: the version comes from the content address (/api/versions/<id>/content)
  const viewRef = useRef<HTMLDivElement>(null);
  const versionId = decodeURIComponent(/\/api\/versions\/([^/]+)\//.exec(contentUrl)?.[1] ?? '');
  const versionInfo = useModelInfo(versionId);
  const projectId = versionInfo.data?.projectId;
  // viewers see the pins but do not place issues
  const { PdfPins, useCanPlacePins } = useViewerExtensions();
  const canPlaceIssues = useCanPlacePins(projectId);
  const [issuesVisible, setIssuesVisible] = useState(false);
  const [placingIssue, setPlacingIssue] = useState(false);
  // markups over the page; the Markup Panel replaces the page list while it is open (one side pane)
  const [markupActive, setMarkupActive] = useState(false);
  // a click on a tag of the P&ID selects that object in every open model that has it
  const tags = usePdfTagPick(pdf, { paused: markupActive || placingIssue });

  const names = pageNames(viewables, pageCount);
  const count = pageCount || names.length;
  const go = (index: number) => showPage(clampPage(index, count));
  const panels = usePdfPanels({
    side,
    pdf,
    hostRef,
    versionId,
    projectId,
    markupActive,
    pageList: <PdfPageList names={names} current={page} onSelect={go} />,
  });
  const toggle = (on: boolean) => `btn btn-sm ${on ? 'btn-primary' : 'btn-light'} viewer-tool`;

  return (
    <ViewerSplit pane={panels.pane}>
      <div className="pdf-view" ref={viewRef}>
        <div className="viewer-toolbar" role="toolbar" aria-label="PDF tools">
          <button
            type="button"
            className={toggle(pagesOpen)}
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
            onClick={() => zoomBy(1 / 1.25)}
          >
            <FaMagnifyingGlassMinus aria-hidden="true" />
          </button>
          <span className="small text-secondary">{Math.round(zoom * 100)} %</span>
          <button
            type="button"
            className="btn btn-sm btn-light viewer-tool"
            aria-label="Zoom in"
            disabled={!pdf}
            onClick={() => zoomBy(1.25)}
          >
            <FaMagnifyingGlassPlus aria-hidden="true" />
          </button>
          <button
            type="button"
            className={toggle(issuesVisible)}
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
              className={toggle(placingIssue)}
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
            className={toggle(markupActive)}
            aria-pressed={markupActive}
            aria-label="Markup tools"
            title="Draw markups over the page and open the Markup Panel"
            disabled={!pdf}
            onClick={() => setMarkupActive(!markupActive)}
          >
            <FaPenRuler aria-hidden="true" />
          </button>
          {panels.panelsMenu}
          {panels.workflowToolbar}
        </div>
        {panels.markupToolbar}
        <div
          className="pdf-canvas"
          ref={hostRef}
          data-testid="pdf-canvas"
          onPointerDown={tags.onPointerDown}
          onPointerUp={tags.onPointerUp}
        />
        <PdfTagChip tags={tags} />
        {versionId && (
          <PdfPins
            pdf={pdf}
            projectId={projectId ?? null}
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
