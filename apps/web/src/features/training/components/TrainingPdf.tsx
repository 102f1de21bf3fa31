import { Button, ButtonGroup } from 'react-bootstrap';
import {
  FaChevronLeft,
  FaChevronRight,
  FaMagnifyingGlassMinus,
  FaMagnifyingGlassPlus,
} from 'react-icons/fa6';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { usePdfViewer } from '../../viewer/hooks/usePdfViewer.ts';

/**
 * A PDF course embedded in the page with Penstock's own PDF viewer (pdf.js, served by Penstock: no browser
 * plug-in needed): one page at a time, previous and next, zoom (usePdfViewer, as the workspace's PdfView).
 */
export function TrainingPdf({ url, title }: { url: string; title: string }) {
  const { hostRef, pdf, page, pageCount, error, run, zoomBy } = usePdfViewer(url);

  return (
    <div className="d-flex flex-column gap-2">
      <div className="d-flex align-items-center gap-2" role="toolbar" aria-label="PDF pages">
        <ButtonGroup size="sm">
          <Button
            variant="outline-secondary"
            aria-label="Previous page"
            disabled={!pdf || page <= 0}
            onClick={() => run((viewer) => viewer.previous())}
          >
            <FaChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline-secondary"
            aria-label="Next page"
            disabled={!pdf || page >= pageCount - 1}
            onClick={() => run((viewer) => viewer.next())}
          >
            <FaChevronRight aria-hidden="true" />
          </Button>
        </ButtonGroup>
        <span className="small text-secondary" aria-live="polite">
          {pdf ? `Page ${page + 1} of ${pageCount}` : 'Opening the PDF...'}
        </span>
        <ButtonGroup size="sm" className="ms-auto">
          <Button
            variant="outline-secondary"
            aria-label="Zoom out"
            disabled={!pdf}
            onClick={() => zoomBy(1 / 1.25)}
          >
            <FaMagnifyingGlassMinus aria-hidden="true" />
          </Button>
          <Button
            variant="outline-secondary"
            aria-label="Zoom in"
            disabled={!pdf}
            onClick={() => zoomBy(1.25)}
          >
            <FaMagnifyingGlassPlus aria-hidden="true" />
          </Button>
        </ButtonGroup>
        <a href={url} target="_blank" rel="noopener noreferrer" className="small">
          Open the PDF in a new tab
        </a>
      </div>
      {error && <ErrorAlert title="The PDF could not be shown." error={new Error(error)} />}
      {!pdf && !error && <Loading label="Opening the PDF..." />}
      <div
        ref={hostRef}
        className="training-pdf"
        role="document"
        aria-label={title}
        data-testid="training-pdf"
        data-pages={pageCount}
      />
    </div>
  );
}
