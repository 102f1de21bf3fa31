import type { Penstock } from '../app.ts';

/**
 * What the demo seed writes through: the server's repositories and services, or the same bound to the
 * seed's one transaction (seedDemoIfEmpty).
 */
export type DemoServices = Pick<
  Penstock,
  'database' | 'users' | 'access' | 'blobs' | 'files' | 'projectsRepo' | 'documentsRepo'
>;
