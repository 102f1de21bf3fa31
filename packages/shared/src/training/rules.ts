/**
 * The training tracker's rules (engineering spec §4 'Training'): an item sits in mandatory (M), recommended
 * (R), available (A) or not required (X) for the chosen role; an extra course ticked in 'Additional Courses'
 * is added and its X entries turn into A for every role; changing role re-splits the merged list, keeping
 * what was completed. Pure functions: the page and the server apply the same rules.
 */
import type {
  TrainingCode,
  TrainingContent,
  TrainingItem,
  TrainingListKey,
  TrainingLists,
  TrainingUserRecord,
} from './schema.ts';
import { TRAINING_LIST_KEYS } from './schema.ts';

export const TRAINING_MESSAGES = {
  signedOut: 'Please login HERE to access the training page.',
  selectRole: 'Please select your role',
  saved: 'Data saved successfully',
  leavePage:
    'You are about to navigate away from this page, please make sure you have saved before proceeding.',
  searchAdditional: 'Search Additional Courses',
  additionalCourses: 'Additional Courses',
  myCourses: 'My Courses',
} as const;

/** The table of each list, in the page's order. */
export const TRAINING_TABLES: ReadonlyArray<{ key: TrainingListKey; code: TrainingCode; title: string }> = [
  { key: 'mandatoryTraining', code: 'M', title: 'Mandatory' },
  { key: 'recomendedTraining', code: 'R', title: 'Recommended' },
  { key: 'availableTraining', code: 'A', title: 'Available' },
  { key: 'notRequiredTraining', code: 'X', title: 'Not required' },
];

const LIST_OF_CODE: Record<TrainingCode, TrainingListKey> = {
  M: 'mandatoryTraining',
  R: 'recomendedTraining',
  A: 'availableTraining',
  X: 'notRequiredTraining',
};

export const isTrue = (value: string | undefined): boolean => value === 'true';
const trueFalse = (value: boolean) => (value ? 'true' : 'false');

/** An item's code for a role; a role the course does not name (a role added later) is not required. */
export function trainingCodeFor(item: Pick<TrainingItem, 'roleData'>, role: string): TrainingCode {
  return Object.prototype.hasOwnProperty.call(item.roleData, role) ? (item.roleData[role] ?? 'X') : 'X';
}

