/**
 * Plant asset categories: the values an object's 'P&ID Class' property takes. Matching against a model
 * is case-insensitive. The full catalogue (static and dynamic property names per category) builds on this
 * list; this file is pure data.
 */
export type AssetFamily = 'pipeline' | 'equipment' | 'valve' | 'instrument' | 'civil';
export type AssetSchedule = 'valve' | 'equipment' | 'instrument' | 'pipeline';

export interface AssetCategory {
  /** Title Case category name as written in the object's 'P&ID Class'. */
  readonly name: string;
  readonly family: AssetFamily;
  /** The schedule this category is listed in, if any. 'Existing' and 'Future' variants are not scheduled. */
  readonly schedule?: AssetSchedule;
}

/** The category text given to an object whose 'P&ID Class' is empty. */
export const MISSING_ASSET_CATEGORY = 'Error - Object needs a P&ID Class';

export const ASSET_CATEGORIES: readonly AssetCategory[] = [
  // Pipelines
  { name: 'Dual Contained Pipeline', family: 'pipeline', schedule: 'pipeline' },
  { name: 'Dual Contained Pipeline - Existing', family: 'pipeline' },
  { name: 'Future Pipeline', family: 'pipeline' },
  { name: 'Future Pipeline - Existing', family: 'pipeline' },
  { name: 'Major Pipeline', family: 'pipeline', schedule: 'pipeline' },
  { name: 'Major Pipeline - Existing', family: 'pipeline' },
  { name: 'Minor Pipeline', family: 'pipeline', schedule: 'pipeline' },
  { name: 'Minor Pipeline - Existing', family: 'pipeline' },
  { name: 'DWF Pipe', family: 'pipeline' },

  // Equipment
  { name: 'Aerator', family: 'equipment', schedule: 'equipment' },
  { name: 'Blower', family: 'equipment', schedule: 'equipment' },
  { name: 'Burner', family: 'equipment', schedule: 'equipment' },
  { name: 'Clarifier', family: 'equipment', schedule: 'equipment' },
  { name: 'Compressor', family: 'equipment', schedule: 'equipment' },
  { name: 'Conveyor', family: 'equipment', schedule: 'equipment' },
  { name: 'Cooler', family: 'equipment', schedule: 'equipment' },
  { name: 'Feeder', family: 'equipment', schedule: 'equipment' },
  { name: 'Filter', family: 'equipment', schedule: 'equipment' },
  { name: 'Gearbox', family: 'equipment', schedule: 'equipment' },
  { name: 'Grit Classifier', family: 'equipment', schedule: 'equipment' },
  { name: 'Heat Exchanger', family: 'equipment', schedule: 'equipment' },
  { name: 'Hopper', family: 'equipment', schedule: 'equipment' },
  { name: 'Mixer', family: 'equipment', schedule: 'equipment' },
  { name: 'Motor', family: 'equipment', schedule: 'equipment' },
  { name: 'Press', family: 'equipment', schedule: 'equipment' },
  { name: 'Pump', family: 'equipment', schedule: 'equipment' },
  { name: 'Safety Shower', family: 'equipment', schedule: 'equipment' },
  { name: 'Screen', family: 'equipment', schedule: 'equipment' },
  { name: 'Tank', family: 'equipment', schedule: 'equipment' },
  { name: 'Thickener', family: 'equipment', schedule: 'equipment' },

  // Valves
  { name: 'Valve', family: 'valve', schedule: 'valve' },
  { name: 'Valve - Existing', family: 'valve' },
  { name: 'Ball Valve', family: 'valve', schedule: 'valve' },
  { name: 'Ball Valve - Existing', family: 'valve' },
  { name: 'Butterfly Valve', family: 'valve', schedule: 'valve' },
  { name: 'Butterfly Valve - Existing', family: 'valve' },
  { name: 'Control Valve', family: 'valve', schedule: 'valve' },
  { name: 'Control Valve - Existing', family: 'valve' },
  { name: 'Gate Valve', family: 'valve', schedule: 'valve' },
  { name: 'Gate Valve - Existing', family: 'valve' },
  { name: 'Globe Valve', family: 'valve', schedule: 'valve' },
  { name: 'Globe Valve - Existing', family: 'valve' },
  { name: 'Non-Return Valve', family: 'valve', schedule: 'valve' },
  { name: 'Non-Return Valve - Existing', family: 'valve' },
  { name: 'Parallel Slide Valve', family: 'valve', schedule: 'valve' },
  { name: 'Parallel Slide Valve - Existing', family: 'valve' },
  { name: 'Pinch Valve', family: 'valve', schedule: 'valve' },
  { name: 'Pinch Valve - Existing', family: 'valve' },
  { name: 'Plug Valve', family: 'valve', schedule: 'valve' },
  { name: 'Plug Valve - Existing', family: 'valve' },
  { name: 'Penstock', family: 'valve' },
  { name: 'Penstock - Existing', family: 'valve' },
  { name: 'Stoplog', family: 'valve' },
  { name: 'Stoplog - Existing', family: 'valve' },

  // Pipeline fittings (valve family: they carry pipeline and reducer sizes)
  { name: 'Anti Syphon Device', family: 'valve' },
  { name: 'Bellows', family: 'valve' },
  { name: 'Dismantling Joint', family: 'valve' },
  { name: 'Flexible Hose', family: 'valve' },
  { name: 'Pipeline Filter', family: 'valve' },
  { name: 'Reducer', family: 'valve' },
  { name: 'Spectacle Blind', family: 'valve' },
  { name: 'Strainer', family: 'valve' },

  // Instruments, panels and actuation
  { name: 'Flow Instrument', family: 'instrument', schedule: 'instrument' },
  { name: 'Level Instrument', family: 'instrument', schedule: 'instrument' },
  { name: 'Pressure Instrument', family: 'instrument', schedule: 'instrument' },
  { name: 'Quality Instrument', family: 'instrument', schedule: 'instrument' },
  { name: 'Temperature Instrument', family: 'instrument', schedule: 'instrument' },
  { name: 'Control Panel', family: 'instrument' },
  { name: 'Local Control Panel', family: 'instrument' },
  { name: 'Electric Actuator', family: 'instrument' },
  { name: 'Hydraulic Actuator', family: 'instrument' },
  { name: 'Pneumatic Actuator', family: 'instrument' },

  // Civil and concrete
  { name: 'Aggregate', family: 'civil' },
  { name: 'Blinding', family: 'civil' },
  { name: 'Civil 3D Point Data', family: 'civil' },
  { name: 'Cover', family: 'civil' },
  { name: 'Drainage', family: 'civil' },
  { name: 'Flood Light', family: 'civil' },
  { name: 'Geotextile', family: 'civil' },
  { name: 'Grout', family: 'civil' },
  { name: 'Kerb', family: 'civil' },
  { name: 'Lamppost', family: 'civil' },
  { name: 'Mortar', family: 'civil' },
  { name: 'Piling', family: 'civil' },
  { name: 'Plinth', family: 'civil' },
  { name: 'Precast Unit', family: 'civil' },
  { name: 'Resin', family: 'civil' },
  { name: 'Sand Layer', family: 'civil' },
  { name: 'Slab', family: 'civil' },
  { name: 'Structure', family: 'civil' },
  { name: 'Surface', family: 'civil' },
  { name: 'Thrust Block', family: 'civil' },
  { name: 'Wall', family: 'civil' },
];
