import { NAME_CHECKED_STATES, nameFailureMessage, parseContainerName, type CdeState } from '@penstock/shared';
import { HttpError } from '../../http/errors.ts';
import type { InfoStandardRepo } from './infoStandard.repo.ts';

/**
 * A project without a saved standard is not checked (its files predate it).
 * The one name check of uploads and moves (issue 35 §1): a name that does not follow the project's
 * standard is allowed in WIP (and folders outside the four states) with a warning, and refused (422, naming
 * the failing field and its allowed codes) into Shared and Published unless an administrator relaxed the
 * check for the project, when it is allowed with the warning.
 */
export class NamingCheck {
  constructor(private readonly standards: InfoStandardRepo) {}

  /** The warning to show, or null for a conforming name; throws 422 where the name is refused. */
  async check(projectId: string, state: CdeState | null, fileName: string): Promise<string | null> {
    const { standard, relaxed, configured } = await this.standards.standardOf(projectId);
    if (!configured) return null;
    const parsed = parseContainerName(fileName, standard);
    if (parsed.conforms) return null;
    const message = nameFailureMessage(fileName, parsed);
    const checked = (NAME_CHECKED_STATES as readonly string[]).includes(state ?? '');
    if (checked && !relaxed) throw new HttpError(422, `${message}. Rename it before it goes into ${state}.`);
    return message;
  }
}
