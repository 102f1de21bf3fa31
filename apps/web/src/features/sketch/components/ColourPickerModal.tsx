import { useState } from 'react';
import { Button, Form, Modal } from 'react-bootstrap';

const SWATCHES = ['black', '#dc3545', '#0d6efd', '#198754', '#fd7e14', '#6f42c1', '#6c757d', '#ffc107'];

/** The Colour Picker modal: the drawing colour, or a shape's colour from its right-click menu. */
export function ColourPickerModal({
  show,
  initial,
  title,
  onHide,
  onPick,
}: {
  show: boolean;
  initial: string;
  title: string;
  onHide: () => void;
  onPick: (colour: string) => void;
}) {
  const [colour, setColour] = useState(initial);
  const hex = /^#[0-9a-f]{6}$/i.test(colour) ? colour : '#000000';
  return (
    <Modal
      show={show}
      onHide={onHide}
      onShow={() => setColour(initial)}
      size="sm"
      aria-labelledby="sketch-colour-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="sketch-colour-title" className="h6">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="d-flex flex-wrap gap-2 mb-3">
          {SWATCHES.map((swatch) => (
            <button
              key={swatch}
              type="button"
              className={`sketch-swatch-button${swatch === colour ? ' active' : ''}`}
              style={{ background: swatch }}
              aria-label={`Colour ${swatch}`}
              onClick={() => setColour(swatch)}
            />
          ))}
        </div>
        <Form.Label htmlFor="sketch-colour-input" className="small">
          Any colour
        </Form.Label>
        <Form.Control
          id="sketch-colour-input"
          type="color"
          value={hex}
          onChange={(event) => setColour(event.target.value)}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          Cancel
        </Button>
        <Button onClick={() => onPick(colour)}>Use colour</Button>
      </Modal.Footer>
    </Modal>
  );
}
