import { describe, expect, it } from 'vitest';
import {
  changeTrainingRole,
  extraCourseChoices,
  matchesTrainingSearch,
  mergeTraining,
  newTrainingRecord,
  progressOfRecord,
  recordFromProgress,
  setExtraCourse,
  setTrainingCompleted,
  splitTraining,
  trainingCodeFor,
  withExtraCourseAdded,
} from './rules.ts';
import {
  TrainingCourseInputSchema,
  TrainingUserRecordSchema,
  type TrainingItem,
  type TrainingLists,
} from './schema.ts';

const course = (
  id: string,
  title: string,
  roleData: TrainingItem['roleData'],
  format = 'PDF',
): TrainingItem => ({
  id,
  trainingTitle: title,
  roleData,
  trainingData: {
    format: format as TrainingItem['trainingData']['format'],
    time: '30 mins',
    tag: id,
    url: `/api/training/material/${id}`,
    completed: 'false',
    added: 'false',
  },
});

// engineer: M, R, A, X; manager: X, M, X, A
const content: TrainingItem[] = [
  course('safety', 'Site Safety Induction', { engineer: 'M', manager: 'X' }),
  course('viewer', 'Project Viewer Basics', { engineer: 'R', manager: 'M' }, 'Video'),
  course('bim', 'BIM Coordination', { engineer: 'A', manager: 'X' }, 'PowerPoint'),
  course('dsear', 'DSEAR Awareness', { engineer: 'X', manager: 'A' }),
];
const user = { id: 'u1', name: 'Ada Lovelace' };
const ids = (lists: TrainingLists) => ({
  M: lists.mandatoryTraining.map((item) => item.id),
  R: lists.recomendedTraining.map((item) => item.id),
  A: lists.availableTraining.map((item) => item.id),
  X: lists.notRequiredTraining.map((item) => item.id),
});

describe('the M/R/A/X split', () => {
  it('puts every course in the list of its code for the role', () => {
    expect(ids(splitTraining(content, 'engineer'))).toEqual({
      M: ['safety'],
      R: ['viewer'],
      A: ['bim'],
      X: ['dsear'],
    });
    expect(ids(splitTraining(content, 'manager'))).toEqual({
      M: ['viewer'],
      R: [],
      A: ['dsear'],
      X: ['bim', 'safety'],
    });
  });

  it('treats a role a course does not name as not required', () => {
    expect(trainingCodeFor(content[0]!, 'supplier')).toBe('X');
    expect(trainingCodeFor(content[0]!, 'constructor')).toBe('X');
    expect(ids(splitTraining(content, 'supplier')).X).toHaveLength(4);
  });

  it('lists each table by title', () => {
    const lists = splitTraining(
      [course('b', 'beta', { r: 'M' }), course('a', 'Alpha', { r: 'M' }), course('c', 'Gamma', { r: 'M' })],
      'r',
    );
    expect(lists.mandatoryTraining.map((item) => item.trainingTitle)).toEqual(['Alpha', 'beta', 'Gamma']);
  });

  it('starts a record with nothing completed or added', () => {
    const done = {
      ...content[0]!,
      trainingData: { ...content[0]!.trainingData, completed: 'true' as const },
    };
    const record = newTrainingRecord(user, [done, ...content.slice(1)], 'engineer');
    expect(record).toMatchObject({ userId: 'u1', userName: 'Ada Lovelace', role: 'engineer' });
    expect(record.trainingRecord.mandatoryTraining[0]!.trainingData.completed).toBe('false');
    expect(TrainingUserRecordSchema.parse(record)).toEqual(record);
  });
});

describe('changing role', () => {
  it('re-splits the merged list and keeps what was completed', () => {
    const record = newTrainingRecord(user, content, 'engineer');
    record.trainingRecord = setTrainingCompleted(record.trainingRecord, 'safety', true);
    record.trainingRecord = setTrainingCompleted(record.trainingRecord, 'viewer', true);
    const changed = changeTrainingRole(record, 'manager');
    expect(changed.role).toBe('manager');
    expect(ids(changed.trainingRecord)).toEqual({ M: ['viewer'], R: [], A: ['dsear'], X: ['bim', 'safety'] });
    const completed = mergeTraining(changed.trainingRecord)
      .filter((item) => item.trainingData.completed === 'true')
      .map((item) => item.id);
    expect(completed).toEqual(['viewer', 'safety']);
    // and back again: nothing lost
    expect(ids(changeTrainingRole(changed, 'engineer').trainingRecord)).toEqual(ids(record.trainingRecord));
  });

  it('keeps an added extra course available in the new role', () => {
    const record = setExtraCourse(newTrainingRecord(user, content, 'engineer'), content, 'dsear', true);
    // safety is X for managers and was never added: not required; dsear was added: available
    expect(ids(changeTrainingRole(record, 'manager').trainingRecord).A).toEqual(['dsear']);
    const bimAdded = setExtraCourse(changeTrainingRole(record, 'manager'), content, 'bim', true);
    expect(ids(changeTrainingRole(bimAdded, 'engineer').trainingRecord).A).toEqual(['bim', 'dsear']);
  });

  it('sets completed as the string true or false', () => {
    const lists = setTrainingCompleted(splitTraining(content, 'engineer'), 'bim', true);
    expect(lists.availableTraining[0]!.trainingData.completed).toBe('true');
    expect(setTrainingCompleted(lists, 'bim', false).availableTraining[0]!.trainingData.completed).toBe(
      'false',
    );
  });
});

