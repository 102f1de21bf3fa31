import { describe, expect, it } from 'vitest';
import { mayInProject } from './policies.ts';
import { applyLockChange, isValueLocked, LockValuesBodySchema } from './valueLocks.ts';

const open = { locked: false, lockedProps: [] as string[] };
const all = ['Status', 'Note', 'Model'];

describe('value locks', () => {
  it('locks and unlocks all values, clearing single locks', () => {
    expect(applyLockChange({ locked: false, lockedProps: ['Note'] }, { locked: true }, all)).toEqual({
      locked: true,
      lockedProps: [],
      changed: true,
    });
    expect(applyLockChange({ locked: true, lockedProps: [] }, { locked: false }, all)).toEqual({
      ...open,
      changed: true,
    });
    expect(applyLockChange(open, { locked: false }, all).changed).toBe(false);
  });

  it('locks one value, and unlocking one of a wholly locked object keeps the others locked', () => {
    const one = applyLockChange(open, { propName: 'Status', locked: true }, all);
    expect(one).toEqual({ locked: false, lockedProps: ['Status'], changed: true });
    expect(applyLockChange(one, { propName: 'Status', locked: true }, all).changed).toBe(false);
    expect(applyLockChange(one, { propName: 'Status', locked: false }, all)).toEqual({
      ...open,
      changed: true,
    });
    expect(
      applyLockChange({ locked: true, lockedProps: [] }, { propName: 'Note', locked: false }, all),
    ).toEqual({
      locked: false,
      lockedProps: ['Status', 'Model'],
      changed: true,
    });
  });

  it('tells a locked value from an open one', () => {
    expect(isValueLocked({ locked: true }, 'Note')).toBe(true);
    expect(isValueLocked({ locked: false, lockedProps: ['Status'] }, 'Status')).toBe(true);
    expect(isValueLocked({ locked: false, lockedProps: ['Status'] }, 'Note')).toBe(false);
  });

  it('lets only project managers lock, and validates the call', () => {
    expect(mayInProject('manager', 'lockValues')).toBe(true);
    expect(mayInProject('member', 'lockValues')).toBe(false);
    expect(mayInProject('viewer', 'lockValues')).toBe(false);
    expect(LockValuesBodySchema.safeParse({ projectId: 'p', fileName: 'f', tag: 't' }).success).toBe(false);
    expect(
      LockValuesBodySchema.safeParse({ projectId: 'p', fileName: 'f', tag: 't', locked: true }).success,
    ).toBe(true);
  });
});
