import { describe, expect, it } from 'vitest';
import {
  CIVIL_ELEMENTS,
  DESIGN_PROCEDURE_COVERAGE,
  DISCIPLINES,
  ELECTRICAL_SYSTEMS,
  MECHANICAL_SYSTEMS,
  NONE_OF_THE_ABOVE,
  OTHER_OPTION,
  PACKAGE_SYSTEMS,
  UNDERGROUND_PIPELINE,
} from './options.ts';
import {
  SDC_EMAIL_MESSAGE,
  SDC_REQUIRED_MESSAGE,
  SDC_YES_NO_MESSAGE,
  SdcDataSchema,
  emptySdcForm,
  isRealDate,
  isoDate,
  sdcVisibility,
  toggleCoverage,
  validateSdcForm,
  withoutHiddenAnswers,
  type SdcFormValues,
} from './submission.ts';
import { SDC_FILE_MESSAGES, checkDocFiles, checkLogoFile, logoPathOf } from './files.ts';

const answered = (overrides: Partial<SdcFormValues> = {}): SdcFormValues => ({
  ...emptySdcForm(new Date(2026, 10, 24)),
  companyName: 'Acme',
  companyNumber: '123',
  companyAddress: 'Leeds',
  companyPhone: '0113',
  companyEmail: 'a@acme.example',
  hasOtherCompanyNames: 'No',
  hasDesignProcedure: 'No',
  hasProvenTrackRecord: 'No',
  hasProfessionalIndemnity: 'Yes',
  name: 'Jo',
  ...overrides,
});

describe('competency options (spec §9)', () => {
  it('has the spec’s option counts, each list ending in Other and the coverage in None of the above', () => {
    expect(CIVIL_ELEMENTS).toHaveLength(6);
    expect(UNDERGROUND_PIPELINE).toHaveLength(9);
    expect(MECHANICAL_SYSTEMS).toHaveLength(13);
    expect(ELECTRICAL_SYSTEMS).toHaveLength(8);
    expect(PACKAGE_SYSTEMS).toHaveLength(6);
    for (const list of [
      CIVIL_ELEMENTS,
      UNDERGROUND_PIPELINE,
      MECHANICAL_SYSTEMS,
      ELECTRICAL_SYSTEMS,
      PACKAGE_SYSTEMS,
    ])
      expect(list.at(-1)).toBe(OTHER_OPTION);
    expect(DESIGN_PROCEDURE_COVERAGE).toHaveLength(6);
    expect(DESIGN_PROCEDURE_COVERAGE.at(-1)).toBe(NONE_OF_THE_ABOVE);
  });

  it('mentions the 16 bar test pressure and sludge at 2% dry solids', () => {
    expect(UNDERGROUND_PIPELINE.some((option) => option.includes('16 bar'))).toBe(true);
    expect([...UNDERGROUND_PIPELINE, ...MECHANICAL_SYSTEMS].some((o) => o.includes('2% dry solids'))).toBe(
      true,
    );
  });

  it('gives the package filter 5 options and no Other; the other filters every option', () => {
    const filters = Object.fromEntries(DISCIPLINES.map((d) => [d.key, d.filterOptions.length]));
    expect(filters).toEqual({ civil: 6, undergroundPipeline: 9, mechanical: 13, electrical: 8, package: 5 });
    expect(DISCIPLINES.find((d) => d.key === 'package')!.filterOptions).not.toContain(OTHER_OPTION);
  });
});

describe('validateSdcForm (spec §5)', () => {
  it('asks for every required answer with the spec’s messages, in the form’s order', () => {
    const errors = validateSdcForm(emptySdcForm());
    expect(Object.keys(errors)).toEqual([
      'companyName',
      'companyNumber',
      'companyAddress',
      'companyPhone',
      'companyEmail',
      'hasOtherCompanyNames',
      'hasDesignProcedure',
      'hasProvenTrackRecord',
      'hasProfessionalIndemnity',
      'name',
    ]);
    expect(errors.companyName).toBe(SDC_REQUIRED_MESSAGE);
    expect(errors.name).toBe(SDC_REQUIRED_MESSAGE);
    expect(errors.hasProvenTrackRecord).toBe(SDC_YES_NO_MESSAGE);
    expect(SDC_YES_NO_MESSAGE).toBe('Please select either "Yes" or "No"');
  });

  it('accepts a complete form, and treats blanks as missing', () => {
    expect(validateSdcForm(answered())).toEqual({});
    expect(validateSdcForm(answered({ companyPhone: '   ' }))).toEqual({
      companyPhone: SDC_REQUIRED_MESSAGE,
    });
  });

  it('checks the shape of the company email', () => {
    expect(validateSdcForm(answered({ companyEmail: 'acme' }))).toEqual({ companyEmail: SDC_EMAIL_MESSAGE });
  });

  it('asks for the other names after a Yes, and for the text after Other', () => {
    expect(validateSdcForm(answered({ hasOtherCompanyNames: 'Yes' }))).toEqual({
      otherCompanyNames: SDC_REQUIRED_MESSAGE,
    });
    expect(validateSdcForm(answered({ competentPackageSystems: [OTHER_OPTION] }))).toEqual({
      otherPackageSystems: SDC_REQUIRED_MESSAGE,
    });
  });

  it('limits the length of answers', () => {
    expect(validateSdcForm(answered({ companyName: 'x'.repeat(201) })).companyName).toMatch(/200 characters/);
  });
});