describe('the X-to-A rule of extra courses', () => {
  it('turns every X of an added course into A, for all roles, and leaves M and R alone', () => {
    const added = withExtraCourseAdded(
      course('x', 'Extra', { engineer: 'X', manager: 'X', lead: 'M', cad: 'R' }),
    );
    expect(added.roleData).toEqual({ engineer: 'A', manager: 'A', lead: 'M', cad: 'R' });
    expect(added.trainingData.added).toBe('true');
  });

  it('offers the courses not required for the role in the modal', () => {
    expect(extraCourseChoices(content, 'engineer').map((item) => item.id)).toEqual(['dsear']);
    expect(extraCourseChoices(content, 'manager').map((item) => item.id)).toEqual(['bim', 'safety']);
  });

  it('ticking adds the course to Available; unticking removes it and restores its codes', () => {
    const record = newTrainingRecord(user, content, 'manager');
    const ticked = setExtraCourse(record, content, 'safety', true);
    expect(ids(ticked.trainingRecord)).toEqual({ M: ['viewer'], R: [], A: ['dsear', 'safety'], X: ['bim'] });
    const safety = ticked.trainingRecord.availableTraining.find((item) => item.id === 'safety')!;
    expect(safety.roleData).toEqual({ engineer: 'M', manager: 'A' });
    expect(safety.trainingData.added).toBe('true');

    const unticked = setExtraCourse(ticked, content, 'safety', false);
    expect(ids(unticked.trainingRecord)).toEqual(ids(record.trainingRecord));
    const back = unticked.trainingRecord.notRequiredTraining.find((item) => item.id === 'safety')!;
    expect(back.roleData).toEqual({ engineer: 'M', manager: 'X' });
    expect(back.trainingData.added).toBe('false');
  });

  it('keeps completed when an extra course is unticked', () => {
    let record = setExtraCourse(newTrainingRecord(user, content, 'engineer'), content, 'dsear', true);
    record = { ...record, trainingRecord: setTrainingCompleted(record.trainingRecord, 'dsear', true) };
    const unticked = setExtraCourse(record, content, 'dsear', false);
    expect(unticked.trainingRecord.notRequiredTraining[0]!.trainingData.completed).toBe('true');
  });

  it('searches titles and formats, ignoring case', () => {
    expect(matchesTrainingSearch(content[1]!, 'viewer')).toBe(true);
    expect(matchesTrainingSearch(content[1]!, 'VIDEO')).toBe(true);
    expect(matchesTrainingSearch(content[1]!, 'safety')).toBe(false);
    expect(matchesTrainingSearch(content[1]!, '  ')).toBe(true);
  });
});

describe('records rebuilt from progress', () => {
  it('takes titles and codes from the course list and completed and added from the user', () => {
    let record = setExtraCourse(newTrainingRecord(user, content, 'engineer'), content, 'dsear', true);
    record = { ...record, trainingRecord: setTrainingCompleted(record.trainingRecord, 'safety', true) };
    const progress = progressOfRecord(record.trainingRecord);
    expect(progress.get('safety')).toEqual({ completed: true, added: false });
    expect(progress.get('dsear')).toEqual({ completed: false, added: true });

    // an administrator renames a course and makes it mandatory for engineers
    const renamed = content.map((item) =>
      item.id === 'bim'
        ? { ...item, trainingTitle: 'BIM Coordination 2', roleData: { engineer: 'M' as const } }
        : item,
    );
    const rebuilt = recordFromProgress(renamed, progress, 'engineer');
    expect(ids(rebuilt)).toEqual({ M: ['bim', 'safety'], R: ['viewer'], A: ['dsear'], X: [] });
    expect(rebuilt.mandatoryTraining[0]!.trainingTitle).toBe('BIM Coordination 2');
    expect(rebuilt.mandatoryTraining[1]!.trainingData.completed).toBe('true');
    expect(rebuilt.availableTraining[0]!.roleData).toEqual({ engineer: 'A', manager: 'A' });
  });
});

describe('course input', () => {
  it('needs an address for format Other and a safe tag', () => {
    const base = {
      trainingTitle: 'Docs',
      format: 'Other',
      time: '5 mins',
      tag: 'docs',
      roleData: { engineer: 'A' },
    };
    expect(TrainingCourseInputSchema.safeParse(base).success).toBe(false);
    expect(TrainingCourseInputSchema.safeParse({ ...base, url: 'https://docs.example.com/a' }).success).toBe(
      true,
    );
    expect(TrainingCourseInputSchema.safeParse({ ...base, url: 'javascript:alert(1)' }).success).toBe(false);
    expect(TrainingCourseInputSchema.safeParse({ ...base, format: 'PDF', tag: '../etc' }).success).toBe(
      false,
    );
    expect(
      TrainingCourseInputSchema.safeParse({ ...base, format: 'PDF', roleData: { engineer: 'Q' } }).success,
    ).toBe(false);
  });
});
