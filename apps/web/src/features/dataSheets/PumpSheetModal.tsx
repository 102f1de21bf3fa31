import { Modal } from 'react-bootstrap';
import { PUMP_SHEET_PLACEHOLDER } from '@penstock/shared';

export const PUMP_SHEET_TITLE = 'Pump data sheet';

/** The pump data sheet is still in development (forms spec §2): a small modal with its placeholder text. */
export function PumpSheetModal({ onClose }: { onClose: () => void }) {
  return (
    <Modal show onHide={onClose} size="sm" aria-labelledby="pump-sheet-title">
      <Modal.Header closeButton>
        <Modal.Title id="pump-sheet-title" className="h5">
          {PUMP_SHEET_TITLE}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{PUMP_SHEET_PLACEHOLDER}</p>
      </Modal.Body>
    </Modal>
  );
}
