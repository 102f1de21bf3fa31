import { useId, useRef, useState } from 'react';
import { Button, Form } from 'react-bootstrap';
import { FaArrowUpRightFromSquare, FaEye, FaPaperclip } from 'react-icons/fa6';
import { DSEAR_ATTACHMENT_FOLDER, isViewable, type DsearAttachment, formatDate } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useConfig } from '../../config/hooks/useConfig.ts';
import { useAttachToDsear, useDsearAttachments } from '../hooks/useDsear.ts';
import { useOpenAttachment } from '../hooks/useOpenAttachment.ts';
import { ListTable } from '../../../components/ListDialog.tsx';

const FOLDER = DSEAR_ATTACHMENT_FOLDER.join('/');

function AttachForm({ dsearId }: { dsearId: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const attach = useAttachToDsear(dsearId);
  return (
    <Form
      className="d-flex flex-wrap align-items-end gap-2 mt-2"
      aria-label="Attach a file"
      onSubmit={(event) => {
        event.preventDefault();
        if (!file) return;
        attach.mutate(file, {
          onSuccess: () => {
            setFile(null);
            if (input.current) input.current.value = '';
          },
        });
      }}
    >
      <Form.Group controlId={`${id}-file`} className="flex-grow-1">
        <Form.Label className="small mb-1">Attach a hazardous-area drawing or risk assessment</Form.Label>
        <Form.Control
          ref={input}
          type="file"
          size="sm"
          onChange={(e) => {
            attach.reset();
            setFile((e.target as HTMLInputElement).files?.[0] ?? null);
          }}
        />
      </Form.Group>
      <Button type="submit" size="sm" variant="outline-primary" disabled={!file || attach.isPending}>
        <FaPaperclip aria-hidden="true" className="me-1" />
        {attach.isPending ? 'Attaching...' : 'Attach'}
      </Button>
      <Form.Text className="w-100 mt-0">Stored in the project&apos;s {FOLDER} folder.</Form.Text>
      {attach.isError && (
        <ErrorAlert
          error={attach.error}
          title="The file was not attached."
          className="small py-2 w-100 mb-0"
        />
      )}
    </Form>
  );
}

function OpenButton({ attachment, projectId }: { attachment: DsearAttachment; projectId: string }) {
  const config = useConfig();
  const openInViewer = useOpenAttachment(projectId);
  const viewable = isViewable(attachment.fileType, config.data?.fileExtensionWhitelist ?? []);
  if (openInViewer && viewable)
    return (
      <Button
        size="sm"
        variant="outline-primary"
        aria-label={`Open ${attachment.fileName}`}
        title="Open in the viewer"
        onClick={() => openInViewer(attachment)}
      >
        <FaEye aria-hidden="true" />
      </Button>
    );
  // not a member of the project (a listed manager), or a type the viewer does not show: the file itself
  return (
    <a
      className="btn btn-sm btn-outline-primary"
      href={attachment.contentUrl}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Open ${attachment.fileName}`}
      title="Open in a new browser tab"
    >
      <FaArrowUpRightFromSquare aria-hidden="true" />
    </a>
  );
}

/** An entry's attachments: files of the project's document store, opened in the viewer. */
export function DsearAttachments({
  dsearId,
  projectId,
  canAttach,
}: {
  dsearId: string;
  projectId: string;
  canAttach: boolean;
}) {
  const attachments = useDsearAttachments(dsearId);
  return (
    <section aria-labelledby="dsear-attachments" className="mb-4">
      <h2 id="dsear-attachments" className="h5">
        Attachments
      </h2>
      {attachments.isPending ? (
        <Loading label="Loading the attachments..." />
      ) : attachments.isError ? (
        <ErrorAlert error={attachments.error} title="The attachments cannot be loaded." />
      ) : attachments.data.length === 0 ? (
        <p className="text-secondary small mb-1">No files are attached to this entry.</p>
      ) : (
        <ListTable
          size="sm"
          bordered
          className="align-middle mb-1"
          aria-label="Attachments"
          columns={['File', 'Revision', 'Attached', { label: 'Open', hidden: true }]}
        >
          {attachments.data.map((attachment) => (
            <tr key={attachment.itemId}>
              <th scope="row" className="fw-normal text-break">
                {attachment.fileName}
                <div className="small text-secondary">{attachment.folderPath}</div>
              </th>
              <td className="text-nowrap">
                {[attachment.revision, attachment.suitability].filter(Boolean).join(' ') || '—'}
              </td>
              <td className="small">
                {formatDate(attachment.addedAt, 'date, time')}
                {attachment.addedBy && <div className="text-secondary">{attachment.addedBy}</div>}
              </td>
              <td className="text-center">
                <OpenButton attachment={attachment} projectId={projectId} />
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {canAttach && <AttachForm dsearId={dsearId} />}
    </section>
  );
}
