import { DISCIPLINES, SDC_QUESTIONS, SDC_TEXT_LIMITS } from '@penstock/shared';
import { OptionList, TextField } from './fields.tsx';
import type { CompetencyForm } from './useCompetencyForm.ts';

/** Section 2: the five competency lists, each with its 'Other' text once Other is ticked. */
export function CompetencySection({ form }: { form: CompetencyForm }) {
  const { values, errors, shown } = form;
  return (
    <section aria-labelledby="sdc-section-2">
      <h3 id="sdc-section-2" className="h5 sdc-section-title">
        Section 2: Areas of design competency
      </h3>
      <p className="text-secondary small">
        Tick every area your company is competent to design. Leave a list empty if you do no design work in
        that discipline.
      </p>
      {DISCIPLINES.map((discipline) => (
        <OptionList
          key={discipline.key}
          field={discipline.listField}
          legend={SDC_QUESTIONS[discipline.listField]}
          options={discipline.options}
          selected={values[discipline.listField]}
          onToggle={(option, checked) => form.toggle(discipline.listField, option, checked)}
        >
          {shown[discipline.otherField] && (
            <div className="mt-2 ms-4">
              <TextField
                field={discipline.otherField}
                label={SDC_QUESTIONS[discipline.otherField]}
                value={values[discipline.otherField]}
                error={errors[discipline.otherField]}
                required
                maxLength={SDC_TEXT_LIMITS[discipline.otherField]}
                onChange={(value) => form.setText(discipline.otherField, value)}
              />
            </div>
          )}
        </OptionList>
      ))}
    </section>
  );
}
