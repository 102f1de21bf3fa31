import { useEffect, useMemo, useState, type MouseEvent, type RefObject } from 'react';
import { Alert } from 'react-bootstrap';
import { FaLocationDot } from 'react-icons/fa6';
import type { Issue, IssuePinDetails, ModelObject, Vector3 } from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { isNotMember, ISSUES_LOAD_ERROR, NOT_A_MEMBER_TEXT } from '../api.ts';
import { useCreateIssue, useIssues } from '../hooks/useIssues.ts';
import { issueSnapshot } from '../snapshot.ts';
import { IssueForm, type IssueFormValues } from './IssueForm.tsx';
import { IssuePanel } from './IssuePanel.tsx';
import './issues.css';

/** What the layer needs of a viewer: projection, picking and stored views. */
export interface PinSurface {
  /** where a stored position is drawn, in CSS px from the layer's (the host's) top left; null = not shown */
  toScreen(position: Vector3): { x: number; y: number } | null;
  /** called when pins must be placed again (camera moved, page changed) */
  onChange(callback: () => void): () => void;
  /** the stored position and object under a click (client coordinates), or null */
  pick(
    clientX: number,
    clientY: number,
  ): Promise<{ position: Vector3; objectId: number | null; object: ModelObject | null } | null>;
  /** the whole view (camera, sections, measurements, appearance, models...) stored with a new issue */
  viewerState(): unknown | Promise<unknown>;
  restoreViewerState(state: unknown): void | Promise<void>;
  /**
   * A pin's object selected in its model (after its view is restored), answering its tag ('' without one),
   * or null when the pin names no object this viewer finds.
   */
  openObject?(details: IssuePinDetails): Promise<string | null>;
  /** a picture of the view (a PNG data URL), kept as the new issue's snapshot */
  snapshot?(): string | null;
  /** whether a pin belongs to what is shown now (the current PDF page) */
  shows?(details: IssuePinDetails): boolean;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** The box of `area` inside `host`. */
const boxOf = (host: HTMLElement | null, area: HTMLElement | null): Box | null => {
  if (!host || !area) return null;
  const outer = host.getBoundingClientRect();
  const inner = area.getBoundingClientRect();
  return {
    left: inner.left - outer.left,
    top: inner.top - outer.top,
    width: inner.width,
    height: inner.height,
  };
};

export const pinDetailsOf = (issue: Issue, documentIds: readonly string[]): IssuePinDetails | null =>
  issue.linkedDocuments.find((link) => documentIds.includes(link.documentId))?.details ?? null;

/**
 * Issue pins over a viewer (spec §2, §4): the project's issues of this document drawn at their positions,
 * the 'Issue' panel of a clicked pin, and placing a new issue with a click.
 */
export function IssueLayer({
  projectId,
  documentId,
  documentIds,
  viewableGuid,
  surface,
  hostRef,
  areaRef,
  visible,
  placing,
  onPlacingDone,
  onCreated,
  onPinSelected,
}: {
  projectId: string | null;
  /** the version the new issues link to */
  documentId: string;
  /** the ids whose links are this document's (the version and its item) */
  documentIds: readonly string[];
  viewableGuid: string;
  surface: PinSurface | null;
  /** the positioned element the layer fills */
  hostRef: RefObject<HTMLElement | null>;
  /** the viewer's drawing area (clicks there place an issue) */
  areaRef: RefObject<HTMLElement | null>;
  visible: boolean;
  placing: boolean;
  onPlacingDone: () => void;
  onCreated?: () => void;
  onPinSelected?: () => void;
}) {
  const issues = useIssues(projectId, { documentId }, visible || placing);
  const create = useCreateIssue();
  const [, setTick] = useState(0);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [areaWidth, setAreaWidth] = useState(0);
  const [captureBox, setCaptureBox] = useState<Box | null>(null);
  const [draft, setDraft] = useState<{
    details: IssuePinDetails;
    snapshot: string | null;
    x: number;
    y: number;
  } | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [missed, setMissed] = useState(false);
  const [dismissedError, setDismissedError] = useState<unknown>(null);

  // place the pins again whenever the view moves (at most once a frame)
  useEffect(() => {
    if (!surface || !visible) return;
    let frame = 0;
    const stop = surface.onChange(() => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        setTick((tick) => tick + 1);
      });
    });
    return () => {
      stop();
      if (frame) cancelAnimationFrame(frame);
    };
  }, [surface, visible]);

  useEffect(() => {
    if (issues.error) console.error(ISSUES_LOAD_ERROR, errorMessage(issues.error));
  }, [issues.error]);

  useEffect(() => {
    if (!placing) return;
    const measure = () => setCaptureBox(boxOf(hostRef.current, areaRef.current));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [placing, hostRef, areaRef]);

  const pins = useMemo(
    () =>
      (issues.data ?? []).flatMap((issue) => {
        const details = pinDetailsOf(issue, documentIds);
        return details ? [{ issue, details }] : [];
      }),
    [issues.data, documentIds],
  );
  const selected = pins.find((pin) => pin.issue.id === selectedId)?.issue ?? null;

  // the selected pin's object: its tag ('' without one), null while looked up or when it names none
  const [pinTag, setPinTag] = useState<{ issueId: string; tag: string | null } | null>(null);
  const selectPin = (issue: Issue, details: IssuePinDetails) => {
    setSelectedId(issue.id);
    setPinTag(null);
    setAreaWidth(hostRef.current?.clientWidth ?? window.innerWidth);
    onPinSelected?.();
    if (!surface) return;
    void (async () => {
      if (details.viewerState) await surface.restoreViewerState(details.viewerState);
      const tag = (await surface.openObject?.(details)) ?? null;
      setPinTag({ issueId: issue.id, tag });
    })().catch((error: unknown) => console.error('The issue’s object cannot be shown', error));
  };

  const place = async (event: MouseEvent<HTMLDivElement>) => {
    if (!surface) return;
    const { clientX, clientY } = event;
    const hit = await surface.pick(clientX, clientY);
    if (!hit) {
      setMissed(true);
      return;
    }
    setMissed(false);
    const host = hostRef.current?.getBoundingClientRect();
    const width = hostRef.current?.clientWidth ?? 640;
    const height = hostRef.current?.clientHeight ?? 480;
    const x = clientX - (host?.left ?? 0);
    const y = clientY - (host?.top ?? 0);
    // taken with the view, as the user saw it when clicking (the view's state is read at once too; naming
    // its objects by GlobalId may wait for their models' object indexes)
    const snapshot = surface.snapshot?.() ?? null;
    const viewerState = await surface.viewerState();
    setDraft({
      details: {
        viewableGuid,
        position: hit.position,
        objectId: hit.objectId,
        object: hit.object,
        viewerState,
      },
      snapshot,
      x: Math.max(8, Math.min(x + 12, width - 330)),
      y: Math.max(8, Math.min(y - 40, height - 360)),
    });
    onPlacingDone();
  };

  const submit = async (values: IssueFormValues) => {
    if (!draft || !projectId) return;
    setPreparing(true);
    const snapshot = await issueSnapshot(draft.snapshot);
    setPreparing(false);
    create.mutate(
      { projectId, ...values, snapshot, linkedDocuments: [{ documentId, details: draft.details }] },
      {
        onSuccess: () => {
          setDraft(null);
          create.reset();
          onCreated?.();
        },
      },
    );
  };

  const showError = issues.isError && issues.error !== dismissedError;

  return (
    <>
      {visible && surface && (
        <div className="issue-layer" data-testid="issue-layer">
          {pins.map(({ issue, details }) => {
            if (surface.shows && !surface.shows(details)) return null;
            const point = surface.toScreen(details.position);
            if (!point) return null;
            return (
              <button
                key={issue.id}
                type="button"
                className={`issue-pin status-${issue.status} ${issue.id === selectedId ? 'selected' : ''}`}
                style={{ left: point.x, top: point.y }}
                aria-label={issue.title}
                title={`${issue.title} (${issue.statusKey})`}
                data-issue-pin={issue.id}
                onClick={() => selectPin(issue, details)}
              >
                <FaLocationDot aria-hidden="true" />
              </button>
            );
          })}
        </div>
      )}
      {placing && surface && captureBox && (
        <div
          className="issue-capture"
          data-testid="issue-capture"
          style={captureBox}
          onClick={(event) => void place(event)}
        >
          <div className="issue-capture-hint alert alert-info py-1 px-2 small mb-0">
            {missed ? 'Nothing there: click on an object to place the issue.' : 'Click where the issue is.'}
          </div>
        </div>
      )}
      {draft && projectId && (
        <div
          className="issue-new-dialog shadow"
          role="dialog"
          aria-labelledby="issue-new-title"
          style={{ left: draft.x, top: draft.y }}
        >
          <h2 id="issue-new-title" className="h6">
            New issue
          </h2>
          <IssueForm
            projectId={projectId}
            pending={create.isPending || preparing}
            error={create.error}
            showDueDate={false}
            onCancel={() => {
              create.reset();
              setDraft(null);
            }}
            onSubmit={(values) => void submit(values)}
          />
        </div>
      )}
      {showError && (
        <Alert
          variant="danger"
          className="issue-layer-alert small py-2"
          dismissible
          onClose={() => setDismissedError(issues.error)}
        >
          <strong className="me-1">{ISSUES_LOAD_ERROR}.</strong>
          {isNotMember(issues.error) ? NOT_A_MEMBER_TEXT : errorMessage(issues.error)}
        </Alert>
      )}
      {selected && visible && (
        <IssuePanel
          issue={selected}
          objectTag={pinTag?.issueId === selected.id ? pinTag.tag : null}
          areaWidth={areaWidth || window.innerWidth}
          onClose={() => setSelectedId(null)}
        />
      )}
    </>
  );
}