/** The order courses are listed in everywhere: by title, then id (so a re-split never shuffles a table). */
export function compareTrainingItems(a: TrainingItem, b: TrainingItem): number {
  const byTitle = a.trainingTitle.localeCompare(b.trainingTitle, 'en', { sensitivity: 'base' });
  if (byTitle !== 0) return byTitle;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export const emptyTrainingLists = (): TrainingLists => ({
  mandatoryTraining: [],
  recomendedTraining: [],
  availableTraining: [],
  notRequiredTraining: [],
});

/** Split items into the four lists by their code for the role (the M/R/A/X split). */
export function splitTraining(items: readonly TrainingItem[], role: string): TrainingLists {
  const lists = emptyTrainingLists();
  for (const item of [...items].sort(compareTrainingItems))
    lists[LIST_OF_CODE[trainingCodeFor(item, role)]].push(item);
  return lists;
}

/** The four lists as one list (the merged list), each course once, in the listing order. */
export function mergeTraining(lists: TrainingLists): TrainingItem[] {
  const seen = new Set<string>();
  const merged: TrainingItem[] = [];
  for (const key of TRAINING_LIST_KEYS)
    for (const item of lists[key])
      if (!seen.has(item.id)) {
        seen.add(item.id);
        merged.push(item);
      }
  return merged.sort(compareTrainingItems);
}

/** Changing role re-splits the merged list; completed (and added) travel with each item. */
export function changeTrainingRole(record: TrainingUserRecord, role: string): TrainingUserRecord {
  return { ...record, role, trainingRecord: splitTraining(mergeTraining(record.trainingRecord), role) };
}

/** A first record for a role: the content list split, nothing completed or added. */
export function newTrainingRecord(
  user: { id: string; name: string },
  content: readonly TrainingItem[],
  role: string,
): TrainingUserRecord {
  const items = content.map((item) => ({
    ...item,
    trainingData: { ...item.trainingData, completed: 'false' as const, added: 'false' as const },
  }));
  return { userId: user.id, userName: user.name, role, trainingRecord: splitTraining(items, role) };
}

/** Tick or untick Completed of one course: completed becomes the string 'true' or 'false'. */
export function setTrainingCompleted(lists: TrainingLists, id: string, completed: boolean): TrainingLists {
  const next = emptyTrainingLists();
  for (const key of TRAINING_LIST_KEYS)
    next[key] = lists[key].map((item) =>
      item.id === id
        ? { ...item, trainingData: { ...item.trainingData, completed: trueFalse(completed) } }
        : item,
    );
  return next;
}

/** The X-to-A rule: an added course's X entries become A for every role. */
export function withExtraCourseAdded(item: TrainingItem): TrainingItem {
  const roleData: Record<string, TrainingCode> = {};
  for (const [role, code] of Object.entries(item.roleData)) roleData[role] = code === 'X' ? 'A' : code;
  return { ...item, roleData, trainingData: { ...item.trainingData, added: 'true' } };
}

/**
 * The courses the 'Additional Courses' modal offers for a role: those the course list marks not required
 * (X) for it. Ticked when the user has added them.
 */
export function extraCourseChoices(content: readonly TrainingItem[], role: string): TrainingItem[] {
  return content.filter((item) => trainingCodeFor(item, role) === 'X').sort(compareTrainingItems);
}

/**
 * Tick or untick an extra course in the modal and re-split for the role. Ticking sets added 'true' and turns
 * its X entries into A (so it joins Available); unticking sets added 'false' and gives the course back its
 * codes from the course list (so it leaves Available). Completed is kept either way.
 */
export function setExtraCourse(
  record: TrainingUserRecord,
  content: readonly TrainingItem[],
  id: string,
  ticked: boolean,
): TrainingUserRecord {
  const original = content.find((item) => item.id === id);
  const merged = mergeTraining(record.trainingRecord);
  const known = merged.some((item) => item.id === id);
  const items = (known || !original ? merged : [...merged, original]).map((item) => {
    if (item.id !== id) return item;
    if (ticked) return withExtraCourseAdded(item);
    return {
      ...item,
      roleData: original ? { ...original.roleData } : item.roleData,
      trainingData: { ...item.trainingData, added: 'false' as const },
    };
  });
  return { ...record, trainingRecord: splitTraining(items, record.role) };
}

/** Filter for the modal's search box: the title or the format contains the text, ignoring case. */
export function matchesTrainingSearch(item: TrainingItem, text: string): boolean {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return true;
  return (
    item.trainingTitle.toLowerCase().includes(wanted) ||
    item.trainingData.format.toLowerCase().includes(wanted)
  );
}

/** What a user has done with one course: the only part of a record that is theirs to write. */
export interface TrainingProgress {
  completed: boolean;
  added: boolean;
}

/** completed and added of every course in a record. */
export function progressOfRecord(lists: TrainingLists): Map<string, TrainingProgress> {
  const progress = new Map<string, TrainingProgress>();
  for (const item of mergeTraining(lists))
    progress.set(item.id, {
      completed: isTrue(item.trainingData.completed),
      added: isTrue(item.trainingData.added),
    });
  return progress;
}

/**
 * A user's record rebuilt from the current course list and their progress: titles, formats, addresses and
 * codes come from the course list (so an administrator's changes reach every record), completed and added
 * from the user, with the X-to-A rule applied to added courses; then the split for the role.
 */
export function recordFromProgress(
  content: TrainingContent['trainingContent'],
  progress: ReadonlyMap<string, TrainingProgress>,
  role: string,
): TrainingLists {
  const items = content.map((item) => {
    const mine = progress.get(item.id);
    const withProgress: TrainingItem = {
      ...item,
      trainingData: {
        ...item.trainingData,
        completed: trueFalse(!!mine?.completed),
        added: trueFalse(!!mine?.added),
      },
    };
    return mine?.added ? withExtraCourseAdded(withProgress) : withProgress;
  });
  return splitTraining(items, role);
}

/** The address of a course inside the app. */
export const trainingRoute = (tag: string): string => `/training/${encodeURIComponent(tag)}`;

/** The address of a course's stored material (training material folder). */
export const trainingMaterialUrl = (tag: string): string =>
  `/api/training/material/${encodeURIComponent(tag)}`;

/** How many courses of a list are completed. */
export const completedCount = (items: readonly TrainingItem[]): number =>
  items.filter((item) => isTrue(item.trainingData.completed)).length;
