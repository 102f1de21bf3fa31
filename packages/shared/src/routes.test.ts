import { describe, expect, it } from 'vitest';
import { HEADER_LINKS, SHELL_ROUTES, matchRoute, shellPageFor } from './routes.ts';

describe('route table', () => {
  it('matches the sign-in page and the style guide exactly', () => {
    expect(matchRoute('/')).toEqual({ kind: 'signin' });
    expect(matchRoute('/bootstrap')).toEqual({ kind: 'bootstrap' });
  });

  it('draws every spec page inside the shell', () => {
    for (const path of [
      '/main',
      '/engineering',
      '/SketchUp',
      '/supplier',
      '/feedback',
      '/training',
      '/personalHub',
      '/dsear',
      '/dsearNew',
    ]) {
      expect(matchRoute(path)).toEqual({ kind: 'shell', page: path });
    }
    expect(SHELL_ROUTES).toContain('/dsearNew');
  });

  it('is exact: case, trailing slashes and sub-paths redirect to /', () => {
    for (const path of ['/Main', '/main/', '/main/x', '/sketchup', '/nowhere', '/bootstrap/', '//main']) {
      expect(matchRoute(path)).toEqual({ kind: 'redirect', to: '/' });
    }
  });

  it('gives a route to each training item and to no other tag', () => {
    expect(matchRoute('/training/intro-3d', ['intro-3d'])).toEqual({
      kind: 'training-item',
      tag: 'intro-3d',
    });
    expect(matchRoute('/training/other', ['intro-3d'])).toEqual({ kind: 'redirect', to: '/' });
  });

  it('shows the main page for an unknown page inside the shell', () => {
    expect(shellPageFor('/dsear')).toBe('/dsear');
    expect(shellPageFor('/whatever')).toBe('/main');
  });

  it('lists the five header links in order', () => {
    expect(HEADER_LINKS.map((l) => [l.path, l.label])).toEqual([
      ['/main', 'Project Page'],
      ['/engineering', 'Engineering Page'],
      ['/supplier', 'Supplier Zone'],
      ['/feedback', 'Feedback'],
      ['/training', 'Training'],
    ]);
  });
});
