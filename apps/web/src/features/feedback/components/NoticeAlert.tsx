import { Alert } from 'react-bootstrap';

/** What a feedback screen last said: a success is a status, anything else an alert. */
export interface Notice {
  variant: 'success' | 'warning' | 'danger';
  text: string;
}

/** The notice, dismissible; nothing when there is none. */
export function NoticeAlert({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  if (!notice) return null;
  return (
    <Alert
      variant={notice.variant}
      className="small"
      dismissible
      onClose={onClose}
      role={notice.variant === 'success' ? 'status' : 'alert'}
    >
      {notice.text}
    </Alert>
  );
}
