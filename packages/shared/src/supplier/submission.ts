/**
 * The Design Competency Form's submission (engineering spec §3 'Design competency submission', §5 'Design
 * form', §7 savesdcdata): its fields, the spec's messages, the rules the form and the server share, and
 * the zod schema of the Data part. The form answers without signing in, so the server applies the same
 * rules to every call: required answers, Yes/No answers, options from the lists only, lengths, and the
 * conditional fields dropped when their question is not answered Yes.
 */
import { formatDate } from '../dates.ts';
import { z } from 'zod';
import {
  DESIGN_PROCEDURE_COVERAGE,
  DISCIPLINES,
  NONE_OF_THE_ABOVE,
  OTHER_OPTION,
  type CompetencyListField,
  type CompetencyOtherField,
} from './options.ts';

export const SDC_REQUIRED_MESSAGE = 'Please enter an answer in this field';
export const SDC_YES_NO_MESSAGE = 'Please select either "Yes" or "No"';
export const SDC_EMAIL_MESSAGE = 'Please enter an email address such as enquiries@company.co.uk';
export const SDC_SUCCESS_MESSAGE =
  'Thank you your form has been submitted. We will now process your application and will contact you in due course';
export const SDC_FAILURE_MESSAGE = 'There was an error submitting your form, please try again.';
export const SDC_SUBMITTING = 'Submitting...';
/** spec §4, §9: the call is made 3 seconds after Submit */
export const SDC_SUBMIT_DELAY_MS = 3000;
export const SDC_PERSONAL_DETAILS_NOTE =
  'Please do not give personal email addresses or personal phone numbers anywhere in this form: give your company’s general contact details only.';
export const SDC_CONSENT_TEXT =
  'By submitting this form you confirm that the information given is accurate, and you agree that it is held by the alliance to assess your design competency and, once approved, shown to the alliance’s design teams on the Design Competency Register. To update or remove your entry, contact the address given on the Supplier Zone page.';

export const YES_NO_ANSWERS = ['Yes', 'No'] as const;
export type YesNoAnswer = (typeof YES_NO_ANSWERS)[number];

/** The text fields and their longest answers. */
export const SDC_TEXT_LIMITS = {
  companyName: 200,
  companyNumber: 50,
  companyAddress: 500,
  companyPhone: 50,
  companyEmail: 200,
  otherCompanyNames: 500,
  otherCivilElements: 500,
  otherUndergroundPipeline: 500,
  otherMechanicalSystems: 500,
  otherElectricalSystems: 500,
  otherPackageSystems: 500,
  whereProvenTrackRecord: 2000,
  supportedBy: 200,
  FurtherDetails: 4000,
  name: 200,
} as const;
export type SdcTextField = keyof typeof SDC_TEXT_LIMITS;

/** The Yes/No questions. The spec names the last one only by a form-builder hash: see SDC_QUESTIONS. */
export const SDC_YES_NO_FIELDS = [
  'hasOtherCompanyNames',
  'hasDesignProcedure',
  'hasProvenTrackRecord',
  'hasProfessionalIndemnity',
] as const;
export type SdcYesNoField = (typeof SDC_YES_NO_FIELDS)[number];

export type SdcListField = CompetencyListField | 'coveredByDesignProcedure';

/** The labels of the form and of the manager's review screen. */
export const SDC_QUESTIONS: Record<SdcTextField | SdcYesNoField | SdcListField | 'date', string> = {
  companyName: 'Company name',
  companyNumber: 'Company registration number',
  companyAddress: 'Company address',
  companyPhone: 'Company phone number',
  companyEmail: 'Company email address',
  hasOtherCompanyNames: 'Does your company trade, or has it traded, under any other names?',
  otherCompanyNames: 'Other company names',
  competentCivilElements: 'Which civil elements are you competent to design?',
  otherCivilElements: 'Other civil elements',
  competentUndergroundPipeline: 'Which underground pipeline works are you competent to design?',
  otherUndergroundPipeline: 'Other underground pipeline works',
  competentMechanicalSystems: 'Which mechanical systems are you competent to design?',
  otherMechanicalSystems: 'Other mechanical systems',
  competentElectricalSystems: 'Which electrical systems are you competent to design?',
  otherElectricalSystems: 'Other electrical systems',
  competentPackageSystems: 'Which package systems are you competent to design?',
  otherPackageSystems: 'Other package systems',
  hasDesignProcedure: 'Do you have a documented design procedure within your quality management system?',
  coveredByDesignProcedure: 'Which of the following does your design procedure cover?',
  hasProvenTrackRecord: 'Do you have a proven track record in the design areas you have selected?',
  whereProvenTrackRecord: 'Where have you delivered this design work? (clients, projects and dates)',
  supportedBy: 'Supported by (the alliance partner or framework contractor you work with, if any)',
  hasProfessionalIndemnity:
    'Do you hold professional indemnity insurance that covers the design work described in this form?',
  FurtherDetails: 'Further details',
  name: 'Your name (the key contact for this application)',
  date: 'Date',
};

