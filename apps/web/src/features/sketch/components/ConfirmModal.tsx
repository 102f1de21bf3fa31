import { useCallback, useState, type ReactNode } from 'react';
import { Button, Modal } from 'react-bootstrap';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** the confirm button's colour: 'danger' for what cannot be undone */
  variant?: 'primary' | 'danger';
}

/**
 * A question in the app's own dialog (a Bootstrap modal, as the Load and Manage saves dialogs), answered as
 * a promise: `if (await confirm({...})) ...`. Escape, the close button and Cancel answer false.
 */
export function useConfirm(): { confirm: (options: ConfirmOptions) => Promise<boolean>; dialog: ReactNode } {
  const [asking, setAsking] = useState<{ options: ConfirmOptions; answer: (yes: boolean) => void } | null>(
    null,
  );
  const confirm = useCallback(
    (options: ConfirmOptions) =>
      new Promise<boolean>((resolve) => {
        setAsking({ options, answer: resolve });
      }),
    [],
  );
  const answer = (yes: boolean) => {
    asking?.answer(yes);
    setAsking(null);
  };
  const dialog = (
    <Modal
      show={asking !== null}
      onHide={() => answer(false)}
      aria-labelledby="sketch-confirm-title"
      centered
    >
      <Modal.Header closeButton>
        <Modal.Title id="sketch-confirm-title" className="h5">
          {asking?.options.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{asking?.options.message}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => answer(false)}>
          Cancel
        </Button>
        <Button variant={asking?.options.variant ?? 'primary'} onClick={() => answer(true)}>
          {asking?.options.confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
  return { confirm, dialog };
}
