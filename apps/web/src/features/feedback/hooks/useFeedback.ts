import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedbackReviewRow, FeedbackSubmission } from '@penstock/shared';
import { feedbackKey, fetchFeedback, saveReview, submitFeedback } from '../api.ts';

/** The feedback list (the FAQ, or everything for a reviewer), loaded once someone is signed in. */
export const useFeedbackList = (enabled: boolean) =>
  useQuery({ queryKey: feedbackKey, queryFn: fetchFeedback, enabled, staleTime: 0 });

export function useSubmitFeedback() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (submission: FeedbackSubmission) => submitFeedback(submission),
    onSuccess: () => client.invalidateQueries({ queryKey: feedbackKey }),
  });
}

export function useSaveReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ rows, deleted }: { rows: FeedbackReviewRow[]; deleted: string[] }) =>
      saveReview(rows, deleted),
    // after a refusal too: the reviewer sees what is stored now
    onSettled: () => client.invalidateQueries({ queryKey: feedbackKey }),
  });
}
