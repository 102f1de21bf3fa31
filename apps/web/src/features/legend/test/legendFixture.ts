import type { LegendData } from '@penstock/shared';

/** A small legend, as GET /api/legend answers it. */
export const testLegend: LegendData = {
  version: 1,
  fluidCodes: [
    { fluidCode: 'RS', fluidDescription: 'Raw Sewage' },
    { fluidCode: 'FE', fluidDescription: 'Final Effluent' },
    { fluidCode: 'PW', fluidDescription: 'Potable Water' },
  ],
  pipeMaterials: [
    { materialCode: 'DISF', materialDescription: 'Ductile Iron PN16 Flanged' },
    { materialCode: 'PE100-11U', materialDescription: 'Polyethylene PE100 SDR 11 Blue' },
  ],
  staticPropertyGuide: [
    { ClassName: 'Gate Valve (Open)', PropertyName: 'Gear Box Required', Value: 'Yes' },
    { ClassName: 'Gate Valve (Open)', PropertyName: 'Gear Box Required', Value: 'No' },
    { ClassName: 'Gate Valve (Open)', PropertyName: 'Valve Type', Value: 'Knife Gate' },
    { ClassName: 'Pipeline (Major)', PropertyName: 'Above Ground/Below Ground', Value: 'AG' },
    { ClassName: 'Pipeline (Major)', PropertyName: 'Above Ground/Below Ground', Value: 'BG' },
    { ClassName: 'Level Instrument', PropertyName: 'Transmitter Mounting Location', Value: 'Remote' },
  ],
};
