import { Button, Form, ListGroup } from 'react-bootstrap';
import { FaXmark } from 'react-icons/fa6';
import {
  DESIGN_PROCEDURE_COVERAGE,
  SDC_DOC_ACCEPT,
  SDC_MAX_DOCS,
  SDC_QUESTIONS,
  SDC_TEXT_LIMITS,
} from '@penstock/shared';
import { OptionList, TextField, YesNoField } from './fields.tsx';
import type { CompetencyForm } from './useCompetencyForm.ts';

const size = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** The track-record documents: several files, listed with a remove button each. */
function TrackRecordFiles({ form }: { form: CompetencyForm }) {
  const { files, fileErrors } = form;
  return (
    <div className="mb-3 ms-4" data-field="uploadedDocs">
      <Form.Label htmlFor="sdc-uploadedDocs">Track-record documents (case studies, references)</Form.Label>
      <Form.Control
        id="sdc-uploadedDocs"
        type="file"
        multiple
        accept={SDC_DOC_ACCEPT}
        isInvalid={!!fileErrors.documents}
        aria-describedby="sdc-uploadedDocs-help"
        onChange={(event) => {
          const input = event.target as HTMLInputElement;
          form.addDocuments([...(input.files ?? [])]);
          input.value = '';
        }}
      />
      <Form.Text id="sdc-uploadedDocs-help">
        Up to {SDC_MAX_DOCS} PDF, Word, Excel, PowerPoint, PNG or JPEG files, each 10 MB or less and 50 MB in
        all.
      </Form.Text>
      {fileErrors.documents && (
        <Form.Control.Feedback type="invalid" role="alert">
          {fileErrors.documents}
        </Form.Control.Feedback>
      )}
      {files.documents.length > 0 && (
        <ListGroup as="ul" className="mt-2" aria-label="Chosen documents">
          {files.documents.map((file, index) => (
            <ListGroup.Item
              as="li"
              key={`${file.name}-${index}`}
              className="d-flex align-items-center gap-2 py-1 small"
            >
              <span className="text-truncate">{file.name}</span>
              <span className="text-secondary ms-auto">{size(file.size)}</span>
              <Button
                variant="link"
                size="sm"
                className="p-0 text-danger"
                aria-label={`Remove ${file.name}`}
                onClick={() => form.removeDocument(index)}
              >
                <FaXmark aria-hidden="true" />
              </Button>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </div>
  );
}

/** Section 3: quality procedure and track record, then the key contact's name and the date. */
export function QualitySection({ form }: { form: CompetencyForm }) {
  const { values, errors, shown } = form;
  const longText = (field: 'whereProvenTrackRecord' | 'FurtherDetails') => (
    <TextField
      field={field}
      label={SDC_QUESTIONS[field]}
      value={values[field]}
      multiline
      maxLength={SDC_TEXT_LIMITS[field]}
      error={errors[field]}
      onChange={(value) => form.setText(field, value)}
    />
  );
  return (
    <section aria-labelledby="sdc-section-3">
      <h3 id="sdc-section-3" className="h5 sdc-section-title">
        Section 3: Quality procedure and track record
      </h3>
      <YesNoField
        field="hasDesignProcedure"
        label={SDC_QUESTIONS.hasDesignProcedure}
        value={values.hasDesignProcedure}
        error={errors.hasDesignProcedure}
        onChange={(value) => form.setAnswer('hasDesignProcedure', value)}
      />
      {shown.coveredByDesignProcedure && (
        <div className="ms-4">
          <OptionList
            field="coveredByDesignProcedure"
            legend={SDC_QUESTIONS.coveredByDesignProcedure}
            options={DESIGN_PROCEDURE_COVERAGE}
            selected={values.coveredByDesignProcedure}
            onToggle={(option, checked) => form.toggle('coveredByDesignProcedure', option, checked)}
          />
        </div>
      )}
      <YesNoField
        field="hasProvenTrackRecord"
        label={SDC_QUESTIONS.hasProvenTrackRecord}
        value={values.hasProvenTrackRecord}
        error={errors.hasProvenTrackRecord}
        onChange={(value) => form.setAnswer('hasProvenTrackRecord', value)}
      />
      {shown.uploadedDocs && <TrackRecordFiles form={form} />}
      {longText('whereProvenTrackRecord')}
      <TextField
        field="supportedBy"
        label={SDC_QUESTIONS.supportedBy}
        value={values.supportedBy}
        maxLength={SDC_TEXT_LIMITS.supportedBy}
        error={errors.supportedBy}
        onChange={(value) => form.setText('supportedBy', value)}
      />
      <YesNoField
        field="hasProfessionalIndemnity"
        label={SDC_QUESTIONS.hasProfessionalIndemnity}
        value={values.hasProfessionalIndemnity}
        error={errors.hasProfessionalIndemnity}
        onChange={(value) => form.setAnswer('hasProfessionalIndemnity', value)}
      />
      {longText('FurtherDetails')}
      <TextField
        field="name"
        label={SDC_QUESTIONS.name}
        value={values.name}
        error={errors.name}
        required
        maxLength={SDC_TEXT_LIMITS.name}
        autoComplete="name"
        onChange={(value) => form.setText('name', value)}
      />
      <TextField field="date" label={SDC_QUESTIONS.date} value={values.date} readOnly />
    </section>
  );
}
