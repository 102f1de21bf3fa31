import type { ReactNode } from 'react';
import { Alert, Button } from 'react-bootstrap';
import { errorMessage } from '../../../base/api.ts';
import '../projectData.css';

/** A side panel of this feature: its heading, a close button and the content. */
export function PanelShell({
  title,
  onClose,
  children,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <section className="project-data-panel p-2" aria-label={title}>
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">{title}</h2>
        <button type="button" className="btn-close" aria-label={`Close ${title}`} onClick={onClose} />
      </div>
      {children}
    </section>
  );
}

/** A load that failed, with the reason and a way to try again. */
export function LoadFailed({
  title,
  error,
  onRetry,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
}) {
  return (
    <Alert variant="danger" className="small py-2">
      <strong className="d-block">{title}</strong>
      {typeof error === 'string' ? error : errorMessage(error)}
      {onRetry && (
        <div className="mt-2">
          <Button size="sm" variant="outline-danger" onClick={onRetry}>
            Try again
          </Button>
        </div>
      )}
    </Alert>
  );
}
