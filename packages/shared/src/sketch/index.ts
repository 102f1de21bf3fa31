// The P&ID sketch editor's model, shared by the browser and the server (engineering spec §3, §4, §5, §9).
export * from './constants.ts';
export * from './schema.ts';
export * from './pidSchema.ts';
export * from './pid/index.ts';
export * from './names.ts';
export * from './history.ts';
export * from './documentControl.ts';
export * from './geometry.ts';
export * from './svg.ts';
export * from './svgSanitize.ts';
export * from './items.ts';
export * from './exportContract.ts';
export * from './dexpiContract.ts';
