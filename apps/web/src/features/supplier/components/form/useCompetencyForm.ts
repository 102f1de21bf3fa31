import { useState } from 'react';
import {
  SDC_FAILURE_MESSAGE,
  SDC_SUBMIT_DELAY_MS,
  checkDocFiles,
  checkLogoFile,
  emptySdcForm,
  sdcVisibility,
  toggleCoverage,
  validateSdcForm,
  withoutHiddenAnswers,
  type SdcErrors,
  type SdcFormValues,
  type SdcListField,
} from '@penstock/shared';
import { errorMessage } from '../../../../base/api.ts';
import { submitSdcForm, type SdcFiles } from '../../api.ts';

export type TextKey = {
  [K in keyof SdcFormValues]: SdcFormValues[K] extends string ? K : never;
}[keyof SdcFormValues];

export interface FileErrors {
  logo?: string;
  documents?: string;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Puts the cursor in the first question with a problem. */
function focusFirst(field: string | undefined) {
  if (!field) return;
  const element = document.querySelector<HTMLElement>(
    `[data-field="${field}"] input, [data-field="${field}"] textarea`,
  );
  element?.focus();
}

/**
 * The Design Competency Form's state: answers, files, errors and the submit phase (spec §4 'Design form
 * submit': idle, submitting with the call made after the spec's 3 seconds, then success or failure).
 * Errors show once Submit has been tried, then follow every change.
 */
export function useCompetencyForm({
  onSubmitted,
  submitDelayMs = SDC_SUBMIT_DELAY_MS,
}: {
  onSubmitted: () => void;
  submitDelayMs?: number;
}) {
  const [values, setValues] = useState<SdcFormValues>(() => emptySdcForm());
  const [files, setFiles] = useState<SdcFiles>({ logo: null, documents: [] });
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [tried, setTried] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);

  const errors: SdcErrors = tried ? validateSdcForm(values) : {};
  const shown = sdcVisibility(values);

  const setText = (field: TextKey, value: string) => setValues((current) => ({ ...current, [field]: value }));
  const setAnswer = (
    field:
      'hasOtherCompanyNames' | 'hasDesignProcedure' | 'hasProvenTrackRecord' | 'hasProfessionalIndemnity',
    value: 'Yes' | 'No',
  ) => setValues((current) => ({ ...current, [field]: value }));
  const toggle = (field: SdcListField, option: string, checked: boolean) =>
    setValues((current) => {
      const list = current[field];
      const next =
        field === 'coveredByDesignProcedure'
          ? toggleCoverage(list, option, checked)
          : checked
            ? [...list.filter((value) => value !== option), option]
            : list.filter((value) => value !== option);
      return { ...current, [field]: next };
    });

  /** A chosen logo is kept only when its name and size are allowed. */
  const chooseLogo = (file: File | null) => {
    const problem = file ? checkLogoFile(file) : null;
    setFileErrors((current) => ({ ...current, logo: problem ?? undefined }));
    setFiles((current) => ({ ...current, logo: problem ? null : file }));
  };
  /** Chosen documents join those already chosen, unless together they break a limit. */
  const addDocuments = (chosen: File[]) => {
    const next = [...files.documents, ...chosen];
    const problem = checkDocFiles(next);
    setFileErrors((current) => ({ ...current, documents: problem ?? undefined }));
    if (!problem) setFiles((current) => ({ ...current, documents: next }));
  };
  const removeDocument = (index: number) => {
    setFileErrors((current) => ({ ...current, documents: undefined }));
    setFiles((current) => ({ ...current, documents: current.documents.filter((_, i) => i !== index) }));
  };

  const submit = async () => {
    if (submitting) return;
    setTried(true);
    setServerError(null);
    const problems = validateSdcForm(values);
    const first = Object.keys(problems)[0];
    if (first) {
      // React paints the messages first, then the cursor goes to the first one
      setTimeout(() => focusFirst(first), 0);
      return;
    }
    if (fileErrors.logo || fileErrors.documents) return;
    setSubmitting(true);
    try {
      await wait(submitDelayMs);
      await submitSdcForm(withoutHiddenAnswers(values), {
        logo: files.logo,
        documents: shown.uploadedDocs ? files.documents : [],
      });
      setSubmitting(false);
      onSubmitted();
    } catch (error) {
      setSubmitting(false);
      setServerError(errorMessage(error));
      window.alert(SDC_FAILURE_MESSAGE);
    }
  };

  return {
    values,
    files,
    errors,
    fileErrors,
    shown,
    submitting,
    serverError,
    setText,
    setAnswer,
    toggle,
    chooseLogo,
    addDocuments,
    removeDocument,
    submit,
  };
}

export type CompetencyForm = ReturnType<typeof useCompetencyForm>;
