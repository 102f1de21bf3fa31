import { Accordion, Badge } from 'react-bootstrap';
import type { UseQueryResult } from '@tanstack/react-query';
import type { FeedbackItem } from '@penstock/shared';
import { ErrorAlert } from '../../../components/ErrorAlert.tsx';
import { Loading } from '../../../components/Loading.tsx';

/**
 * The FAQ: the items a reviewer flagged, the feedback as the question and the reviewer's comment as the
 * answer. Both are the text people typed, shown as text.
 */
export function FeedbackFaq({ list }: { list: UseQueryResult<FeedbackItem[]> }) {
  if (list.isPending) return <Loading label="Loading the FAQ..." />;
  if (list.isError) return <ErrorAlert error={list.error} title="The FAQ could not be loaded." />;
  const faq = list.data.filter((item) => item.IsFaq);
  if (faq.length === 0) return <p className="text-secondary mb-0">No frequently asked questions yet.</p>;
  return (
    <Accordion alwaysOpen className="feedback-faq" aria-label="Frequently asked questions">
      {faq.map((item) => (
        <Accordion.Item eventKey={item.Id} key={item.Id}>
          <Accordion.Header>
            <span className="d-flex flex-column gap-1">
              <Badge bg="secondary" className="align-self-start fw-normal">
                {item.Feature}
              </Badge>
              <span className="feedback-text">{item.Feedback}</span>
            </span>
          </Accordion.Header>
          <Accordion.Body className="feedback-text">{item.Comment}</Accordion.Body>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
