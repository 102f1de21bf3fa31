/**
 * Where the database names stored blobs: every column that holds a blob's hash. The orphan collector keeps
 * every blob one of these names; blobReferences.int.test.ts fails when the schema gains a hash column that
 * is not listed here (or in NOT_BLOB_HASHES), because a blob named only by an unlisted column would be
 * deleted as an orphan.
 *
 * Not here, because they store no blob of their own: reports (a report is a document version), P&ID sketches
 * (their content is JSON in pid_sketches), workflow publications and moves (a new version naming the same
 * blob as the version it came from), form uploads (document versions).
 */
export const BLOB_REFERENCES = [
  { table: 'versions', column: 'blob_hash', holds: 'document versions (uploads, reports, schedules)' },
  { table: 'conversions', column: 'frag_hash', holds: "converted models' Fragments files" },
  { table: 'conversions', column: 'items_hash', holds: "converted models' item tables" },
  { table: 'markup_items', column: 'image_hash', holds: 'markup preview images' },
  {
    table: 'issues',
    column: 'snapshot_hash',
    holds: "issues' snapshots (placed in the viewer or imported from BCF)",
  },
  { table: 'training_courses', column: 'material_hash', holds: 'training material' },
  { table: 'sdc_files', column: 'blob_hash', holds: "supplier submissions' track-record documents" },
  { table: 'sdc_submissions', column: 'logo_hash', holds: 'supplier logos' },
  { table: 'transmittal_recipients', column: 'attachment_hash', holds: "transmittal responses' attachments" },
] as const;

/**
 * The catalogue of stored blobs (hash, size, when first recorded): the row the foreign keys of versions and
 * the supplier tables point at. It does not keep a blob alive by itself; the collector removes the catalogue
 * row of a blob it removes.
 */
export const BLOB_CATALOGUE = { table: 'blobs', column: 'hash' } as const;

/** Columns named like a hash that hold no blob. */
export const NOT_BLOB_HASHES = [
  { table: 'users', column: 'password_hash', holds: 'scrypt password hashes' },
  {
    table: 'transmittal_recipients',
    column: 'token_hash',
    holds: "SHA-256 of outside recipients' link tokens",
  },
] as const;
