import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert, Button, Card, Spinner } from 'react-bootstrap';
import { FaArrowRight, FaFilePdf, FaRightToBracket } from '../../../components/shellIcons.ts';
import { errorMessage } from '../../../base/api.ts';
import { browser } from '../../../base/browser.ts';
import { Brand } from '../../../components/Brand.tsx';
import { fetchSignInUrl, passwordSignInUrl } from '../api.ts';
import { returnPathFrom } from '../returnTo.ts';
import { useCurrentUser } from '../hooks/useCurrentUser.ts';
import { useSignInMethods } from '../hooks/useSignInMethods.ts';

export const READ_MORE_URL = '/config/readMore.pdf';

/** Route '/': what the product is, a read-more PDF and the Sign in button. */
export function SignInPage() {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const user = useCurrentUser();
  // a deep link opened while signed out (/?returnTo=/main?view=…) is where signing in leads back to
  const returnTo = returnPathFrom(useLocation().search);
  // with single sign-on the Sign in button goes to the identity provider; passwords, when still allowed,
  // are offered by a link to Penstock's own sign-in page
  const sso = useSignInMethods().data;

  async function signIn() {
    setPending(true);
    setError(null);
    try {
      browser.setHref(await fetchSignInUrl(returnTo));
      // stay pending: the browser is leaving for the sign-in page
    } catch (failure) {
      setError(`Could not start signing in: ${errorMessage(failure)}`);
      setPending(false);
    }
  }

  return (
    <main className="signin-page d-flex align-items-center justify-content-center p-3">
      <Card className="signin-card shadow border-0">
        <Card.Body className="p-4 p-md-5">
          <div className="mb-4">
            <Brand size="lg" />
          </div>
          <h1 className="h3 fw-semibold mb-3">Penstock project viewer</h1>
          <p className="text-secondary mb-4">
            Choose a project, browse its folders and files, and open the 3D models, 2D views and PDF drawings
            of your water and process plant in one place.
          </p>
          {error && (
            <Alert variant="danger" dismissible onClose={() => setError(null)}>
              {error}
            </Alert>
          )}
          <div className="d-flex flex-wrap align-items-center gap-3">
            <Button variant="primary" size="lg" onClick={() => void signIn()} disabled={pending}>
              {pending ? (
                <Spinner as="span" animation="border" size="sm" className="me-2" aria-hidden="true" />
              ) : (
                <FaRightToBracket className="me-2" aria-hidden="true" />
              )}
              Sign in
            </Button>
            <a href={READ_MORE_URL} target="_blank" rel="noopener noreferrer" className="link-primary">
              <FaFilePdf className="me-1" aria-hidden="true" />
              Read more
            </a>
          </div>
          {sso?.singleSignOn && (
            <p className="small text-secondary mt-3 mb-0">
              You sign in with {sso.singleSignOn.name}.
              {sso.passwordSignIn && (
                <>
                  {' '}
                  <a href={passwordSignInUrl(returnTo)} className="link-primary">
                    Sign in with a Penstock password instead
                  </a>
                </>
              )}
            </p>
          )}
          {pending && (
            <p role="status" className="small text-secondary mt-3 mb-0">
              Taking you to the sign-in page...
            </p>
          )}
          {user.isSuccess && (
            <p className="mt-4 mb-0 small">
              Signed in as {user.data.name}.{' '}
              <Link to={returnTo}>
                Continue to projects <FaArrowRight aria-hidden="true" />
              </Link>
            </p>
          )}
        </Card.Body>
      </Card>
    </main>
  );
}
