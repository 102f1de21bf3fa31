import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Alert, Form } from 'react-bootstrap';
import { FaDownload, FaUpload } from 'react-icons/fa6';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../base/api.ts';
import {
  BCF_EXPORT_VERSIONS,
  bcfUrl,
  importBcf,
  type BcfExportVersion,
  type BcfImportResult,
  type BcfSkippedTopic,
} from '../api.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** 'Imported 4 issues: 1 created, 1 updated, 2 unchanged.' (unchanged and skipped only when there are any) */
export function importSummary(answer: BcfImportResult): string {
  const parts = [`${answer.created} created`, `${answer.updated} updated`];
  if (answer.unchanged) parts.push(`${answer.unchanged} unchanged`);
  if (answer.skipped?.length) parts.push(`${answer.skipped.length} skipped`);
  return `Imported ${plural(answer.issues.length, 'issue')}: ${parts.join(', ')}.`;
}

/** The topics an import left alone because Penstock has a newer change, each with the server's reason. */
function SkippedTopics({ skipped }: { skipped: BcfSkippedTopic[] }) {
  return (
    <div>
      <p className="mb-1">
        {skipped.length === 1 ? 'This issue was' : `These ${skipped.length} issues were`} not updated from the
        file: {skipped.length === 1 ? 'it was' : 'they were'} changed in Penstock after the file was written.
        New comments in the file were still added.
      </p>
      <ul className="mb-0">
        {skipped.map((topic) => (
          <li key={topic.guid}>
            <strong>{topic.title}</strong> – {topic.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * BCF export for every member, as BCF 3.0 or 2.1 (for tools that read only 2.1); import (BCF 1.0, 2.0, 2.1 or
 * 3.0) only for those who may change issues (not viewers).
 */
export function BcfTools({ projectId, canImport }: { projectId: string; canImport: boolean }) {
  const id = useId();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [version, setVersion] = useState<BcfExportVersion>('3.0');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string; skipped: BcfSkippedTopic[] } | null>(
    null,
  );

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    setBusy(true);
    setResult(null);
    try {
      const answer = await importBcf(projectId, file);
      setResult({ ok: true, text: importSummary(answer), skipped: answer.skipped ?? [] });
      void client.invalidateQueries({ queryKey: ['issues'] });
    } catch (failure) {
      setResult({ ok: false, text: `The BCF file was not imported: ${errorMessage(failure)}`, skipped: [] });
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div className="d-flex flex-wrap align-items-center gap-2">
      <Form.Select
        size="sm"
        className="w-auto"
        aria-label="BCF version to export"
        value={version}
        onChange={(event) => setVersion(event.target.value as BcfExportVersion)}
      >
        {BCF_EXPORT_VERSIONS.map((value) => (
          <option key={value} value={value}>
            BCF {value}
            {value === '3.0' ? '' : ' (older tools)'}
          </option>
        ))}
      </Form.Select>
      <a className="btn btn-sm btn-outline-secondary" href={bcfUrl(projectId, version)} download>
        <FaDownload aria-hidden="true" className="me-1" />
        Export BCF
      </a>
      {canImport && (
        <>
          <label
            className={`btn btn-sm btn-outline-secondary mb-0 ${busy ? 'disabled' : ''}`}
            htmlFor={`${id}-bcf`}
            title="BCF 1.0, 2.0, 2.1 or 3.0"
          >
            <FaUpload aria-hidden="true" className="me-1" />
            {busy ? 'Importing...' : 'Import BCF'}
          </label>
          <input
            id={`${id}-bcf`}
            ref={input}
            type="file"
            accept=".bcf,.bcfzip,application/octet-stream,application/zip"
            className="visually-hidden"
            aria-label="Import BCF"
            disabled={busy}
            onChange={(event) => void upload(event)}
          />
        </>
      )}
      {result && (
        <Alert
          variant={!result.ok ? 'danger' : result.skipped.length ? 'warning' : 'success'}
          className="small py-1 px-2 mb-0 w-100"
          dismissible
          onClose={() => setResult(null)}
        >
          <p className="mb-1">{result.text}</p>
          {result.skipped.length > 0 && <SkippedTopics skipped={result.skipped} />}
        </Alert>
      )}
    </div>
  );
}
