import { Card, Col, Row } from 'react-bootstrap';
import { Link } from 'react-router';
import { mayGlobally } from '@penstock/shared';
import { Loading } from '../../../components/Loading.tsx';
import { useCurrentUser } from '../../auth/hooks/useCurrentUser.ts';
import { useFeedbackList } from '../hooks/useFeedback.ts';
import { FeedbackFaq } from './FeedbackFaq.tsx';
import { FeedbackForm } from './FeedbackForm.tsx';
import { ReviewTable } from './ReviewTable.tsx';
import '../feedback.css';

export const FEEDBACK_WELCOME =
  'Welcome to the feedback page. Tell us what works, what does not and what you would like next in the project viewer and the engineering tools; the answers to the questions asked most often are in the FAQ.';

/**
 * The feedback page (engineering spec §2): signed out, a prompt to sign in; signed in, the form and the
 * FAQ; for holders of the feedback reviewer role, the Review Feedback table below them.
 */
export function FeedbackPage() {
  // the shell has already asked who is signed in (this page opens in the public shell too): read its answer
  // without asking again, since a second request for a signed-out visitor puts the shell back to 'waiting',
  // which unmounts this page and starts over
  const user = useCurrentUser({ enabled: false });
  const signedIn = !!user.data;
  const list = useFeedbackList(signedIn);
  const reviewer = mayGlobally(user.data, 'reviewFeedback');

  return (
    <div className={`page-container feedback-page${reviewer ? ' page-wide' : ''}`}>
      <h1 className="h3 mb-2">Feedback</h1>
      <p className="text-secondary mb-3">{FEEDBACK_WELCOME}</p>
      {user.isPending ? (
        <Loading label="Loading your details..." />
      ) : !user.data ? (
        <p className="lead feedback-login">
          Please login <Link to="/">HERE</Link> to provide feedback
        </p>
      ) : (
        <>
          <Row className="g-3">
            <Col lg={5}>
              <Card as="section" aria-labelledby="feedback-form-title" className="h-100">
                <Card.Body>
                  <h2 id="feedback-form-title" className="h5">
                    Feedback Form
                  </h2>
                  <FeedbackForm userName={user.data.name} />
                </Card.Body>
              </Card>
            </Col>
            <Col lg={7}>
              <Card as="section" aria-labelledby="feedback-faq-title" className="h-100">
                <Card.Body>
                  <h2 id="feedback-faq-title" className="h5">
                    FAQ
                  </h2>
                  <FeedbackFaq list={list} />
                </Card.Body>
              </Card>
            </Col>
          </Row>
          {reviewer && (
            <Card as="section" aria-labelledby="feedback-review-title" className="mt-3">
              <Card.Body>
                <h2 id="feedback-review-title" className="h5">
                  Review Feedback
                </h2>
                <ReviewTable list={list} />
              </Card.Body>
            </Card>
          )}
        </>
      )}
    </div>
  );
}
