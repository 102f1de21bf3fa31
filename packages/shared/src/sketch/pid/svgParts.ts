// The P&ID parts of the sketch's vector SVG (issue 37): pipelines with their companion lines, marks and
// flow arrows, signal lines, and tag labels, drawn as the editor draws them. Free line ends are marked only
// in the editor, not in a drawing that leaves it.
import type { PipelineElement, SignalLineElement } from '../pidSchema.ts';
import type { SymbolImage } from '../schema.ts';
import { escapeSvgText } from '../svgSanitize.ts';
import { TAG_LABEL, tagLabelCentre } from './labels.ts';
import {
  companionLines,
  flowArrows,
  lineMarks,
  offsetPolyline,
  pipelineStyle,
  signalStyle,
  type LineStyle,
} from './styles.ts';

function num(value: number): string {
  const rounded = Math.round(value * 1000) / 1000;
  return Object.is(rounded, -0) ? '0' : String(rounded);
}

function pathOf(flat: readonly number[], closed = false): string {
  const parts: string[] = [];
  for (let i = 0; i + 1 < flat.length; i += 2)
    parts.push(`${i === 0 ? 'M' : 'L'}${num(flat[i]!)} ${num(flat[i + 1]!)}`);
  return parts.join('') + (closed ? 'Z' : '');
}

const dashOf = (dash: readonly number[] | undefined) =>
  dash && dash.length > 0 ? ` stroke-dasharray="${dash.map(num).join(' ')}"` : '';

function strokes(flat: readonly number[], style: LineStyle, colour: string): string[] {
  const parts: string[] = [];
  const d = pathOf(flat);
  if (style.double) {
    const gap = style.width + 1.5;
    for (const offset of [gap, -gap])
      parts.push(
        `<path d="${pathOf(offsetPolyline(flat, offset))}" fill="none" stroke="${colour}" stroke-width="${num(style.width / 2)}"${dashOf(style.dash)}/>`,
      );
  }
  parts.push(
    `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${num(style.width)}" stroke-linejoin="miter"${dashOf(style.dash)}/>`,
  );
  for (const mark of lineMarks(flat, style))
    parts.push(
      `<path d="${pathOf(mark.points, mark.closed)}" fill="${mark.fill ? colour : 'none'}" stroke="${colour}" stroke-width="1.2"/>`,
    );
  return parts;
}

export function pipelineSvg(line: PipelineElement): string {
  const style = pipelineStyle(line.lineType);
  const colour = escapeSvgText(style.colour ?? line.colour);
  const parts = [
    ...companionLines(line.points, line.line, line.lineType, style.width).map(
      (companion) =>
        `<path d="${pathOf(companion.points)}" fill="none" stroke="${colour}" stroke-width="1"${dashOf(companion.dash)}/>`,
    ),
    ...strokes(line.points, style, colour),
    ...flowArrows(line.points, line.line.flow).map(
      (head) => `<path d="${pathOf(head, true)}" fill="${colour}" stroke="none"/>`,
    ),
  ];
  return `<g class="pipeline">${parts.join('')}</g>`;
}

export function signalLineSvg(line: SignalLineElement): string {
  const style = signalStyle(line.signalType);
  return `<g class="signal">${strokes(line.points, style, escapeSvgText(line.colour)).join('')}</g>`;
}

/** A symbol's tag as a centred label, or '' when untagged. */
export function tagLabelSvg(image: SymbolImage): string {
  const tag = image.tag?.trim();
  if (!tag) return '';
  const centre = tagLabelCentre(image);
  // the baseline a little under the middle: Arial's cap height is about 0.72 em
  const baseline = centre.y + TAG_LABEL.fontSize * 0.36;
  return `<text x="${num(centre.x)}" y="${num(baseline)}" text-anchor="middle" font-family="${TAG_LABEL.fontFamily}" font-size="${TAG_LABEL.fontSize}" fill="black" xml:space="preserve">${escapeSvgText(tag)}</text>`;
}
