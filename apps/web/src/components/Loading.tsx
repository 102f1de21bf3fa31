import { Spinner } from 'react-bootstrap';

/** A spinner with an accessible 'Loading...' (or the given text). */
export function Loading({ label = 'Loading...', inline = false }: { label?: string; inline?: boolean }) {
  return (
    <div
      className={
        inline ? 'd-inline-flex align-items-center' : 'd-flex align-items-center gap-2 p-2 text-secondary'
      }
    >
      <Spinner animation="border" size="sm" role="status">
        <span className="visually-hidden">{label}</span>
      </Spinner>
    </div>
  );
}
