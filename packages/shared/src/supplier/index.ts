export * from './options.ts';
export * from './submission.ts';
export * from './files.ts';
export * from './register.ts';
export * from './review.ts';
export * from './settings.ts';
