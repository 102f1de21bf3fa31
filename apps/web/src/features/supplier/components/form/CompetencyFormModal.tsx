import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useNavigate } from 'react-router';
import {
  SDC_CONSENT_TEXT,
  SDC_PERSONAL_DETAILS_NOTE,
  SDC_SUBMITTING,
  SDC_SUCCESS_MESSAGE,
} from '@penstock/shared';
import { CompanySection } from './CompanySection.tsx';
import { CompetencySection } from './CompetencySection.tsx';
import { QualitySection } from './QualitySection.tsx';
import { useCompetencyForm } from './useCompetencyForm.ts';

/**
 * The Design Competency Form (spec §2 'Design Competency Form modal'): sections 1 to 3, the consent text,
 * Cancel and Submit. After the success alert the user is sent to /supplier.
 */
function CompetencyForm({ onClose, submitDelayMs }: { onClose: () => void; submitDelayMs?: number }) {
  const navigate = useNavigate();
  const form = useCompetencyForm({
    ...(submitDelayMs === undefined ? {} : { submitDelayMs }),
    onSubmitted: () => {
      window.alert(SDC_SUCCESS_MESSAGE);
      onClose();
      void navigate('/supplier');
    },
  });
  return (
    <Form
      noValidate
      className="sdc-form"
      aria-label="Design Competency Form"
      onSubmit={(event) => {
        event.preventDefault();
        void form.submit();
      }}
    >
      <Modal.Body className="sdc-form-body">
        <Alert variant="warning" className="small">
          {SDC_PERSONAL_DETAILS_NOTE}
        </Alert>
        <p className="small text-secondary">
          Questions marked <span className="text-danger">*</span> need an answer.
        </p>
        <CompanySection form={form} />
        <CompetencySection form={form} />
        <QualitySection form={form} />
        {/* the honeypot: hidden from people and from assistive technology; automated senders fill it */}
        <div className="sdc-honeypot" aria-hidden="true">
          <label htmlFor="sdc-website">Leave this field empty</label>
          <input
            id="sdc-website"
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={form.values.website}
            onChange={(event) => form.setText('website', event.target.value)}
          />
        </div>
        <p className="small sdc-consent mb-0">{SDC_CONSENT_TEXT}</p>
        {form.serverError && (
          <Alert variant="danger" className="small mt-3 mb-0" role="alert">
            {form.serverError}
          </Alert>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onClose} disabled={form.submitting}>
          Cancel
        </Button>
        <Button type="submit" variant="primary" disabled={form.submitting}>
          {form.submitting ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {SDC_SUBMITTING}
            </>
          ) : (
            'Submit'
          )}
        </Button>
      </Modal.Footer>
    </Form>
  );
}

export function CompetencyFormModal({
  show,
  onHide,
  submitDelayMs,
}: {
  show: boolean;
  onHide: () => void;
  /** the spec's 3 seconds unless a test says otherwise */
  submitDelayMs?: number;
}) {
  return (
    <Modal
      show={show}
      onHide={onHide}
      size="lg"
      scrollable
      backdrop="static"
      aria-labelledby="sdc-form-title"
    >
      <Modal.Header closeButton>
        <Modal.Title id="sdc-form-title">Design Competency Form</Modal.Title>
      </Modal.Header>
      {show && (
        <CompetencyForm onClose={onHide} {...(submitDelayMs === undefined ? {} : { submitDelayMs })} />
      )}
    </Modal>
  );
}
