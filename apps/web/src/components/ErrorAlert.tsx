import { Alert } from 'react-bootstrap';
import { errorMessage } from '../base/api.ts';

/** A failed load or action, with the server's message. */
export function ErrorAlert({
  error,
  title,
  onClose,
  className,
}: {
  error: unknown;
  title?: string;
  onClose?: () => void;
  className?: string;
}) {
  return (
    <Alert variant="danger" className={className ?? 'small py-2'} dismissible={!!onClose} onClose={onClose}>
      {title && <strong className="me-1">{title}</strong>}
      {errorMessage(error)}
    </Alert>
  );
}
