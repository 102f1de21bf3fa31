import { describe, expect, it, vi } from 'vitest';
import { downloadBlob } from './download.ts';

describe('downloadBlob', () => {
  it('clicks a download link for the blob and revokes its URL afterwards', () => {
    vi.useFakeTimers();
    const create = vi.fn(() => 'blob:sketch');
    const revoke = vi.fn();
    Object.assign(URL, { createObjectURL: create, revokeObjectURL: revoke });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const blob = new Blob(['x']);
    downloadBlob(blob, 'Sketch.svg');
    expect(create).toHaveBeenCalledWith(blob);
    expect(click).toHaveBeenCalledTimes(1);
    const clicked = click.mock.contexts[0] as HTMLAnchorElement | undefined;
    expect(clicked?.download).toBe('Sketch.svg');
    expect(clicked?.href).toBe('blob:sketch');
    expect(document.querySelector('a[download]')).toBeNull();
    vi.runAllTimers();
    expect(revoke).toHaveBeenCalledWith('blob:sketch');
  });
});
