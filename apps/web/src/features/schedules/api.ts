import type { ScheduleType } from '@penstock/shared';
import { apiSend } from '../../base/api.ts';

export interface SubmittedSchedule {
  /** the workbook's name in the project's Published/Schedules folder */
  fileName: string;
  itemId: string | null;
  versionId: string | null;
  workbook: Blob;
}

/** The folder submitted schedules are stored in (the server creates it when missing). */
export const SCHEDULES_FOLDER = 'Published/Schedules';

/** The file name of a Content-Disposition header (RFC 6266: filename* first). */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (star?.[1]) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/**
 * POST /api/getreport (or /api/getsapreport for 'sap'): multipart ProjectName, ScheduleType,
 * ScheduleCategories and FileName (forms spec §7). The server builds the workbook from the stored values,
 * stores it as a new version in the project's schedules folder and answers it.
 */
export async function submitSchedule(input: {
  projectName: string;
  type: ScheduleType;
  categories: unknown;
  fileName: string;
}): Promise<SubmittedSchedule> {
  const body = new FormData();
  body.append('ProjectName', input.projectName);
  body.append('ScheduleType', input.type);
  body.append('ScheduleCategories', JSON.stringify(input.categories));
  body.append('FileName', input.fileName);
  const url = input.type === 'sap' ? '/api/getsapreport' : '/api/getreport';
  const response = await apiSend(url, { method: 'POST', form: body, headers: { Accept: '*/*' } });
  return {
    fileName: fileNameOf(response.headers.get('Content-Disposition'), 'schedule.xlsx'),
    itemId: response.headers.get('X-Penstock-Item-Id'),
    versionId: response.headers.get('X-Penstock-Version-Id'),
    workbook: await response.blob(),
  };
}

/** 'Schedule saved to BIM 360', worded for Penstock's document store. */
export const scheduleSavedMessage = (fileName: string): string =>
  `Schedule saved to Penstock: ${SCHEDULES_FOLDER}/${fileName}`;
