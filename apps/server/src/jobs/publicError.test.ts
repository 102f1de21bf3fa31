import { describe, expect, it } from 'vitest';
import { publicErrorMessage } from './publicError.ts';

describe('conversion failures never show the server paths to users (issue 16)', () => {
  it('hides absolute paths, file addresses and stack locations, and keeps the reason', () => {
    expect(
      publicErrorMessage(
        "ENOENT: no such file or directory, open '/srv/penstock/data/blobs/ab/cd/abcdef0123'",
      ),
    ).toBe("ENOENT: no such file or directory, open '<server path>'");
    expect(
      publicErrorMessage('Failed at file:///work/main/apps/server/src/jobs/conversion.worker.ts:52:11'),
    ).toBe('Failed at <server path>');
    expect(publicErrorMessage('cannot read C:\\penstock\\data\\staging\\x.ifc')).toBe(
      'cannot read <server path>',
    );
    expect(publicErrorMessage('The model has no IFC schema line (FILE_SCHEMA)')).toBe(
      'The model has no IFC schema line (FILE_SCHEMA)',
    );
    // a fraction or a single slash in the reason is not a path
    expect(publicErrorMessage('unzipped 3/4 of the archive')).toBe('unzipped 3/4 of the archive');
  });
});
