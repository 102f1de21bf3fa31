import { Fragment } from 'react';
import { DISCIPLINES, SDC_QUESTIONS, type SdcData, type SdcSubmissionDetail } from '@penstock/shared';

type Question = keyof typeof SDC_QUESTIONS;

/** The questions in the form's order, grouped by its sections. */
const SECTIONS: Array<{ title: string; fields: Question[] }> = [
  {
    title: 'Section 1: Company details',
    fields: [
      'companyName',
      'companyNumber',
      'companyAddress',
      'companyPhone',
      'companyEmail',
      'hasOtherCompanyNames',
      'otherCompanyNames',
    ],
  },
  {
    title: 'Section 2: Areas of design competency',
    fields: DISCIPLINES.flatMap((discipline) => [discipline.listField, discipline.otherField]),
  },
  {
    title: 'Section 3: Quality procedure and track record',
    fields: [
      'hasDesignProcedure',
      'coveredByDesignProcedure',
      'hasProvenTrackRecord',
      'whereProvenTrackRecord',
      'supportedBy',
      'hasProfessionalIndemnity',
      'FurtherDetails',
      'name',
      'date',
    ],
  },
];

function Answer({ value }: { value: SdcData[Question] | undefined }) {
  if (Array.isArray(value))
    return value.length ? (
      <ul className="mb-0 ps-3">
        {value.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    ) : (
      <span className="text-secondary">None ticked</span>
    );
  return value ? (
    <span className="sdc-preserve-lines">{value}</span>
  ) : (
    <span className="text-secondary">–</span>
  );
}

/** Every answer of a submission, as text, with the form's own labels. */
export function SubmissionAnswers({ submission }: { submission: SdcSubmissionDetail }) {
  return (
    <>
      {SECTIONS.map((section) => (
        <section key={section.title} className="mb-3">
          <h3 className="h6 sdc-section-title">{section.title}</h3>
          <dl className="row small mb-0">
            {section.fields.map((field) => (
              <Fragment key={field}>
                <dt className="col-sm-5 fw-normal text-secondary">{SDC_QUESTIONS[field]}</dt>
                <dd className="col-sm-7">
                  <Answer value={submission.data[field]} />
                </dd>
              </Fragment>
            ))}
          </dl>
        </section>
      ))}
    </>
  );
}
