// The training tracker (engineering spec §2 'Training page', §3, §4 'Training', §7, §9 training codes).
export * from './schema.ts';
export * from './rules.ts';
