import { afterEach, describe, expect, it } from 'vitest';
import { closeSessionStore, sessionStore } from './sessionStore.ts';

describe('the session copy store', () => {
  afterEach(() => sessionStorage.clear());

  it('is the browser sessionStorage until the user signs out, then cleared and closed to late writes', () => {
    expect(sessionStore()).toBe(sessionStorage);
    sessionStore()?.setItem('RWTW-3D-Treatment-Works.ifc', '{}');
    closeSessionStore();
    expect(sessionStorage.length).toBe(0);
    // a property load that finishes after the sign-out finds no store and writes nothing back
    expect(sessionStore()).toBeNull();
  });
});