describe('conditional fields (spec §5)', () => {
  it('shows other names, coverage and documents only after a Yes, and other text after Other', () => {
    expect(sdcVisibility(answered())).toMatchObject({
      otherCompanyNames: false,
      coveredByDesignProcedure: false,
      uploadedDocs: false,
      otherCivilElements: false,
    });
    expect(
      sdcVisibility(
        answered({
          hasOtherCompanyNames: 'Yes',
          hasDesignProcedure: 'Yes',
          hasProvenTrackRecord: 'Yes',
          competentCivilElements: [OTHER_OPTION],
        }),
      ),
    ).toMatchObject({
      otherCompanyNames: true,
      coveredByDesignProcedure: true,
      uploadedDocs: true,
      otherCivilElements: true,
    });
  });

  it('empties the answers of hidden fields', () => {
    const cleaned = withoutHiddenAnswers(
      answered({
        otherCompanyNames: 'Old name',
        coveredByDesignProcedure: ['Design change control'],
        otherCivilElements: 'Bridges',
      }),
    );
    expect(cleaned).toMatchObject({
      otherCompanyNames: '',
      coveredByDesignProcedure: [],
      otherCivilElements: '',
    });
  });

  it('makes None of the above exclusive', () => {
    const some = toggleCoverage([], DESIGN_PROCEDURE_COVERAGE[0], true);
    expect(toggleCoverage(some, NONE_OF_THE_ABOVE, true)).toEqual([NONE_OF_THE_ABOVE]);
    expect(toggleCoverage([NONE_OF_THE_ABOVE], DESIGN_PROCEDURE_COVERAGE[1], true)).toEqual([
      DESIGN_PROCEDURE_COVERAGE[1],
    ]);
    expect(toggleCoverage(some, DESIGN_PROCEDURE_COVERAGE[0], false)).toEqual([]);
  });
});

describe('SdcDataSchema', () => {
  it('keeps list answers from the options only and drops unknown keys', () => {
    const parsed = SdcDataSchema.safeParse({ ...answered(), competentCivilElements: ['Bridges'] });
    expect(parsed.success).toBe(false);
    const ok = SdcDataSchema.parse({
      ...answered(),
      isAdmin: true,
      competentCivilElements: [CIVIL_ELEMENTS[0], CIVIL_ELEMENTS[0]],
    });
    expect(ok).not.toHaveProperty('isAdmin');
    expect(ok.competentCivilElements).toEqual([CIVIL_ELEMENTS[0]]);
  });

  it('stores text as text: control characters dropped, markup kept as typed', () => {
    const parsed = SdcDataSchema.parse({ ...answered(), FurtherDetails: ' <b>bold</b>\u0000\nline ' });
    expect(parsed.FurtherDetails).toBe('<b>bold</b>\nline');
  });

  it('needs a real yyyy-mm-dd date', () => {
    expect(SdcDataSchema.safeParse({ ...answered(), date: '24/11/2026' }).success).toBe(false);
    expect(isRealDate('2026-02-31')).toBe(false);
    expect(isRealDate('2026-02-28')).toBe(true);
    expect(isoDate(new Date(2026, 0, 5))).toBe('2026-01-05');
  });
});

describe('files', () => {
  it('allows one raster logo of 2 MB or less', () => {
    expect(checkLogoFile({ name: 'logo.PNG', size: 1000 })).toBeNull();
    expect(checkLogoFile({ name: 'logo.svg', size: 1000 })).toBe(SDC_FILE_MESSAGES.logoType);
    expect(checkLogoFile({ name: 'logo.png', size: 2 * 1024 * 1024 + 1 })).toBe(SDC_FILE_MESSAGES.logoSize);
  });

  it('allows up to 10 documents of allowed types, 10 MB each and 50 MB in all', () => {
    expect(
      checkDocFiles([
        { name: 'a.pdf', size: 10 },
        { name: 'b.docx', size: 10 },
      ]),
    ).toBeNull();
    expect(checkDocFiles([{ name: 'run.exe', size: 10 }])).toBe(SDC_FILE_MESSAGES.docType('run.exe'));
    expect(checkDocFiles([{ name: 'a.pdf', size: 11 * 1024 * 1024 }])).toBe(
      SDC_FILE_MESSAGES.docSize('a.pdf'),
    );
    expect(checkDocFiles(Array.from({ length: 11 }, (_, i) => ({ name: `${i}.pdf`, size: 1 })))).toBe(
      SDC_FILE_MESSAGES.docCount,
    );
    expect(
      checkDocFiles(Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, size: 9 * 1024 * 1024 }))),
    ).toBe(SDC_FILE_MESSAGES.docsTotal);
  });

  it('serves a logo from /logos/ without spaces, and none for a name with ---', () => {
    expect(logoPathOf('1a2b3c4d-Acme Water logo.png')).toBe('/logos/1a2b3c4d-AcmeWaterlogo.png');
    expect(logoPathOf('---')).toBeNull();
    expect(logoPathOf('old---logo.png')).toBeNull();
  });
});
