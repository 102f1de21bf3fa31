import { Card } from 'react-bootstrap';
import { FaDownload } from 'react-icons/fa6';
import type { OpenModel } from '../../../app/store.tsx';
import { FileIcon } from '../../projects/components/FileIcon.tsx';
import { panelId, tabId } from './ModelTabs.tsx';

export const VIEWER_PENDING_TEXT = 'The 3D/PDF viewer arrives with the model viewer release.';

/** What the selected tab shows until the model viewer arrives: the file, its version and a download. */
export function ModelTabPanel({ model }: { model: OpenModel }) {
  return (
    <section role="tabpanel" id={panelId(model)} aria-labelledby={tabId(model)} className="model-panel">
      <Card className="model-card shadow-sm border-0">
        <Card.Body className="p-4">
          <div className="d-flex align-items-center gap-3 mb-3">
            <span className="model-card-icon">
              <FileIcon fileType={model.fileType} />
            </span>
            <div className="min-w-0">
              <h2 className="h5 mb-1 text-break">{model.name}</h2>
              <div className="text-secondary small">
                {model.versionNumber !== undefined ? `Version ${model.versionNumber}` : 'Latest version'}
                {model.fileType && ` · ${model.fileType.toUpperCase()}`}
              </div>
            </div>
          </div>
          <p className="text-secondary mb-3">{VIEWER_PENDING_TEXT}</p>
          <a
            className="btn btn-outline-primary"
            href={model.hrefbim360}
            target="_blank"
            rel="noopener noreferrer"
          >
            <FaDownload className="me-2" aria-hidden="true" />
            Download
          </a>
        </Card.Body>
      </Card>
    </section>
  );
}
