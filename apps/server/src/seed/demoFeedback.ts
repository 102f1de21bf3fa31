import type { CurrentUser, GlobalRole } from '@penstock/shared';
import type { DemoServices } from './demoServices.ts';
import { FeedbackRepo, FeedbackService } from '../modules/feedback/index.ts';

const DEMO_FEEDBACK = [
  {
    from: 'engineer@penstock.demo',
    Feature: 'Project Viewer',
    Feedback: 'How do I see only one storey of the treatment works model?',
    answer:
      'Open the model tree, choose the storey view and use the eye next to the storeys you do not need. The Views panel also has a plan view per storey.',
  },
  {
    from: 'supplier@penstock.demo',
    Feature: 'Penstock Docs',
    Feedback:
      'Uploading a 200 MB model stops at 100%; it would help to see that the conversion is still running.',
    critical: true,
  },
  {
    from: 'sdm@penstock.demo',
    Feature: 'Standard Designs',
    Feedback: 'Could the standard kiosk layouts be added as symbols in the Sketchup tool?',
  },
] as const;

/** A few pieces of feedback for the demo: one answered and shown in the FAQ, one flagged critical. */
export async function seedDemoFeedback(penstock: DemoServices): Promise<void> {
  const service = new FeedbackService(new FeedbackRepo(penstock.database.db), penstock.access);
  const asUser = async (email: string): Promise<CurrentUser> => {
    const user = await penstock.users.findByEmail(email);
    if (!user) throw new Error(`demo user ${email} is missing`);
    return {
      id: user.id,
      name: user.name,
      email: user.email,
      picture: null,
      roles: user.roles as GlobalRole[],
    };
  };
  // the review is done by whoever holds the role (admin@penstock.demo in the README's table)
  const [reviewerRow] = await penstock.users.listByRole('feedback_reviewer');
  const reviewer = reviewerRow ? await asUser(reviewerRow.email) : undefined;
  for (const item of DEMO_FEEDBACK) {
    const from = await asUser(item.from);
    const saved = await service.submit(from, {
      Feature: item.Feature,
      User: from.name,
      Feedback: item.Feedback,
    });
    const answer = 'answer' in item ? item.answer : undefined;
    const critical = 'critical' in item && item.critical;
    if (reviewer && (answer || critical))
      await service.review(
        reviewer,
        [
          {
            Id: saved.Id,
            Comment: answer ?? '',
            IsFaq: !!answer,
            IsCritical: critical,
            Version: saved.Version,
          },
        ],
        [],
      );
  }
}
