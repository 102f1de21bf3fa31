import { NAME_CHECKED_STATES, nameFailureMessage, parseContainerName, type CdeState } from '@penstock/shared';
import { HttpError } from '../../http/errors.ts';
import type { InfoStandardRepo } from './infoStandard.repo.ts';

/**
 * A project without a saved standard is not checked (its files predate it).
 * The one name check of uploads, moves and a workflow's publication (issue 35 §1): a name that does not
 * follow the project's standard is allowed in WIP (and folders outside the four states) with a warning, and refused (422, naming
 * the failing field and its allowed codes) into Shared and Published unless an administrator relaxed the
 * check for the project, when it is allowed with the warning.
 */
export class NamingCheck {
  constructor(private readonly standards: InfoStandardRepo) {}

  /** The warning to show, or null for a conforming name; throws 422 where the name is refused. */
  async check(projectId: string, state: CdeState | null, fileName: string): Promise<string | null> {
    const { message, refused } = await this.judge(projectId, state, fileName);
    if (refused) throw new HttpError(422, refused);
    return message;
  }

  /**
   * The 422 message that refuses `fileName` into `state`, or null where it may go there (a workflow's
   * approval asks before its transaction and refuses inside it, only when the decision publishes).
   */
  async refusal(projectId: string, state: CdeState | null, fileName: string): Promise<string | null> {
    return (await this.judge(projectId, state, fileName)).refused;
  }

  private async judge(projectId: string, state: CdeState | null, fileName: string) {
    const { standard, relaxed, configured } = await this.standards.standardOf(projectId);
    if (!configured) return { message: null, refused: null };
    const parsed = parseContainerName(fileName, standard);
    if (parsed.conforms) return { message: null, refused: null };
    const message = nameFailureMessage(fileName, parsed);
    const checked = (NAME_CHECKED_STATES as readonly string[]).includes(state ?? '');
    const refused = checked && !relaxed ? `${message}. Rename it before it goes into ${state}.` : null;
    return { message, refused };
  }
}