/** What the form holds, and what the Data part carries (files travel beside it). */
export interface SdcFormValues {
  companyName: string;
  companyNumber: string;
  companyAddress: string;
  companyPhone: string;
  companyEmail: string;
  hasOtherCompanyNames: YesNoAnswer | '';
  otherCompanyNames: string;
  competentCivilElements: string[];
  otherCivilElements: string;
  competentUndergroundPipeline: string[];
  otherUndergroundPipeline: string;
  competentMechanicalSystems: string[];
  otherMechanicalSystems: string;
  competentElectricalSystems: string[];
  otherElectricalSystems: string;
  competentPackageSystems: string[];
  otherPackageSystems: string;
  hasDesignProcedure: YesNoAnswer | '';
  coveredByDesignProcedure: string[];
  hasProvenTrackRecord: YesNoAnswer | '';
  whereProvenTrackRecord: string;
  supportedBy: string;
  hasProfessionalIndemnity: YesNoAnswer | '';
  FurtherDetails: string;
  name: string;
  /** today, yyyy-mm-dd */
  date: string;
  /** the honeypot: a field people never see; anything in it marks the call as automated */
  website: string;
}

/** yyyy-mm-dd naming a day that exists (no 31 February). */
export function isRealDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** A local date as yyyy-mm-dd. */
export function isoDate(date: Date = new Date()): string {
  return formatDate(date, 'iso-date');
}

export function emptySdcForm(today: Date = new Date()): SdcFormValues {
  return {
    companyName: '',
    companyNumber: '',
    companyAddress: '',
    companyPhone: '',
    companyEmail: '',
    hasOtherCompanyNames: '',
    otherCompanyNames: '',
    competentCivilElements: [],
    otherCivilElements: '',
    competentUndergroundPipeline: [],
    otherUndergroundPipeline: '',
    competentMechanicalSystems: [],
    otherMechanicalSystems: '',
    competentElectricalSystems: [],
    otherElectricalSystems: '',
    competentPackageSystems: [],
    otherPackageSystems: '',
    hasDesignProcedure: '',
    coveredByDesignProcedure: [],
    hasProvenTrackRecord: '',
    whereProvenTrackRecord: '',
    supportedBy: '',
    hasProfessionalIndemnity: '',
    FurtherDetails: '',
    name: '',
    date: isoDate(today),
    website: '',
  };
}

/** Which conditional parts of the form show for these answers (spec §5 'Conditional fields'). */
export function sdcVisibility(values: Pick<SdcFormValues, SdcYesNoField | CompetencyListField>) {
  const other = {} as Record<CompetencyOtherField, boolean>;
  for (const discipline of DISCIPLINES)
    other[discipline.otherField] = values[discipline.listField].includes(OTHER_OPTION);
  return {
    otherCompanyNames: values.hasOtherCompanyNames === 'Yes',
    coveredByDesignProcedure: values.hasDesignProcedure === 'Yes',
    uploadedDocs: values.hasProvenTrackRecord === 'Yes',
    ...other,
  };
}

/**
 * Ticking 'None of the above' clears the other coverage options, and ticking any other option clears
 * 'None of the above'.
 */
export function toggleCoverage(current: readonly string[], option: string, checked: boolean): string[] {
  if (!checked) return current.filter((value) => value !== option);
  if (option === NONE_OF_THE_ABOVE) return [NONE_OF_THE_ABOVE];
  return [...current.filter((value) => value !== NONE_OF_THE_ABOVE && value !== option), option];
}

