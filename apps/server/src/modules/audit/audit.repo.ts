import type { Db } from '../../db/database.ts';
import type { AuditLogTable } from '../../db/schema.ts';

/** SQL for the audit log. */
export class AuditRepo {
  constructor(private readonly db: Db) {}

  async insert(row: AuditLogTable): Promise<void> {
    await this.db.insertInto('audit_log').values(row).execute();
  }

  /** Newest first, `limit` of them, older than the (at, id) cursor when given. */
  list(limit: number, before?: { at: string; id: string }): Promise<AuditLogTable[]> {
    let query = this.db.selectFrom('audit_log').selectAll();
    if (before)
      query = query.where((eb) =>
        eb.or([eb('at', '<', before.at), eb.and([eb('at', '=', before.at), eb('id', '<', before.id)])]),
      );
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  }
}
