import { useEffect, useMemo } from 'react';
import { Form, Image } from 'react-bootstrap';
import { SDC_LOGO_ACCEPT, SDC_QUESTIONS, SDC_TEXT_LIMITS } from '@penstock/shared';
import { TextField, YesNoField } from './fields.tsx';
import type { CompetencyForm } from './useCompetencyForm.ts';

/** Section 1: company details, other names and the logo. */
export function CompanySection({ form }: { form: CompetencyForm }) {
  const { values, errors, shown, files, fileErrors } = form;
  const text = (field: 'companyName' | 'companyNumber' | 'companyPhone', type = 'text') => (
    <TextField
      field={field}
      label={SDC_QUESTIONS[field]}
      value={values[field]}
      error={errors[field]}
      required
      type={type}
      maxLength={SDC_TEXT_LIMITS[field]}
      onChange={(value) => form.setText(field, value)}
    />
  );
  const logoPreview = useMemo(() => (files.logo ? URL.createObjectURL(files.logo) : null), [files.logo]);
  useEffect(() => () => void (logoPreview && URL.revokeObjectURL(logoPreview)), [logoPreview]);

  return (
    <section aria-labelledby="sdc-section-1">
      <h3 id="sdc-section-1" className="h5 sdc-section-title">
        Section 1: Company details
      </h3>
      {text('companyName')}
      {text('companyNumber')}
      <TextField
        field="companyAddress"
        label={SDC_QUESTIONS.companyAddress}
        value={values.companyAddress}
        error={errors.companyAddress}
        required
        multiline
        maxLength={SDC_TEXT_LIMITS.companyAddress}
        onChange={(value) => form.setText('companyAddress', value)}
      />
      {text('companyPhone', 'tel')}
      <TextField
        field="companyEmail"
        label={SDC_QUESTIONS.companyEmail}
        value={values.companyEmail}
        error={errors.companyEmail}
        required
        type="email"
        maxLength={SDC_TEXT_LIMITS.companyEmail}
        onChange={(value) => form.setText('companyEmail', value)}
      />
      <YesNoField
        field="hasOtherCompanyNames"
        label={SDC_QUESTIONS.hasOtherCompanyNames}
        value={values.hasOtherCompanyNames}
        error={errors.hasOtherCompanyNames}
        onChange={(value) => form.setAnswer('hasOtherCompanyNames', value)}
      />
      {shown.otherCompanyNames && (
        <TextField
          field="otherCompanyNames"
          label={SDC_QUESTIONS.otherCompanyNames}
          value={values.otherCompanyNames}
          error={errors.otherCompanyNames}
          required
          multiline
          maxLength={SDC_TEXT_LIMITS.otherCompanyNames}
          onChange={(value) => form.setText('otherCompanyNames', value)}
        />
      )}
      <div className="mb-3" data-field="companyLogo">
        <Form.Label htmlFor="sdc-companyLogo">Company logo (optional)</Form.Label>
        <Form.Control
          id="sdc-companyLogo"
          type="file"
          accept={SDC_LOGO_ACCEPT}
          isInvalid={!!fileErrors.logo}
          aria-describedby="sdc-companyLogo-help"
          onChange={(event) => form.chooseLogo((event.target as HTMLInputElement).files?.[0] ?? null)}
        />
        <Form.Text id="sdc-companyLogo-help">One PNG, JPEG, GIF or WebP image of 2 MB or less.</Form.Text>
        {fileErrors.logo && (
          <Form.Control.Feedback type="invalid" role="alert">
            {fileErrors.logo}
          </Form.Control.Feedback>
        )}
        {logoPreview && (
          <div className="mt-2">
            <Image src={logoPreview} alt="Chosen logo" className="sdc-logo-preview" thumbnail />
          </div>
        )}
      </div>
    </section>
  );
}
