/** The route table of the spec: every route is an exact match. */
export const SIGN_IN_ROUTE = '/';
export const BOOTSTRAP_ROUTE = '/bootstrap';
export const MAIN_ROUTE = '/main';
/** Routes drawn inside the signed-in shell. /admin (administration) and /projectLog (the
 * project's issue log, replacing the external tracker) are Penstock's own additions. */
export const SHELL_ROUTES = [
  '/main',
  '/engineering',
  '/SketchUp',
  '/supplier',
  '/feedback',
  '/training',
  '/personalHub',
  '/dsear',
  '/dsearNew',
  '/admin',
  '/projectLog',
] as const;
export type ShellRoute = (typeof SHELL_ROUTES)[number];

/**
 * Shell pages that also open signed out: the supplier zone (a supplier applies without an account), and
 * the feedback and training pages, which then say 'Please login HERE ...' (engineering spec §2).
 */
export const PUBLIC_SHELL_ROUTES: readonly ShellRoute[] = ['/supplier', '/feedback', '/training'];

/** The five page links of the header, in order. */
export const HEADER_LINKS: ReadonlyArray<{ path: ShellRoute; label: string }> = [
  { path: '/main', label: 'Project Page' },
  { path: '/engineering', label: 'Engineering Page' },
  { path: '/supplier', label: 'Supplier Zone' },
  { path: '/feedback', label: 'Feedback' },
  { path: '/training', label: 'Training' },
];

export type RouteMatch =
  | { kind: 'signin' }
  | { kind: 'bootstrap' }
  | { kind: 'shell'; page: ShellRoute }
  | { kind: 'training-item'; tag: string }
  /** an outside recipient's transmittal link (issue 35 §3): opens signed out */
  | { kind: 'transmittal'; token: string }
  | { kind: 'redirect'; to: '/' };

/**
 * Resolve a path against the route table. Matching is exact and case-sensitive, as in the spec;
 * a trailing slash is not the same path. `trainingTags` are the tags of the training content list:
 * only those get a /training/{tag} route.
 */
export function matchRoute(pathname: string, trainingTags: readonly string[] = []): RouteMatch {
  if (pathname === SIGN_IN_ROUTE) return { kind: 'signin' };
  if (pathname === BOOTSTRAP_ROUTE) return { kind: 'bootstrap' };
  const shell = SHELL_ROUTES.find((route) => route === pathname);
  if (shell) return { kind: 'shell', page: shell };
  const transmittal = /^\/transmittal\/([A-Za-z0-9_-]{43})$/.exec(pathname);
  if (transmittal?.[1] !== undefined) return { kind: 'transmittal', token: transmittal[1] };
  const training = /^\/training\/([^/]+)$/.exec(pathname);
  if (training?.[1] !== undefined) {
    const tag = decodeURIComponent(training[1]);
    if (trainingTags.includes(tag)) return { kind: 'training-item', tag };
  }
  return { kind: 'redirect', to: '/' };
}

/** Inside the shell an unknown page shows the main page. */
export function shellPageFor(pathname: string): ShellRoute {
  return SHELL_ROUTES.find((route) => route === pathname) ?? MAIN_ROUTE;
}
