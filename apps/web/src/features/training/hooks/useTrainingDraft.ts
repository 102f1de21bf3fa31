import { useRef, useState } from 'react';
import {
  TRAINING_MESSAGES,
  changeTrainingRole,
  newTrainingRecord,
  setExtraCourse,
  setTrainingCompleted,
  type CurrentUser,
  type TrainingContent,
  type TrainingRecordAnswer,
  type TrainingUserRecord,
} from '@penstock/shared';
import { errorMessage } from '../../../base/api.ts';
import { useSaveTrainingRecord } from './useTraining.ts';

export interface TrainingNotice {
  variant: 'success' | 'danger';
  text: string;
}

/** The stored record as the page works with it; null before a role has been chosen. */
export function recordOfAnswer(answer: TrainingRecordAnswer | undefined): TrainingUserRecord | null {
  if (!answer?.role || !answer.trainingRecord) return null;
  return {
    userId: answer.userId,
    userName: answer.userName,
    role: answer.role,
    trainingRecord: answer.trainingRecord,
  };
}

/**
 * The page's working copy of the user's record (spec §4 'Training'): choosing a role and ticking Completed
 * save at once; extra courses change the copy until Save. Saves run one after another, so a quick second
 * tick never lands before the first.
 */
export function useTrainingDraft(
  user: Pick<CurrentUser, 'id' | 'name'>,
  content: TrainingContent | undefined,
  answer: TrainingRecordAnswer | undefined,
) {
  const save = useSaveTrainingRecord();
  const [draft, setDraft] = useState<TrainingUserRecord | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const [notice, setNotice] = useState<TrainingNotice | null>(null);
  const version = useRef(0);
  const queue = useRef<{ running: boolean; next: { record: TrainingUserRecord; version: number } | null }>({
    running: false,
    next: null,
  });
  const record = draft ?? recordOfAnswer(answer);

  const drain = async () => {
    queue.current.running = true;
    setSaving(true);
    while (queue.current.next) {
      const job = queue.current.next;
      queue.current.next = null;
      try {
        await save.mutateAsync(job.record);
        if (version.current === job.version) setDirty(false);
        setNotice({ variant: 'success', text: TRAINING_MESSAGES.saved });
      } catch (failure) {
        console.error('The training record was not saved', failure);
        setNotice({ variant: 'danger', text: `The training record was not saved: ${errorMessage(failure)}` });
      }
    }
    queue.current.running = false;
    setSaving(false);
  };

  const persist = (next: TrainingUserRecord) => {
    queue.current.next = { record: next, version: version.current };
    if (!queue.current.running) void drain();
  };

  const change = (next: TrainingUserRecord, saveNow: boolean) => {
    version.current += 1;
    setDraft(next);
    setDirty(true);
    setNotice(null);
    if (saveNow) persist(next);
  };

  return {
    record,
    dirty,
    saving,
    notice,
    clearNotice: () => setNotice(null),
    /** Choosing a role starts the record or re-splits it (completions kept), and saves. */
    chooseRole(role: string) {
      if (!content || !role) return;
      change(
        record ? changeTrainingRole(record, role) : newTrainingRecord(user, content.trainingContent, role),
        true,
      );
    },
    /** Ticking Completed sets 'true' (or 'false') and saves at once. */
    setCompleted(id: string, completed: boolean) {
      if (!record) return;
      change({ ...record, trainingRecord: setTrainingCompleted(record.trainingRecord, id, completed) }, true);
    },
    /** An extra course ticked or unticked in 'Additional Courses' (saved with Save). */
    setExtra(id: string, ticked: boolean) {
      if (!record || !content) return;
      change(setExtraCourse(record, content.trainingContent, id, ticked), false);
    },
    save() {
      if (record) persist(record);
    },
  };
}
