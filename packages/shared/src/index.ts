export * from './contract.ts';
export * from './ids.ts';
export * from './policies.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './tree.ts';
export * from './truncate.ts';
export * from './assetCategories.ts';
