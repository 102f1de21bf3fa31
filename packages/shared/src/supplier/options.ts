/**
 * The Design Competency Form's option lists (engineering spec §3 'Design competency submission', §9
 * 'Competency options'): civil 6, underground pipeline 9, mechanical 13, electrical 8 and package 6, each
 * ending in 'Other'; design procedure coverage 6, ending in 'None of the above'. The spec gives the counts
 * and two details of the wording (a pipeline test pressure of 16 bar, sludge at 2% dry solids); the texts
 * are what a UK water-industry design manager asks a design supplier about.
 */
export const OTHER_OPTION = 'Other';
export const NONE_OF_THE_ABOVE = 'None of the above';

export const CIVIL_ELEMENTS = [
  'Reinforced concrete tanks and water-retaining structures (BS EN 1992-3)',
  'Buildings, kiosks and superstructures',
  'Foundations, ground investigation interpretation and temporary works',
  'Site roads, hardstanding and surface water drainage',
  'Steelwork, access platforms, walkways and stairs',
  OTHER_OPTION,
] as const;

export const UNDERGROUND_PIPELINE = [
  'Gravity sewers and combined sewer overflows',
  'Rising mains and pressure pipelines up to a test pressure of 16 bar',
  'Potable water mains and service reservoir connections',
  'Sludge pipelines (up to 2% dry solids)',
  'Trenchless installation: directional drilling, pipe jacking and moling',
  'Pipeline rehabilitation and lining',
  'Chambers, valves, washouts and air valves',
  'Surge (transient) analysis and protection',
  OTHER_OPTION,
] as const;

export const MECHANICAL_SYSTEMS = [
  'Pumping stations (clean water and wastewater)',
  'Inlet works: screening and grit removal',
  'Primary and final settlement tanks',
  'Aeration systems: blowers and diffusers',
  'Filtration: sand, cloth and membrane filters',
  'Disinfection: UV, chlorination and ozone',
  'Chemical dosing and storage',
  'Sludge thickening, pumping and dewatering (feed above 2% dry solids)',
  'Anaerobic digestion and biogas systems',
  'Odour control',
  'Above-ground pipework, valves and penstocks',
  'Lifting equipment, cranes and hoists',
  OTHER_OPTION,
] as const;

export const ELECTRICAL_SYSTEMS = [
  'Low-voltage distribution and motor control centres (MCCs)',
  'High-voltage supplies and transformers',
  'Instrumentation and control (ICA)',
  'PLC, SCADA and telemetry',
  'Standby generation and uninterruptible power supplies',
  'Hazardous area (DSEAR/ATEX) electrical design',
  'Lighting, small power, earthing and lightning protection',
  OTHER_OPTION,
] as const;

export const PACKAGE_SYSTEMS = [
  'Packaged pumping stations',
  'Packaged water treatment plants',
  'Packaged sewage treatment plants',
  'Chemical dosing kiosks',
  'Odour control units',
  OTHER_OPTION,
] as const;

export const DESIGN_PROCEDURE_COVERAGE = [
  'Design inputs, brief and requirements capture',
  'Design checking and independent verification',
  'Design reviews and hazard studies (HAZOP, CDM design risk)',
  'Design change control',
  'Document control and the issue of drawings',
  NONE_OF_THE_ABOVE,
] as const;

/** The five competency lists: their fields in the submission, titles, options and their filter's options. */
export const DISCIPLINES = [
  {
    key: 'civil',
    title: 'Civil elements',
    listField: 'competentCivilElements',
    otherField: 'otherCivilElements',
    options: CIVIL_ELEMENTS,
    filterOptions: CIVIL_ELEMENTS,
  },
  {
    key: 'undergroundPipeline',
    title: 'Underground pipeline',
    listField: 'competentUndergroundPipeline',
    otherField: 'otherUndergroundPipeline',
    options: UNDERGROUND_PIPELINE,
    filterOptions: UNDERGROUND_PIPELINE,
  },
  {
    key: 'mechanical',
    title: 'Mechanical systems',
    listField: 'competentMechanicalSystems',
    otherField: 'otherMechanicalSystems',
    options: MECHANICAL_SYSTEMS,
    filterOptions: MECHANICAL_SYSTEMS,
  },
  {
    key: 'electrical',
    title: 'Electrical systems',
    listField: 'competentElectricalSystems',
    otherField: 'otherElectricalSystems',
    options: ELECTRICAL_SYSTEMS,
    filterOptions: ELECTRICAL_SYSTEMS,
  },
  {
    key: 'package',
    title: 'Package systems',
    listField: 'competentPackageSystems',
    otherField: 'otherPackageSystems',
    options: PACKAGE_SYSTEMS,
    // spec §9: the package filter has 5 options, no Other
    filterOptions: PACKAGE_SYSTEMS.filter((option) => option !== OTHER_OPTION),
  },
] as const;

export type Discipline = (typeof DISCIPLINES)[number];
export type DisciplineKey = Discipline['key'];
export type CompetencyListField = Discipline['listField'];
export type CompetencyOtherField = Discipline['otherField'];
