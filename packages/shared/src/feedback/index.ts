export * from './feedback.ts';
export * from './reviewPlan.ts';
