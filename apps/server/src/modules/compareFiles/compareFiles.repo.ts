import type { Db } from '../../db/database.ts';

export interface PageCountRow {
  base_version_id: string;
  head_version_id: string;
  dpi: number;
  changed_pages: number;
  pages: number;
  counted_at: string;
  counted_by_name: string | null;
}

/** The drawing compares' changed-page counts (drawing_page_counts): SQL only here. */
export class CompareFilesRepo {
  constructor(private readonly db: Db) {}

  async pageCount(base: string, head: string, dpi: number): Promise<PageCountRow | undefined> {
    return this.db
      .selectFrom('drawing_page_counts as c')
      .leftJoin('users as u', 'u.id', 'c.counted_by')
      .select([
        'c.base_version_id',
        'c.head_version_id',
        'c.dpi',
        'c.changed_pages',
        'c.pages',
        'c.counted_at',
        'u.name as counted_by_name',
      ])
      .where('c.base_version_id', '=', base)
      .where('c.head_version_id', '=', head)
      .where('c.dpi', '=', dpi)
      .executeTakeFirst();
  }

  /** Keep a count unless the pair has one already (the first count stands: versions never change). */
  async keepPageCount(row: {
    base_version_id: string;
    head_version_id: string;
    dpi: number;
    changed_pages: number;
    pages: number;
    counted_by: string;
    counted_at: string;
  }): Promise<void> {
    await this.db
      .insertInto('drawing_page_counts')
      .values(row)
      .onConflict((conflict) => conflict.columns(['base_version_id', 'head_version_id', 'dpi']).doNothing())
      .execute();
  }
}
