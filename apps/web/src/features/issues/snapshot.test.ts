import { describe, expect, it, vi } from 'vitest';
import { issueSnapshot, pngDataUrlSize } from './snapshot.ts';

/** A PNG data URL whose header says width × height (the pixels do not matter here). */
function pngUrl(width: number, height: number): string {
  const bytes = new Uint8Array(33);
  bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 0);
  bytes.set(
    [...'IHDR'].map((c) => c.charCodeAt(0)),
    12,
  );
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  return `data:image/png;base64,${btoa(String.fromCharCode(...bytes))}`;
}

describe('an issue snapshot', () => {
  it('reads a PNG data URL’s size from its header', () => {
    expect(pngDataUrlSize(pngUrl(1920, 1080))).toEqual({ width: 1920, height: 1080 });
    expect(pngDataUrlSize('data:image/png;base64,')).toBeNull();
    expect(pngDataUrlSize('data:image/jpeg;base64,/9j/4AAQ')).toBeNull();
    expect(pngDataUrlSize('data:image/png;base64,!!!!')).toBeNull();
  });

  it('sends a picture that fits as it is, and none when the viewer gave none', async () => {
    const small = pngUrl(1600, 900);
    expect(await issueSnapshot(small)).toBe(small);
    expect(await issueSnapshot('data:image/png;base64,')).toBeNull();
    expect(await issueSnapshot(null)).toBeNull();
  });

  it('scales a large picture down to 1600 pixels on its longest side', async () => {
    const drawn: number[][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (
      this: HTMLCanvasElement,
    ) {
      return { drawImage: (_image: unknown, ...box: number[]) => drawn.push(box) } as never;
    });
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
      return pngUrl(this.width, this.height);
    });
    vi.stubGlobal(
      'Image',
      class {
        onload: (() => void) | null = null;
        set src(_value: string) {
          setTimeout(() => this.onload?.(), 0);
        }
      },
    );
    const scaled = await issueSnapshot(pngUrl(3200, 1800));
    expect(pngDataUrlSize(scaled!)).toEqual({ width: 1600, height: 900 });
    expect(drawn).toEqual([[0, 0, 1600, 900]]);
  });

  it('sends none rather than fail the issue when a large picture cannot be scaled', async () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    expect(await issueSnapshot(pngUrl(4000, 3000))).toBeNull();
  });
});
