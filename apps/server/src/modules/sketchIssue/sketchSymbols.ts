import fs from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from '../../env.ts';

/**
 * The symbol library's drawings by src ('/symbols/<group>/<name>.svg'), for drawing a saved sketch on the
 * server: the bundle the symbol tool writes (tools/symbols, symbols/bundle.json), from the built web app,
 * else from the web app's sources (a server run from the repository without a web build).
 */
export class SketchSymbols {
  private loaded: Promise<Map<string, string>> | null = null;

  constructor(private readonly webDistDir: string) {}

  private candidates(): string[] {
    return [
      path.join(this.webDistDir, 'symbols', 'bundle.json'),
      path.join(repoRoot, 'apps', 'web', 'public', 'symbols', 'bundle.json'),
    ];
  }

  /** Every symbol's SVG text by src (read once; an unreadable bundle leaves symbols as placeholders). */
  all(): Promise<Map<string, string>> {
    this.loaded ??= (async () => {
      for (const file of this.candidates()) {
        const text = await fs.readFile(file, 'utf8').catch(() => null);
        if (text === null) continue;
        const bundle = JSON.parse(text) as Record<string, unknown>;
        return new Map(
          Object.entries(bundle).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
      }
      return new Map<string, string>();
    })();
    return this.loaded;
  }
}
