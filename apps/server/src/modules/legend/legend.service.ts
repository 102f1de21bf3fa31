import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_LEGEND, LegendDataSchema, type LegendData } from '@penstock/shared';
import { describeZodError } from '../../http/errors.ts';

/**
 * The P&ID legend in use: `<data>/config/legend.json` when present and valid, else DEFAULT_LEGEND.
 * Read per request so an administrator's change applies without a restart. A broken file is refused
 * with one log line naming the file and the field (logged once per distinct problem, not per request),
 * so a typo never empties the legend.
 */
export class LegendReader {
  private lastProblem: string | null = null;

  constructor(
    private readonly dataDir: string,
    private readonly log?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  get file(): string {
    return path.join(this.dataDir, 'config', 'legend.json');
  }

  async read(): Promise<LegendData> {
    let problem: string;
    try {
      const parsed = LegendDataSchema.safeParse(JSON.parse(await fs.readFile(this.file, 'utf8')));
      if (parsed.success) {
        this.lastProblem = null;
        return parsed.data;
      }
      problem = describeZodError(parsed.error);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        this.lastProblem = null;
        return DEFAULT_LEGEND;
      }
      problem = error instanceof Error ? error.message : String(error);
    }
    const line = `legend: ${this.file} is not used: ${problem}`;
    if (line !== this.lastProblem) this.log?.error(line);
    this.lastProblem = line;
    return DEFAULT_LEGEND;
  }
}
