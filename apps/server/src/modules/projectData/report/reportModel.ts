/**
 * The input of a PDF report: plain, JSON-serialisable data (strings, numbers, arrays, plain objects) so it
 * can be posted to the report worker thread as it is. Every value is already formatted for print: the
 * engine does no lookups and no unit conversion.
 */

/** One printed value with its label and (optional) unit. */
export interface ReportValue {
  label: string;
  value: string;
  unit?: string;
}

/** One form of the project data: its title and the values entered on it, in form order. */
export interface ReportForm {
  form: string;
  fields: ReportValue[];
}

/** One calculation run: what went in, what came out, who ran it and when. */
export interface ReportCalculation {
  title: string;
  /** where the method comes from (a standard, a manual, a clause) */
  source: string;
  /** the formula as text, when there is one to print */
  formula?: string;
  inputs: ReportValue[];
  results: ReportValue[];
  ranBy: string;
  /** ISO 8601 date-time */
  ranAt: string;
}

/** The annual hourly flows: one series per flow type, 24 values from 00:00 to 23:00 (l/s). */
export interface ReportFlow {
  series: Array<{ type: string; values: number[] }>;
}

/** The asset register as a plain grid: the model it came from, column headings and rows of cell text. */
export interface ReportAssets {
  model: string;
  columns: string[];
  rows: string[][];
}

export interface ReportModel {
  /** the document title (PDF metadata, the file's title in a viewer) */
  title: string;
  projectName: string;
  /** the printed report title */
  reportTitle: string;
  revision: string;
  /** ISO 19650 suitability code and/or description, e.g. 'S2 – Suitable for information' */
  suitability?: string;
  /** ISO 8601 date (or date-time) of the report */
  date: string;
  author: string;
  sections: {
    projectData: ReportForm[];
    calculations: ReportCalculation[];
    flow?: ReportFlow;
    assets?: ReportAssets;
  };
}
