// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MARKUP_STYLE } from './geometry.ts';
import { createTextEntry } from './textEntry.ts';

const key = (input: HTMLInputElement, name: string) =>
  input.dispatchEvent(new KeyboardEvent('keydown', { key: name, bubbles: true }));

describe('markup text entry', () => {
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('opens a box where the user clicked and hands over the trimmed text on Enter', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const onText = vi.fn();
    const entry = createTextEntry(host, onText);
    entry.open({ x: 40, y: 30 }, { x: 10, y: 5 }, DEFAULT_MARKUP_STYLE);
    const input = host.querySelector<HTMLInputElement>('input.penstock-markup-text')!;
    expect(input.style.left).toBe('50px');
    expect(input.style.top).toBe('35px');
    expect(entry.isOpen).toBe(true);
    input.value = '  Check this flange  ';
    key(input, 'Enter');
    expect(onText).toHaveBeenCalledWith('Check this flange', { x: 40, y: 30 });
    expect(host.querySelector('input')).toBeNull();
    expect(entry.isOpen).toBe(false);
  });

  it('drops the text on Escape, and an empty box gives nothing', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const onText = vi.fn();
    const entry = createTextEntry(host, onText);
    entry.open({ x: 1, y: 1 }, { x: 0, y: 0 }, DEFAULT_MARKUP_STYLE);
    const input = host.querySelector('input')!;
    input.value = 'not wanted';
    key(input, 'Escape');
    entry.open({ x: 1, y: 1 }, { x: 0, y: 0 }, DEFAULT_MARKUP_STYLE);
    entry.close(true);
    expect(onText).not.toHaveBeenCalled();
  });

  it('keeps the open text when another box is opened', () => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const onText = vi.fn();
    const entry = createTextEntry(host, onText);
    entry.open({ x: 1, y: 2 }, { x: 0, y: 0 }, DEFAULT_MARKUP_STYLE);
    host.querySelector('input')!.value = 'first';
    entry.open({ x: 5, y: 6 }, { x: 0, y: 0 }, DEFAULT_MARKUP_STYLE);
    expect(onText).toHaveBeenCalledWith('first', { x: 1, y: 2 });
    expect(host.querySelectorAll('input')).toHaveLength(1);
  });
});
