import type { ShellRoute } from '@penstock/shared';

export interface PlannedPage {
  title: string;
  /** one honest line on what the page will hold */
  summary: string;
}

/** Shell pages whose features arrive in later releases. */
export const PLANNED_PAGES: Partial<Record<ShellRoute, PlannedPage>> = {
  '/supplier': {
    title: 'NEW Design Competency Apps',
    summary:
      'The design competency form and register, with procedures, guidance documents and training videos for suppliers, will be here.',
  },
  '/feedback': {
    title: 'Feedback',
    summary:
      'A form to send feedback on the tools, with answers to frequently asked questions, will be here.',
  },
  '/training': {
    title: 'Training',
    summary: 'Your mandatory, recommended and available training courses, with your progress, will be here.',
  },
  '/SketchUp': {
    title: 'Sketch editor',
    summary: 'A canvas for sketching P&IDs from drag-and-drop symbols will be here.',
  },
};
