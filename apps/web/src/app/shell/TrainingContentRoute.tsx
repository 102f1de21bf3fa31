import { Navigate } from 'react-router';
import { matchRoute } from '@penstock/shared';
import { ApiError } from '../../base/api.ts';
import { FullPageMessage, WAITING_FOR_USER } from './FullPageMessage.tsx';
import { SignedInFrame } from './SignedInFrame.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCurrentUser } from '../../features/auth/hooks/useCurrentUser.ts';
import { useSignOut } from '../../features/auth/hooks/useSignOut.ts';
import { useTrainingContent } from '../../features/training/hooks/useTraining.ts';
import { TrainingContentPage } from '../../features/training/components/TrainingContentPage.tsx';
import '../../features/training/training.css';

/**
 * /training/{tag} (spec §2 route table): one route per item of the training content list, so the list is
 * read first; a tag that is not in it, or a visitor who is not signed in (the list is for signed-in
 * users), goes to / like any other unknown path. The course is drawn in the app's shell.
 */
export function TrainingContentRoute({ pathname }: { pathname: string }) {
  const signOut = useSignOut();
  const user = useCurrentUser({ enabled: !signOut.signedOut });
  const content = useTrainingContent({ enabled: !!user.data && !signOut.signedOut });

  if (signOut.signedOut) return <FullPageMessage text="Signing out..." />;
  if (user.isError) return <Navigate to="/" replace />;
  if (user.isPending) return <FullPageMessage text={WAITING_FOR_USER} />;
  if (content.isError && content.error instanceof ApiError && content.error.status === 401)
    return <Navigate to="/" replace />;
  if (content.isPending) return <FullPageMessage text="Loading the course..." />;

  let body;
  if (content.isError)
    body = <ErrorAlert title="The training courses could not be loaded." error={content.error} />;
  else {
    const items = content.data.trainingContent;
    const match = matchRoute(
      pathname,
      items.map((item) => item.trainingData.tag),
    );
    const item =
      match.kind === 'training-item' ? items.find((i) => i.trainingData.tag === match.tag) : undefined;
    if (!item) return <Navigate to="/" replace />;
    body = <TrainingContentPage item={item} />;
  }

  return (
    <SignedInFrame user={user.data} signOut={signOut}>
      {body}
    </SignedInFrame>
  );
}
