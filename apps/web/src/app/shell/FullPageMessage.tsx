import { Spinner } from 'react-bootstrap';

export const WAITING_FOR_USER = 'Waiting for user information...';

/** A spinner and a status line in the middle of the page (waiting for the user, signing out). */
export function FullPageMessage({ text }: { text: string }) {
  return (
    <div className="full-page-message" role="status">
      <Spinner animation="border" size="sm" aria-hidden="true" />
      <span>{text}</span>
    </div>
  );
}
