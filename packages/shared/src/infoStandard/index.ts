export * from './containerNames.ts';
export * from './register.contract.ts';
