import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs script without types
import { SHELL_ICONS_FILE, shellIconsSource } from '../../scripts/shellIcons.mjs';

describe('shellIcons.ts', () => {
  it('is what the script writes from the installed react-icons (run it after an upgrade)', () => {
    expect(fs.readFileSync(SHELL_ICONS_FILE as string, 'utf8')).toBe((shellIconsSource as () => string)());
  });
});
