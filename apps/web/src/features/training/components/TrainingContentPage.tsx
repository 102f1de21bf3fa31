import { useState } from 'react';
import { Alert, Badge } from 'react-bootstrap';
import { Link } from 'react-router';
import { FaArrowLeft, FaArrowUpRightFromSquare } from 'react-icons/fa6';
import type { TrainingItem } from '@penstock/shared';
import { TrainingPdf } from './TrainingPdf.tsx';

function NotAvailable({ what }: { what: string }) {
  return (
    <Alert variant="secondary" className="mb-0" role="status">
      <strong className="d-block">{what} not available</strong>
      No training material has been stored for this course yet. An administrator adds it under Administration,
      Training.
    </Alert>
  );
}

/** A Video course: an mp4 player on the training material folder, or a clear note when it cannot play. */
function TrainingVideo({ url, title }: { url: string; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!url) return <NotAvailable what="Video" />;
  if (failed)
    return (
      <Alert variant="secondary" className="mb-0" role="status">
        <strong className="d-block">Video not available</strong>
        This browser could not play the video.{' '}
        <a href={url} download>
          Download the mp4
        </a>{' '}
        to watch it in another player.
      </Alert>
    );
  return (
    <video
      className="training-video"
      controls
      preload="metadata"
      src={url}
      aria-label={title}
      data-testid="training-video"
      onError={() => setFailed(true)}
    >
      Your browser cannot play this video.
    </video>
  );
}

/** What a course shows, by format (spec §2 'Training content routes'). */
function CourseMaterial({ item }: { item: TrainingItem }) {
  const { format, url } = item.trainingData;
  switch (format) {
    case 'PowerPoint':
      // slides are stored as their PDF export (no PowerPoint viewer runs offline), shown in a frame
      return url ? (
        <iframe
          className="training-frame"
          src={url}
          title={item.trainingTitle}
          data-testid="training-frame"
        />
      ) : (
        <NotAvailable what="Presentation" />
      );
    case 'Video':
      return <TrainingVideo url={url} title={item.trainingTitle} />;
    case 'PDF':
      return url ? <TrainingPdf url={url} title={item.trainingTitle} /> : <NotAvailable what="PDF" />;
    case 'Other':
      return (
        <Alert variant="info" className="mb-0">
          This course is outside Penstock.{' '}
          {/^https?:\/\//i.test(url) ? (
            <a href={url} target="_blank" rel="noopener noreferrer">
              Open it in a new tab <FaArrowUpRightFromSquare className="small" aria-hidden="true" />
            </a>
          ) : (
            'It has no address yet.'
          )}
        </Alert>
      );
  }
}

/** /training/{tag}: one course of the training content list. */
export function TrainingContentPage({ item }: { item: TrainingItem }) {
  return (
    <div className="training-content">
      <Link to="/training" className="small">
        <FaArrowLeft className="me-1" aria-hidden="true" />
        Back to Training
      </Link>
      <div>
        <h1 className="h4 mb-1">{item.trainingTitle}</h1>
        <div className="d-flex gap-2 small text-secondary">
          <Badge bg="secondary">{item.trainingData.format}</Badge>
          {item.trainingData.time && <span>Est Time to Complete: {item.trainingData.time}</span>}
        </div>
      </div>
      <CourseMaterial item={item} />
    </div>
  );
}
