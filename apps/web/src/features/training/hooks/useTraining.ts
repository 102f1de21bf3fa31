import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CurrentUser, TrainingUserRecord } from '@penstock/shared';
import {
  fetchTrainingContent,
  fetchTrainingRecord,
  saveTrainingRecord,
  trainingContentKey,
  trainingRecordKey,
} from '../api.ts';

/** The roles and the course list; also what the /training/{tag} routes are made from. */
export function useTrainingContent({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ queryKey: trainingContentKey, queryFn: fetchTrainingContent, enabled, retry: false });
}

/** The signed-in user's record (role and trainingRecord null before a role is chosen). */
export function useTrainingRecord(user: Pick<CurrentUser, 'id' | 'name'> | undefined) {
  return useQuery({
    queryKey: trainingRecordKey(user?.id ?? ''),
    queryFn: () => fetchTrainingRecord(user!),
    enabled: !!user,
    // the page keeps its own working copy; a refetch on focus must not look like a change
    refetchOnWindowFocus: false,
  });
}

/** saveuserrecord; the answer (the record as stored) becomes the cached record. */
export function useSaveTrainingRecord() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (record: TrainingUserRecord) => saveTrainingRecord(record),
    onSuccess: (answer) => client.setQueryData(trainingRecordKey(answer.userId), answer),
  });
}