/** Answers of hidden conditional fields are not kept: a No (or an unticked Other) empties them. */
export function withoutHiddenAnswers<T extends SdcFormValues>(values: T): T {
  const shown = sdcVisibility(values);
  const next = { ...values };
  if (!shown.otherCompanyNames) next.otherCompanyNames = '';
  if (!shown.coveredByDesignProcedure) next.coveredByDesignProcedure = [];
  for (const discipline of DISCIPLINES) if (!shown[discipline.otherField]) next[discipline.otherField] = '';
  return next;
}

export type SdcErrors = Partial<Record<keyof SdcFormValues, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * The form's rules, in the order the questions appear: the spec's required fields and Yes/No questions,
 * and what a shown conditional field needs (the other company names after a Yes, the text after an
 * 'Other'). The spec shows no email check; a malformed company address would make the register's contact
 * useless, so its shape is checked too.
 */
export function validateSdcForm(values: SdcFormValues): SdcErrors {
  const errors: SdcErrors = {};
  const blank = (field: SdcTextField) => values[field].trim() === '';
  const shown = sdcVisibility(values);
  const need = (field: SdcTextField) => {
    if (blank(field)) errors[field] = SDC_REQUIRED_MESSAGE;
  };
  const yesNo = (field: SdcYesNoField) => {
    if (!YES_NO_ANSWERS.includes(values[field] as YesNoAnswer)) errors[field] = SDC_YES_NO_MESSAGE;
  };
  need('companyName');
  need('companyNumber');
  need('companyAddress');
  need('companyPhone');
  need('companyEmail');
  if (!errors.companyEmail && !EMAIL_SHAPE.test(values.companyEmail.trim()))
    errors.companyEmail = SDC_EMAIL_MESSAGE;
  yesNo('hasOtherCompanyNames');
  if (shown.otherCompanyNames) need('otherCompanyNames');
  for (const discipline of DISCIPLINES) if (shown[discipline.otherField]) need(discipline.otherField);
  yesNo('hasDesignProcedure');
  yesNo('hasProvenTrackRecord');
  yesNo('hasProfessionalIndemnity');
  need('name');
  for (const [field, limit] of Object.entries(SDC_TEXT_LIMITS) as [SdcTextField, number][])
    if (!errors[field] && values[field].length > limit)
      errors[field] = `Please keep this answer to ${limit} characters or fewer`;
  return errors;
}

/** Control characters other than tab and line breaks are dropped: answers are stored and shown as text. */
export const cleanSdcText = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').trim();

const text = (limit: number) =>
  z
    .string()
    .max(limit * 2)
    .default('')
    .transform(cleanSdcText);
const answer = z.enum(YES_NO_ANSWERS).or(z.literal('')).default('');
const list = (options: readonly string[]) =>
  z
    .array(z.string().refine((value) => options.includes(value), 'is not one of the options'))
    .max(options.length)
    .default([])
    .transform((values) => [...new Set(values)]);

const textFields = Object.fromEntries(
  Object.entries(SDC_TEXT_LIMITS).map(([field, limit]) => [field, text(limit)]),
) as { [K in SdcTextField]: ReturnType<typeof text> };
const listFields = Object.fromEntries(
  DISCIPLINES.map((discipline) => [discipline.listField, list(discipline.options)]),
) as { [K in CompetencyListField]: ReturnType<typeof list> };

/**
 * The Data part of savesdcdata: JSON of the form's values without the files. Unknown keys are dropped;
 * a missing answer becomes empty, so validateSdcForm names it with the spec's message.
 */
export const SdcDataSchema = z.object({
  ...textFields,
  ...listFields,
  hasOtherCompanyNames: answer,
  hasDesignProcedure: answer,
  coveredByDesignProcedure: list(DESIGN_PROCEDURE_COVERAGE),
  hasProvenTrackRecord: answer,
  hasProfessionalIndemnity: answer,
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written yyyy-mm-dd')
    .refine(isRealDate, 'is not a real date'),
  website: z.string().max(2000).default(''),
});

/** What is stored and read back: the answers (no honeypot) and, once reviewed, the date of last review. */
export type SdcData = Omit<SdcFormValues, 'website'> & { dateOfLastReview?: string };
